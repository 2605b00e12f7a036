import { useEffect, useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { SavedReceiverAnswer } from '../../../../shared/schemas/saved-receivers';
import { useSavedReceivers } from '../api/saved-receivers';
import type { PaymentFormInput } from './use-payment-quote';

/**
 * The saved receivers at other banks and wallets to pick from, and one chosen on the Saved receivers
 * page (`?receiver=`), filled once it has loaded. Picking one fills the bank or wallet and the
 * number in one tap; the quote's look-up still asks the switch who holds it now.
 */
export function usePaymentReceiverChoice(form: UseFormReturn<PaymentFormInput, unknown, unknown>) {
  const all = useSavedReceivers().data;
  const receivers = useMemo(() => all?.filter((receiver) => receiver.participant !== null) ?? [], [all]);
  const fillReceiver = (receiver: SavedReceiverAnswer | undefined) => {
    form.setValue('receiverParticipant', receiver?.participant?.code ?? '', { shouldDirty: true });
    form.setValue('receiverAccount', receiver ? receiver.accNum : '', { shouldDirty: true });
    form.clearErrors(['receiverParticipant', 'receiverAccount']);
  };
  const [searchParams, setSearchParams] = useSearchParams();
  const chosenId = searchParams.get('receiver');
  useEffect(() => {
    if (!chosenId || !all) return;
    fillReceiver(all.find((receiver) => receiver._id === chosenId && receiver.participant !== null));
    // The address forgets it (keeping the account chosen): going back does not fill it again.
    const next = new URLSearchParams(searchParams);
    next.delete('receiver');
    setSearchParams(next, { replace: true });
    // fillReceiver is remade each render; the receiver is filled once per arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenId, all]);
  return { receivers, fillReceiver };
}
