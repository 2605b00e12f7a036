import { maskAccountNumber } from '../../../../shared/account-display';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { formatBdtNumber, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import type { PaymentValues } from './use-payment-operation';

type PaymentConfirmProps = { values: PaymentValues; bankName: string; busy: boolean; onConfirm: () => void; onCancel: () => void };

/** The last look before the money leaves: to whom at which bank, over which rail, what it costs in all, and when it arrives. */
export function PaymentConfirm({ values, bankName, busy, onConfirm, onCancel }: PaymentConfirmProps) {
  const { t } = useTranslation();
  const { payload, option } = values;
  return (
    <ConfirmStep id="payment-confirm" confirmLabel={t('payments.confirmButton')} busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      {t('payments.confirm', { total: formatBdtNumber(option.total), from: maskAccountNumber(payload.accountId) })}
      <span className="my-1 block" data-testid="confirm-payee">
        {t('transfer.payTo')}:{' '}
        <strong className="font-semibold break-words">
          {payload.confirmedName ?? `${payload.receiverName ?? ''} ${t('payments.typedNameMark')}`}, {bankName} <span className="whitespace-nowrap">{payload.receiverAccount}</span>
        </strong>
      </span>
      {t('payments.confirmTerms', {
        rail: option.rail,
        amount: formatBdtNumber(Number(payload.amount)),
        charge: formatBdtNumber(option.fee + option.vat),
        when: formatDateTime(option.arrivesBy),
      })}
    </ConfirmStep>
  );
}
