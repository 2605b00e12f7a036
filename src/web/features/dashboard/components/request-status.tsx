import { useTranslation } from '../../../lib/use-translation';
import type { DeclineReason } from '../../../../shared/schemas/decline';

const tones: Record<string, string> = {
  success: 'badge-success',
  active: 'badge-success',
  repaid: 'badge-info',
  pending: 'badge-warning',
  declined: 'badge-error',
  disabled: 'badge-error',
  approved: 'badge-success',
  matured: 'badge-info',
  renewed: 'badge-info',
  defaulted: 'badge-error',
};

/**
 * A decided status as plain text on a soft badge (spec section 4: the new value is not a button).
 * A finished or absent one (cancelled, deleted, closed) keeps the badge's own grey in the text
 * colour, as `StatusBadge` does: daisyUI's soft neutral is dark on dark in dark mode.
 */
export function StatusText({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`badge badge-soft whitespace-nowrap font-semibold ${tones[status] ?? ''}`}>{t(`dashboard.statuses.${status}`, { defaultValue: status })}</span>;
}

/** A request's status, and under a declined one the reason staff chose and their note. */
export function StatusWithReason({ status, request }: { status: string; request: { declinedReason?: DeclineReason | undefined; declinedNote?: string | undefined } }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-col gap-1 max-md:items-end md:items-start">
      <StatusText status={status} />
      {request.declinedReason ? (
        <span className="max-w-56 text-xs text-base-content/80 wrap-anywhere" data-testid="declined-reason">
          {t(`dashboard.decline.reasons.${request.declinedReason}`)}
          {request.declinedNote ? `: ${request.declinedNote}` : ''}
        </span>
      ) : null}
    </span>
  );
}
