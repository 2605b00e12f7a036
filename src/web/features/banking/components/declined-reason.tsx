import { useTranslation } from '../../../lib/use-translation';
import { declineReasonWords } from '../../../../shared/decline-reason-words';
import type { DeclineReason } from '../../../../shared/schemas/decline';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/** The decline fields every request answer may carry (shared/schemas/decline.ts). */
export type DeclinedFields = { declinedReason?: DeclineReason | undefined; declinedNote?: string | undefined; declinedAt?: string | undefined };

/**
 * Why staff declined a request, in the reader's language, with the staff's note as written and
 * the reminder that the customer may ask again: a declined request is shown, never just gone.
 */
export function DeclinedReason({ request }: { request: DeclinedFields }) {
  const { t } = useTranslation();
  if (!request.declinedReason) return null;
  return (
    <div className="flex flex-col gap-0.5 text-sm" data-testid="declined-reason">
      <p className="font-medium">{t('declinedRequest.why', { reason: declineReasonWords[currentLanguage()][request.declinedReason] })}</p>
      {request.declinedNote ? <p className="whitespace-pre-wrap wrap-anywhere">{t('declinedRequest.note', { note: request.declinedNote })}</p> : null}
      <p className="text-base-content/80">
        {request.declinedAt ? `${t('declinedRequest.on', { date: formatDate(request.declinedAt) })} ` : ''}
        {t('declinedRequest.again')}
      </p>
    </div>
  );
}
