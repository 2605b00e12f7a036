import type { UseFormReturn } from 'react-hook-form';
import type { Rail } from '../../../../shared/bank-directory';
import type { PaymentAnswer, PaymentRailOptionAnswer } from '../../../../shared/schemas/payment-answers';
import { useTranslation } from '../../../lib/use-translation';
import { checkPayment, type PaymentPayload, sendPayment } from '../api/payments';
import { useMoneyOperation } from './use-money-operation';
import type { PaymentFormInput, Quoted } from './use-payment-quote';

/** What the customer confirms: the quoted request with the name they saw, the rail they chose and its terms. */
export type PaymentValues = { payload: PaymentPayload; option: Extract<PaymentRailOptionAnswer, { open: true }> };

const refusableFields = ['accountId', 'receiverParticipant', 'receiverAccount', 'amount', 'receiverName', 'purpose'] as const;

/**
 * The payment's request: what was quoted (with the name typed, where the bank answers no name
 * enquiry), the masked name as the quote showed it where it was looked up, the rail, the purpose if any.
 */
export function paymentPayloadOf(quoted: Quoted, rail: Rail, purpose: string | undefined): PaymentPayload {
  const trimmed = purpose?.trim();
  const named = quoted.answer.receiverNameChecked ? { confirmedName: quoted.answer.receiver.maskedName } : {};
  return { ...quoted.payload, ...named, rail, ...(trimmed ? { purpose: trimmed } : {}) };
}

/** Sending a payment as a transfer is sent: the same money-safe confirm (`use-money-operation.ts`). */
export function usePaymentOperation(form: UseFormReturn<PaymentFormInput, unknown, unknown>) {
  const { t } = useTranslation();
  const { operation: payment, ask } = useMoneyOperation<PaymentValues, PaymentPayload, PaymentAnswer, PaymentFormInput>({
    setError: form.setError,
    refusableFields,
    payloadOf: (values) => values.payload,
    check: checkPayment,
    send: sendPayment,
    unknownMessage: t('payments.unknown'),
  });
  return { payment, ask };
}
