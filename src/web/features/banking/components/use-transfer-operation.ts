import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { poishaToDecimalString } from '../../../../shared/money';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import type { NameEnquiryAnswer } from '../../../../shared/schemas/name-enquiry';
import { useTranslation } from '../../../lib/use-translation';
import { checkTransfer, sendTransfer, type TransferAnswer, type TransferPayload } from '../api/money';
import { useSavedReceiverActions } from '../api/saved-receivers';
import type { ReceiverSaving } from './transfer-receipt';
import { useMoneyOperation } from './use-money-operation';

/** What the transfer form collects. */
export type TransferFormInput = { accNum: string; sendAmount: unknown; saveReceiver?: boolean | undefined };
/** What the customer confirms: the amount in poisha and the receiver as the name enquiry showed them. */
export type TransferValues = { accNum: string; sendAmount: bigint; saveReceiver?: boolean | undefined; payee: NameEnquiryAnswer };

const refusableFields = ['accNum', 'sendAmount'] as const;

/** Sending a transfer (`use-money-operation.ts`), and the receiver kept once the money has gone. */
export function useTransferOperation(account: AccountAnswer, form: UseFormReturn<TransferFormInput, unknown, Omit<TransferValues, 'payee'>>) {
  const { t } = useTranslation();
  const { save: saveReceiver } = useSavedReceiverActions();
  const [receiverSaving, setReceiverSaving] = useState<ReceiverSaving>(null);
  const payloadOf = (values: TransferValues): TransferPayload => ({
    id: account._id,
    accNum: values.payee.accNum,
    confirmedName: values.payee.maskedName,
    sendAmount: poishaToDecimalString(values.sendAmount),
  });
  const { operation: transfer, ask } = useMoneyOperation<TransferValues, TransferPayload, TransferAnswer, TransferFormInput>({
    setError: form.setError,
    refusableFields,
    payloadOf,
    check: checkTransfer,
    send: sendTransfer,
    unknownMessage: t('transfer.unknown'),
    onDone: async (_answer, values) => {
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
  });

  const startAgain = () => {
    form.reset();
    setReceiverSaving(null);
    transfer.reset();
  };

  return { transfer, receiverSaving, ask, startAgain };
}
