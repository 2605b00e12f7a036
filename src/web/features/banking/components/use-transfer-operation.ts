import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { poishaToDecimalString } from '../../../../shared/money';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import type { NameEnquiryAnswer } from '../../../../shared/schemas/name-enquiry';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { applyServerErrors } from '../../../lib/form-errors';
import { stepUpBeforeConfirm } from '../../../lib/step-up';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useTranslation } from '../../../lib/use-translation';
import { checkTransfer, sendTransfer, type TransferAnswer, type TransferPayload, useRefreshBanking } from '../api/money';
import { useSavedReceiverActions } from '../api/saved-receivers';
import type { ReceiverSaving } from './transfer-receipt';

/** What the transfer form collects. */
export type TransferFormInput = { accNum: string; sendAmount: unknown; saveReceiver?: boolean | undefined };
/** What the customer confirms: the amount in poisha and the receiver as the name enquiry showed them. */
export type TransferValues = { accNum: string; sendAmount: bigint; saveReceiver?: boolean | undefined; payee: NameEnquiryAnswer };

const refusableFields = ['accNum', 'sendAmount'] as const;

/**
 * Sending a transfer safely (one Idempotency-Key, an unknown outcome settled by asking), with the
 * step-up code asked before the confirm step, and the receiver kept once the money has gone.
 */
export function useTransferOperation(account: AccountAnswer, form: UseFormReturn<TransferFormInput, unknown, Omit<TransferValues, 'payee'>>) {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  const { save: saveReceiver } = useSavedReceiverActions();
  const [receiverSaving, setReceiverSaving] = useState<ReceiverSaving>(null);
  const payloadOf = (values: TransferValues): TransferPayload => ({
    id: account._id,
    accNum: values.payee.accNum,
    confirmedName: values.payee.maskedName,
    sendAmount: poishaToDecimalString(values.sendAmount),
  });
  // The code confirmed before the confirm step (step-up), sent with the transfer.
  const stepUpCode = useRef<string | undefined>(undefined);
  const transfer = useSafeOperation<TransferValues, TransferAnswer>({
    send: (values, key) => sendTransfer(payloadOf(values), key, { code: stepUpCode.current, check: (code) => checkTransfer(payloadOf(values), code) }),
    onDone: async (_answer, values) => {
      await refresh();
      if (!values.saveReceiver) return;
      // Only after the money went: a receiver the bank refused is not worth keeping.
      setReceiverSaving('saving');
      try {
        await saveReceiver.mutateAsync({ accNum: values.payee.accNum, confirmedName: values.payee.maskedName });
        setReceiverSaving('saved');
      } catch {
        setReceiverSaving('failed');
      }
    },
    onRefused: (caught) => {
      applyServerErrors(caught, form.setError, refusableFields);
      // The balance and what is left today may have changed elsewhere (another device): show them as the server saw them.
      void refresh();
    },
  });

  /** Asked before the confirm step, in a dialog over the form: a code, or a number to verify first. False when cancelled or refused. */
  const stepUp = async (confirmed: TransferValues): Promise<boolean> => {
    stepUpCode.current = undefined;
    try {
      const answer = await stepUpBeforeConfirm((code) => checkTransfer(payloadOf(confirmed), code));
      if (!answer) return false;
      stepUpCode.current = answer.code;
      return true;
    } catch (caught) {
      applyServerErrors(caught, form.setError, refusableFields);
      const underAField = caught instanceof ApiError && Object.keys(caught.fields).length > 0;
      // A refusal of the whole transfer in the one rule's words; a failure that is not the server's answer, as the transfer's own.
      if (!underAField) form.setError('root', { message: caught instanceof ApiError ? errorMessage(caught, t) : t('transfer.unknown') });
      return false;
    }
  };

  const startAgain = () => {
    form.reset();
    setReceiverSaving(null);
    transfer.reset();
  };

  return { transfer, receiverSaving, stepUp, startAgain };
}
