import type { Rail } from '../../../../shared/bank-directory';
import { paymentReasonWordsOf } from '../../../../shared/payment-rails/payment-reasons';
import type { PaymentDetailAnswer } from '../../../../shared/schemas/payment-answers';
import type { PaymentStatus } from '../../../../shared/schemas/payments';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { isFinalStatus } from '../api/payments';

/** The house's tones (`status-badge.tsx`) for the customer: on its way amber, arrived green, refused or sent back red. */
const toneOf: Record<PaymentStatus, StatusTone> = { sending: 'waiting', accepted: 'waiting', settled: 'in-force', rejected: 'refused', returned: 'refused' };

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <StatusBadge status={status} tone={toneOf[status]} label={t(`payments.status.${status}`)} />;
}

/** The steps a payment takes on its rail: BEFTN is accepted into a session before it settles; NPSB and RTGS settle at once. */
const stepsOf = (rail: Rail): PaymentStatus[] => (rail === 'BEFTN' ? ['sending', 'accepted', 'settled'] : ['sending', 'settled']);

/** A refusal's or return's reason in the reader's language, by the switch's code, from the words the notifications and e-mails use too. */
export function useReasonWords() {
  const { i18n } = useTranslation();
  return (code: string | null, words: string | null) => (code ? paymentReasonWordsOf(code, i18n.language) : words);
}

/**
 * Where the payment has been (each status with its time, and the reason when it was refused or
 * came back) and, while it is on its way, the steps still to come, greyed.
 */
export function PaymentTimeline({ payment }: { payment: PaymentDetailAnswer }) {
  const { t } = useTranslation();
  const reasonWords = useReasonWords();
  const reached = new Set(payment.history.map((event) => event.status));
  const toCome = isFinalStatus(payment.status) ? [] : stepsOf(payment.rail).filter((status) => !reached.has(status));
  const bad = (status: PaymentStatus) => status === 'rejected' || status === 'returned';
  return (
    <ol className="flex flex-col" aria-label={t('payments.timeline')} data-testid="payment-timeline">
      {payment.history.map((event, index) => (
        <li key={`${event.status}-${index}`} className="relative flex gap-3 pb-4 last:pb-0" data-status={event.status} data-state="done">
          <span aria-hidden="true" className={`mt-1 size-3 shrink-0 rounded-full ${bad(event.status) ? 'bg-error' : 'bg-success'}`} />
          <span className="flex flex-col text-sm">
            <span className="font-semibold">{t(`payments.event.${event.status}`)}</span>
            <span className="text-base-content/80">{formatDateTime(event.at)}</span>
            {event.reasonCode || event.reasonWords ? <span className="mt-1 text-error">{reasonWords(event.reasonCode, event.reasonWords)}</span> : null}
          </span>
        </li>
      ))}
      {toCome.map((status) => (
        <li key={status} className="flex gap-3 pb-4 last:pb-0" data-status={status} data-state="to-come">
          <span aria-hidden="true" className="mt-1 size-3 shrink-0 rounded-full border-2 border-base-300" />
          <span className="text-sm text-base-content/70">
            {t(`payments.status.${status}`)} <span className="sr-only">{t('payments.toCome')}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
