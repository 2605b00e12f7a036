import { useTranslation } from '../../lib/use-translation';
import { busyLook } from './busy-look';

/** A form's one submit button: locked, with progress, from the first tap until the answer. */
export function SubmitButton({ busy, label, className = '' }: { busy: boolean; label: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className={`btn btn-primary ${busyLook.primary} ${className}`} disabled={busy} aria-busy={busy}>
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {busy ? t('operation.sending') : label}
    </button>
  );
}
