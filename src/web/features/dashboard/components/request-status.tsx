import { useTranslation } from 'react-i18next';

const tones: Record<string, string> = {
  success: 'badge-success',
  active: 'badge-success',
  repaid: 'badge-info',
  pending: 'badge-warning',
  declined: 'badge-error',
  cancelled: 'badge-neutral',
  disabled: 'badge-error',
  deleted: 'badge-neutral',
  approved: 'badge-success',
};

/** A decided status as plain text on a soft badge (spec section 4: the new value is not a button). */
export function StatusText({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`badge badge-soft whitespace-nowrap font-semibold ${tones[status] ?? 'badge-neutral'}`}>{t(`dashboard.statuses.${status}`, { defaultValue: status })}</span>;
}
