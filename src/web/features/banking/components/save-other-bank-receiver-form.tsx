import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { DirectoryEntryAnswer } from '../../../../shared/schemas/payments';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { applyServerErrors } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';
import { useSavedReceiverActions } from '../api/saved-receivers';
import { BankPicker } from './bank-picker';
import { PayeeLookupLine, useParticipantLookup } from './payee-lookup';

type FormInput = { participant: string; accNum: string; nickname: string };

/**
 * A new receiver at another bank or wallet: the customer picks it with the payment screen's picker,
 * types the account or wallet number, the switch's enquiry shows whose it is (masked), and saving
 * keeps the person the customer saw. The server checks every field again and names the one it refuses.
 */
export function SaveOtherBankReceiverForm({ entries }: { entries: readonly DirectoryEntryAnswer[] }) {
  const { t } = useTranslation();
  const { save } = useSavedReceiverActions();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<FormInput>({ defaultValues: { participant: '', accNum: '', nickname: '' } });
  const participant = useWatch({ control: form.control, name: 'participant' });
  const typed = useWatch({ control: form.control, name: 'accNum' });
  const lookup = useParticipantLookup(participant, typed);
  const wallet = entries.find((entry) => entry.code === participant)?.kind === 'wallet';
  const numberHint = wallet ? t('payments.walletNumberHint') : t('payments.accountNumberHint');
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(null);
    form.clearErrors();
    if (!values.participant) return form.setError('participant', { message: t('savedReceivers.chooseBank') });
    if (lookup.state !== 'found' || lookup.payee.participant !== values.participant) {
      return form.setError('accNum', { message: t(`transfer.payee.${lookup.state === 'found' || lookup.state === 'idle' || lookup.state === 'checking' ? 'required' : lookup.state}`) });
    }
    const { payee } = lookup;
    const nickname = values.nickname.trim();
    try {
      const answer = await save.mutateAsync({ participant: payee.participant, accNum: payee.accNum, confirmedName: payee.maskedName, ...(nickname ? { nickname } : {}) });
      setSaved(t(answer.merged ? 'savedReceivers.updated' : 'savedReceivers.saved', { name: nickname || payee.maskedName }));
      form.reset();
    } catch (caught) {
      applyServerErrors(caught, form.setError, ['participant', 'accNum', 'nickname']);
      if (!(caught instanceof ApiError && Object.keys(caught.fields).length > 0)) form.setError('root', { message: errorMessage(caught, t) });
    }
  });
  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate aria-labelledby="save-other-receiver-heading">
      <div className="card-body gap-4">
        <h2 id="save-other-receiver-heading" className="card-title text-lg">
          {t('savedReceivers.addOtherTitle')}
        </h2>
        <FormField id="other-receiver-bank" label={t('payments.bank')} error={errors.participant?.message} hint={t('payments.bankHint')}>
          <Controller
            control={form.control}
            name="participant"
            render={({ field }) => (
              <BankPicker id="other-receiver-bank" entries={entries} value={field.value} onChange={field.onChange} error={errors.participant?.message} hint={t('payments.bankHint')} />
            )}
          />
        </FormField>
        <FormField id="other-receiver-number" label={wallet ? t('payments.walletNumber') : t('payments.accountNumber')} error={errors.accNum?.message} hint={numberHint}>
          <input
            className="input w-full font-mono"
            inputMode="numeric"
            autoComplete="off"
            placeholder={wallet ? '01XXXXXXXXX' : undefined}
            {...describedBy('other-receiver-number', errors.accNum?.message, numberHint)}
            {...form.register('accNum')}
          />
        </FormField>
        <PayeeLookupLine lookup={lookup} />
        <FormField id="other-receiver-nickname" label={t('savedReceivers.nickname')} error={errors.nickname?.message} hint={t('savedReceivers.nicknameHint')}>
          <input className="input w-full" autoComplete="off" {...describedBy('other-receiver-nickname', errors.nickname?.message, t('savedReceivers.nicknameHint'))} {...form.register('nickname')} />
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
