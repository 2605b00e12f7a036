import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { DirectoryEntryAnswer } from '../../../../shared/schemas/payments';
import { receiverNickname } from '../../../../shared/schemas/saved-receivers';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';
import { BankPicker } from './bank-picker';
import { PayeeLookupLine, useParticipantLookup } from './payee-lookup';
import { SaveReceiverCard, useReceiverSave } from './save-receiver-card';

// The bank and the number are checked by the switch's enquiry, not by a pattern here.
const formSchema = z.object({ participant: z.string(), accNum: z.string(), nickname: receiverNickname });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/**
 * A new receiver at another bank or wallet: the customer picks it with the payment screen's picker,
 * types the account or wallet number, the switch's enquiry shows whose it is (masked), and saving
 * keeps the person the customer saw. The server checks every field again and names the one it refuses.
 */
export function SaveOtherBankReceiverForm({ entries }: { entries: readonly DirectoryEntryAnswer[] }) {
  const { t } = useTranslation();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: { participant: '', accNum: '', nickname: '' } });
  const { saved, forgetSaved, keep, busy } = useReceiverSave<FormInput>({ setError: form.setError, reset: () => form.reset(), refusableFields: ['participant', 'accNum', 'nickname'] });
  const participant = useWatch({ control: form.control, name: 'participant' });
  const typed = useWatch({ control: form.control, name: 'accNum' });
  const lookup = useParticipantLookup(participant, typed);
  const wallet = entries.find((entry) => entry.code === participant)?.kind === 'wallet';
  const numberHint = wallet ? t('payments.walletNumberHint') : t('payments.accountNumberHint');
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    forgetSaved();
    form.clearErrors();
    if (!values.participant) return form.setError('participant', { message: t('savedReceivers.chooseBank') });
    if (lookup.state !== 'found' || lookup.payee.participant !== values.participant) {
      return form.setError('accNum', { message: t(`transfer.payee.${lookup.state === 'found' || lookup.state === 'idle' || lookup.state === 'checking' ? 'required' : lookup.state}`) });
    }
    const { payee } = lookup;
    await keep({ participant: payee.participant, accNum: payee.accNum, confirmedName: payee.maskedName, ...(values.nickname ? { nickname: values.nickname } : {}) });
  });
  return (
    <SaveReceiverCard
      idPrefix="other-"
      title={t('savedReceivers.addOtherTitle')}
      onSubmit={onSubmit}
      nickname={{ field: form.register('nickname'), error: errors.nickname?.message }}
      rootError={errors.root?.message}
      saved={saved}
      busy={busy}
    >
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
    </SaveReceiverCard>
  );
}
