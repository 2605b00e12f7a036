import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { accountTypeSlugs } from '../../../../shared/constants';
import { accountNumber, accountTypeDisplayNames, accountTypeWord } from '../../../../shared/schemas/banking';
import { personName } from '../../../../shared/schemas/fields';
import { receiverNickname } from '../../../../shared/schemas/saved-receivers';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { refusalText } from '../../../lib/refusal-text';
import { useSavedReceiverActions } from '../api/saved-receivers';

const formSchema = z.object({
  transfer: accountTypeWord('Please select the Account Type'),
  user: personName('Name is required'),
  accNum: accountNumber('Receiver account number'),
  nickname: receiverNickname,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/**
 * A new receiver, typed as on the transfer screen: the bank checks the details against its
 * records before keeping them, and says only that they do not match when they do not.
 */
export function SaveReceiverForm() {
  const { t } = useTranslation();
  const { save } = useSavedReceiverActions();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: { transfer: '', user: '', accNum: '', nickname: '' } });
  const { errors } = form.formState;
  const error = (name: keyof FormInput) => errors[name]?.message;
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(null);
    form.clearErrors('root');
    try {
      const answer = await save.mutateAsync({ transfer: accountTypeDisplayNames[values.transfer], user: values.user, accNum: values.accNum, ...(values.nickname ? { nickname: values.nickname } : {}) });
      setSaved(t(answer.merged ? 'savedReceivers.updated' : 'savedReceivers.saved', { name: values.nickname ?? values.user }));
      form.reset();
    } catch (caught) {
      applyServerErrors(caught, form.setError, ['transfer', 'user', 'accNum', 'nickname']);
      if (caught instanceof ApiError && Object.keys(caught.fields).length === 0) form.setError('root', { message: refusalText(caught, t) });
    }
  });
  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate aria-labelledby="save-receiver-heading">
      <div className="card-body gap-4">
        <h2 id="save-receiver-heading" className="card-title text-lg">
          {t('savedReceivers.addTitle')}
        </h2>
        <FormField id="receiver-type" label={t('transfer.receiverType')} error={error('transfer')}>
          <select className="select w-full" {...describedBy('receiver-type', error('transfer'))} {...form.register('transfer')}>
            <option value="" disabled>
              {t('transfer.chooseType')}
            </option>
            {accountTypeSlugs.map((slug) => (
              <option key={slug} value={accountTypeDisplayNames[slug]}>
                {accountTypeDisplayNames[slug]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="receiver-user" label={t('transfer.receiverName')} error={error('user')}>
          <input className="input w-full" autoComplete="off" {...describedBy('receiver-user', error('user'))} {...form.register('user')} />
        </FormField>
        <FormField id="receiver-accNum" label={t('transfer.receiverAccount')} error={error('accNum')}>
          <input className="input w-full font-mono" inputMode="numeric" autoComplete="off" maxLength={13} {...describedBy('receiver-accNum', error('accNum'))} {...form.register('accNum')} />
        </FormField>
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
