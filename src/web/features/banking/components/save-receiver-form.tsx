import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { z } from 'zod';
import { accountNumber } from '../../../../shared/schemas/banking';
import { receiverNickname } from '../../../../shared/schemas/saved-receivers';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { errorMessage } from '../../../lib/error-message';
import { useSavedReceiverActions } from '../api/saved-receivers';
import { usePayeeLookup } from './payee-lookup';
import { payeeShownFor, ReceiverFields } from './receiver-fields';

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
  const { save } = useSavedReceiverActions();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: { accNum: '', nickname: '' } });
  const typedWatched = useWatch({ control: form.control, name: 'accNum' });
  const lookup = usePayeeLookup(typeof typedWatched === 'string' ? typedWatched : '');
  const { errors } = form.formState;
  const error = (name: keyof FormInput) => errors[name]?.message;
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(null);
    form.clearErrors('root');
    const shown = payeeShownFor(lookup, values.accNum);
    if ('refusal' in shown) {
      form.setError('accNum', { message: t(`transfer.payee.${shown.refusal}`) });
      return;
    }
    const { payee } = shown;
    try {
      const answer = await save.mutateAsync({ accNum: payee.accNum, confirmedName: payee.maskedName, ...(values.nickname ? { nickname: values.nickname } : {}) });
      setSaved(t(answer.merged ? 'savedReceivers.updated' : 'savedReceivers.saved', { name: values.nickname ?? payee.maskedName }));
      form.reset();
    } catch (caught) {
      applyServerErrors(caught, form.setError, ['accNum', 'nickname']);
      if (!(caught instanceof ApiError && Object.keys(caught.fields).length > 0)) form.setError('root', { message: errorMessage(caught, t) });
    }
  });
  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate aria-labelledby="save-receiver-heading">
      <div className="card-body gap-4">
        <h2 id="save-receiver-heading" className="card-title text-lg">
          {t('savedReceivers.addTitle')}
        </h2>
        <ReceiverFields id="receiver-accNum" error={error('accNum')} field={form.register('accNum')} lookup={lookup} />
        <FormField id="receiver-nickname" label={t('savedReceivers.nickname')} error={error('nickname')} hint={t('savedReceivers.nicknameHint')}>
          <input className="input w-full" autoComplete="off" {...describedBy('receiver-nickname', error('nickname'), t('savedReceivers.nicknameHint'))} {...form.register('nickname')} />
        </FormField>
        <FormError message={errors.root?.message} />
        {saved ? (
          <p role="status" className="text-sm text-success">
            {saved}
          </p>
        ) : null}
        <SubmitButton busy={save.isPending} label={t('savedReceivers.save')} className="sm:self-start" />
      </div>
    </form>
  );
}
