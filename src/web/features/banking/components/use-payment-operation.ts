import { useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Rail } from '../../../../shared/bank-directory';
import type { PaymentAnswer, PaymentRailOptionAnswer } from '../../../../shared/schemas/payment-answers';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { applyServerErrors } from '../../../lib/form-errors';
import { stepUpBeforeConfirm } from '../../../lib/step-up';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useTranslation } from '../../../lib/use-translation';
import { checkPayment, type PaymentPayload, sendPayment } from '../api/payments';
import { useRefreshBanking } from '../api/money';
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

/**
 * Sending a payment as a transfer is sent (`use-transfer-operation.ts`): the step-up code asked
 * before the confirm step, one Idempotency-Key per confirmed payment kept for every resend, an
 * unknown outcome settled by asking again with the same key.
 */
export function usePaymentOperation(form: UseFormReturn<PaymentFormInput, unknown, unknown>) {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  const stepUpCode = useRef<string | undefined>(undefined);
  const payment = useSafeOperation<PaymentValues, PaymentAnswer>({
    send: (values, key) => sendPayment(values.payload, key, { code: stepUpCode.current, check: (code) => checkPayment(values.payload, code) }),
    onDone: () => refresh(),
    onRefused: (caught) => {
      applyServerErrors(caught, form.setError, refusableFields);
      void refresh();
    },
  });

  /** Asked before the confirm step; false when cancelled or refused (the refusal is shown on the form). */
  const stepUp = async (values: PaymentValues): Promise<boolean> => {
    stepUpCode.current = undefined;
    try {
      const answer = await stepUpBeforeConfirm((code) => checkPayment(values.payload, code));
      if (!answer) return false;
      stepUpCode.current = answer.code;
      return true;
    } catch (caught) {
      applyServerErrors(caught, form.setError, refusableFields);
      const underAField = caught instanceof ApiError && Object.keys(caught.fields).length > 0;
      if (!underAField) form.setError('root', { message: caught instanceof ApiError ? errorMessage(caught, t) : t('payments.unknown') });
      return false;
    }
  };

  const ask = async (values: PaymentValues) => {
    if (await stepUp(values)) payment.ask(values);
  };

  return { payment, ask };
}
