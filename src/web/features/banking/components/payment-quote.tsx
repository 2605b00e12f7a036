import type { Rail } from '../../../../shared/bank-directory';
import type { PaymentQuoteAnswer, PaymentRailOptionAnswer } from '../../../../shared/schemas/payment-answers';
import { railProposalWordsIn, railRefusalWordsIn } from '../../../../shared/payment-rails/rail-rules';
import { formatBdtNumber, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

type RailOptionProps = { option: PaymentRailOptionAnswer; chosen: boolean; proposed: boolean; onChoose: (rail: Rail) => void };

/** One rail: open, with what it costs and when the money arrives; or closed, with why, in the reader's language from the shared rulebook. */
function RailOption({ option, chosen, proposed, onChoose }: RailOptionProps) {
  const { t, i18n } = useTranslation();
  const id = `payment-rail-${option.rail}`;
  return (
    <li>
      <label
        htmlFor={id}
        data-testid={id}
        className={`flex gap-3 rounded-box border p-3 ${option.open ? 'cursor-pointer' : 'cursor-not-allowed bg-base-200/60'} ${chosen ? 'border-primary bg-primary/5' : 'border-base-300'}`}
      >
        <input id={id} type="radio" name="payment-rail" className="radio mt-0.5 radio-primary" checked={chosen} disabled={!option.open} onChange={() => onChoose(option.rail)} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{t(`payments.rail.${option.rail}`)}</span>
            {proposed ? <span className="badge badge-sm badge-primary">{t('payments.proposed')}</span> : null}
          </span>
          {option.open ? (
            <>
              <span>{t(`payments.arrival.${option.arrival}`, { when: formatDateTime(option.arrivesBy) })}</span>
              <span className="text-base-content/80">{t('payments.charge', { fee: formatBdtNumber(option.fee), vat: formatBdtNumber(option.vat) })}</span>
              <strong>{t('payments.totalValue', { total: formatBdtNumber(option.total) })}</strong>
            </>
          ) : (
            <span className="text-base-content/80">{railRefusalWordsIn[i18n.language][option.refusal]}</span>
          )}
        </span>
      </label>
    </li>
  );
}

type PaymentQuoteProps = { quote: PaymentQuoteAnswer; bankName: string; rail: Rail | null; onChoose: (rail: Rail) => void };

/**
 * Who would be paid: the switch's name enquiry, masked; or, where the bank answers none, the name
 * as typed, never shown as found or checked.
 */
function QuotedReceiver({ quote, bankName }: { quote: PaymentQuoteAnswer; bankName: string }) {
  const { t } = useTranslation();
  const checked = quote.receiverNameChecked;
  return (
    <div role="status" className={`rounded-box border px-3 py-2 text-sm ${checked ? 'border-success/40 bg-success/10' : 'border-warning/50 bg-warning/10'}`}>
      <p className="text-xs text-base-content/80">{t(checked ? 'payments.receiverFound' : 'payments.receiverTyped')}</p>
      <p className="text-lg font-semibold tracking-wide break-words text-base-content" data-testid="payment-receiver-name">
        {quote.receiver.typedName ?? quote.receiver.maskedName}
      </p>
      <p className="text-base-content/80">
        {bankName} · <span className="font-mono whitespace-nowrap">{quote.receiver.account}</span>
      </p>
      <p className="mt-1 text-xs text-base-content/80">{checked ? t('transfer.payee.foundHint') : t('payments.receiverNotChecked')}</p>
    </div>
  );
}

/** Whether the receiver takes NPSB at all: what is left of its day's limit means nothing to one that does not. */
const takesNpsb = (quote: PaymentQuoteAnswer) => !quote.options.some((option) => option.rail === 'NPSB' && !option.open && option.refusal === 'receiver_not_on_rail');

/** Who would be paid, and every rail's terms with the proposed one first chosen and why. */
export function PaymentQuote({ quote, bankName, rail, onChoose }: PaymentQuoteProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-col gap-3" data-testid="payment-quote">
      <QuotedReceiver quote={quote} bankName={bankName} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('payments.chooseRail')}</legend>
        <p className="text-sm text-base-content/80" data-testid="payment-why">
          {railProposalWordsIn[i18n.language][quote.why]}
        </p>
        <ul className="flex flex-col gap-2">
          {quote.options.map((option) => (
            <RailOption key={option.rail} option={option} chosen={option.rail === rail} proposed={option.rail === quote.proposed} onChoose={onChoose} />
          ))}
        </ul>
        {takesNpsb(quote) ? (
          <p className="text-xs text-base-content/80">{t('payments.npsbLeft', { left: formatBdtNumber(quote.npsbLimits.leftToday), perDay: formatBdtNumber(quote.npsbLimits.perDay) })}</p>
        ) : null}
      </fieldset>
    </div>
  );
}
