import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { accountNumber } from '../../../../shared/schemas/banking';
import { receiverNickname } from '../../../../shared/schemas/saved-receivers';
import { useTranslation } from '../../../lib/use-translation';
import { usePayeeLookup } from './payee-lookup';
import { payeeShownFor, ReceiverFields } from './receiver-fields';
import { SaveReceiverCard, useReceiverSave } from './save-receiver-card';

const formSchema = z.object({
  accNum: accountNumber('Receiver account number'),
  nickname: receiverNickname,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/**
 * A new receiver, as on the transfer screen: the customer types the account number, the bank shows
 * whose it is (masked) and its type, and saving keeps the person the customer saw.
 */
export function SaveReceiverForm() {
  const { t } = useTranslation();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: { accNum: '', nickname: '' } });
  const { saved, forgetSaved, keep, busy } = useReceiverSave<FormInput>({ setError: form.setError, reset: () => form.reset(), refusableFields: ['accNum', 'nickname'] });
  const typedWatched = useWatch({ control: form.control, name: 'accNum' });
  const lookup = usePayeeLookup(typeof typedWatched === 'string' ? typedWatched : '');
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    forgetSaved();
    form.clearErrors('root');
    const shown = payeeShownFor(lookup, values.accNum);
    if ('refusal' in shown) {
      form.setError('accNum', { message: t(`transfer.payee.${shown.refusal}`) });
      return;
    }
    const { payee } = shown;
    await keep({ accNum: payee.accNum, confirmedName: payee.maskedName, ...(values.nickname ? { nickname: values.nickname } : {}) });
  });
  return (
    <SaveReceiverCard
      idPrefix=""
      title={t('savedReceivers.addTitle')}
      onSubmit={onSubmit}
      nickname={{ field: form.register('nickname'), error: errors.nickname?.message }}
      rootError={errors.root?.message}
      saved={saved}
      busy={busy}
    >
      <ReceiverFields id="receiver-accNum" error={errors.accNum?.message} field={form.register('accNum')} lookup={lookup} />
    </SaveReceiverCard>
  );
}
