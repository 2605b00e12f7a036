import type { PaymentAnswer } from '../../../../shared/schemas/payment-answers';
import { useTranslation } from '../../../lib/use-translation';
import { useSavedReceiverActions, useSavedReceivers } from '../api/saved-receivers';
import { savedReceiverOf } from './saved-receiver-picker';

/**
 * "Save this receiver" under a payment's receipt, when the receiver is not saved yet: the money has
 * gone, so the person is worth keeping; the server asks the switch again before it saves.
 */
export function SavePaidReceiver({ receiver }: { receiver: PaymentAnswer['receiver'] }) {
  const { t } = useTranslation();
  const receivers = useSavedReceivers();
  const { save } = useSavedReceiverActions();
  const name = receiver.maskedName;
  if (save.isSuccess) {
    return (
      <p role="status" className="text-sm text-success">
        {t('savedReceivers.after.saved', { name })}
      </p>
    );
  }
  // Offered only once the list says it is not there: no offer to save someone already saved.
  if (!receivers.data || savedReceiverOf(receivers.data, receiver.account, receiver.participant)) return null;
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className="btn btn-outline"
        disabled={save.isPending}
        aria-busy={save.isPending}
        onClick={() => save.mutate({ participant: receiver.participant, accNum: receiver.account, confirmedName: name })}
      >
        {save.isPending ? t('savedReceivers.after.saving', { name }) : t('savedReceivers.saveThis')}
      </button>
      {save.isError ? (
        <p role="alert" className="text-sm text-error">
          {t('savedReceivers.saveFailed', { name })}
        </p>
      ) : null}
    </div>
  );
}
