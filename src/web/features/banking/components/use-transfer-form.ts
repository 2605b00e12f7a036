import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { bdtNumberToPoisha } from '../../../../shared/money';
import { accountNumber, transferAmount } from '../../../../shared/schemas/banking';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { useTranslation } from '../../../lib/use-translation';
import { useAccountLimits } from '../api/account-limits';
import { useSavedReceivers } from '../api/saved-receivers';
import { usePayeeLookup } from './payee-lookup';
import { payeeShownFor } from './receiver-fields';
import { transferAmountRefusal } from './transfer-amount-rule';
import { type TransferFormInput, useTransferOperation } from './use-transfer-operation';

const formSchema = z.object({
  accNum: accountNumber('Receiver account number'),
  // The API's own rule (at least the minimum transfer), so the form says it before sending.
  sendAmount: transferAmount,
  /** Keep the receiver among the saved ones once the transfer has gone through. */
  saveReceiver: z.boolean().optional(),
});
type FormOutput = z.output<typeof formSchema>;

/** The saved receivers to pick from, and one chosen on the Saved receivers page (`?receiver=`), filled once it has loaded. */
function useReceiverChoice(form: UseFormReturn<TransferFormInput, unknown, FormOutput>) {
  // Only receivers at this bank: one at another bank or wallet is paid from the payment form.
  // Kept as one array per answer: the effect below fills the chosen receiver once per arrival.
  const answered = useSavedReceivers().data;
  const savedReceivers = useMemo(() => answered?.filter((receiver) => receiver.participant === null), [answered]);
  const fillReceiver = (receiver: { accNum: string } | undefined) => {
    form.setValue('accNum', receiver ? receiver.accNum : '', { shouldDirty: true });
    form.clearErrors('accNum');
  };
  const [searchParams, setSearchParams] = useSearchParams();
  const chosenId = searchParams.get('receiver');
  useEffect(() => {
    if (!chosenId || !savedReceivers) return;
    fillReceiver(savedReceivers.find((receiver) => receiver._id === chosenId));
    // The address forgets it: going back does not fill it again.
    setSearchParams({}, { replace: true });
    // fillReceiver is remade each render; the receiver is filled once per arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenId, savedReceivers]);
  return { receivers: savedReceivers ?? [], fillReceiver };
}

/** The transfer form's state and rules: who is paid, how much may leave, and when the confirm step opens. */
export function useTransferForm(account: AccountAnswer) {
  const { t } = useTranslation();
  const form = useForm<TransferFormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema) });
  const operation = useTransferOperation(account, form);
  const { receivers, fillReceiver } = useReceiverChoice(form);
  const typedWatched = useWatch({ control: form.control, name: 'accNum' });
  const typedAccountNumber = typeof typedWatched === 'string' ? typedWatched : '';
  const lookup = usePayeeLookup(typedAccountNumber);
  const limits = useAccountLimits(account._id).data;
  const balancePoisha = bdtNumberToPoisha(account.amount);

  const onSubmit = form.handleSubmit(async (values) => {
    const shown = payeeShownFor(lookup, values.accNum);
    if ('refusal' in shown) {
      form.setError('accNum', { message: t(`transfer.payee.${shown.refusal}`) });
      return;
    }
    const refusal = transferAmountRefusal(values.sendAmount, balancePoisha, limits, t);
    if (refusal) {
      form.setError('sendAmount', { message: refusal });
      return;
    }
    const confirmed = { ...values, payee: shown.payee };
    await operation.ask(confirmed);
  });

  const typedIsSaved = receivers.some((receiver) => receiver.accNum === typedAccountNumber.trim());
  return { form, operation, lookup, limits, balancePoisha, receivers, fillReceiver, typedAccountNumber, typedIsSaved, onSubmit };
}
