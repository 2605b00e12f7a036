import { StatusBadge } from '../../../components/ui/status-badge';
import { useTranslation } from '../../../lib/use-translation';
import type { DeclineReason } from '../../../../shared/schemas/decline';

/** A request's status, and under a declined one the reason staff chose and their note. */
export function StatusWithReason({ status, request }: { status: string; request: { declinedReason?: DeclineReason | undefined; declinedNote?: string | undefined } }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-col gap-1 max-md:items-end md:items-start">
      <StatusBadge status={status} label={t(`dashboard.statuses.${status}`, { defaultValue: status })} nowrap />
      {request.declinedReason ? (
        <span className="max-w-56 text-xs text-base-content/80 wrap-anywhere" data-testid="declined-reason">
          {t(`dashboard.decline.reasons.${request.declinedReason}`)}
          {request.declinedNote ? `: ${request.declinedNote}` : ''}
        </span>
      ) : null}
    </span>
  );
}
