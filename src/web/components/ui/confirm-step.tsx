import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { busyLook } from './busy-look';

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
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel} disabled={busy} autoFocus>
          {t('operation.cancel')}
        </button>
        <button type="button" className={`btn btn-primary btn-sm ${busyLook.primary}`} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          {busy ? t('operation.sending') : confirmLabel}
        </button>
      </div>
    </div>
  );
}
