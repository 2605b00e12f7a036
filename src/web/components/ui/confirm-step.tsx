import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ConfirmButtons } from './confirm-buttons';

type ConfirmStepProps = {
  id: string;
  /** What will happen, in full: amount, to whom, from which account. */
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The last look before money moves. Focus starts on Cancel, so a second Enter from the form
 * cannot send; Escape cancels; the confirm button locks and shows progress from the first tap
 * until the answer.
 */
export function ConfirmStep({ id, children, confirmLabel, busy, onConfirm, onCancel }: ConfirmStepProps) {
  const { t } = useTranslation();
  useEffect(() => {
    const cancelOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onCancel();
    };
    document.addEventListener('keydown', cancelOnEscape);
    return () => document.removeEventListener('keydown', cancelOnEscape);
  }, [busy, onCancel]);

  return (
    <div role="alertdialog" aria-labelledby={`${id}-text`} className="alert alert-info alert-soft flex flex-col items-stretch gap-3 sm:flex-row sm:items-center">
      <div id={`${id}-text`} className="flex-1">
        {children}
      </div>
      <ConfirmButtons
        focusCancel
        cancelLabel={t('operation.cancel')}
        confirmLabel={confirmLabel}
        busyLabel={t('operation.sending')}
        busy={busy}
        tone="primary"
        size="sm"
        onCancel={onCancel}
        onConfirm={onConfirm}
      />
    </div>
  );
}
