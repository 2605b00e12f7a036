import { maskAccountNumber } from '../../../../shared/account-display';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { answersNameEnquiry } from '../../../../shared/bank-directory';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { formatBdtNumber } from '../../../lib/format';
import { formatAccountType } from '../../../lib/format-account-type';
import { useTranslation } from '../../../lib/use-translation';
import type { DirectoryEntry } from '../api/payments';
import { BankPicker } from './bank-picker';
import { entryName } from './bank-search';
import type { PaymentFormInput } from './use-payment-quote';

type PaymentFieldsProps = {
  form: UseFormReturn<PaymentFormInput, unknown, unknown>;
  accounts: readonly AccountAnswer[];
  entries: readonly DirectoryEntry[];
  /** The saved receivers' picker, between the account paid from and the receiver it fills. */
  picker?: ReactNode;
};

/** From which account, to which bank or wallet, to which number, how much: what the quote is asked for. */
export function PaymentFields({ form, accounts, entries, picker }: PaymentFieldsProps) {
  const { t, i18n } = useTranslation();
  const { errors } = form.formState;
  const error = (name: 'accountId' | 'receiverParticipant' | 'receiverAccount' | 'amount' | 'receiverName') => errors[name]?.message;
  const participant = entries.find((entry) => entry.code === form.watch('receiverParticipant'));
  const wallet = participant?.kind === 'wallet';
  const numberHint = wallet ? t('payments.walletNumberHint') : t('payments.accountNumberHint');
  // The number masked, as on the confirm step: the full one and the balance do not fit a phone's select.
  return (
    <>
      <FormField id="payment-from" label={t('transfer.from')} error={error('accountId')}>
        <select className="select w-full" {...describedBy('payment-from', error('accountId'))} {...form.register('accountId')}>
          {accounts.map((account) => (
            <option key={account._id} value={account._id}>
              {formatAccountType(account.accountType)} {maskAccountNumber(account._id)} · {formatBdtNumber(account.amount)}
            </option>
          ))}
        </select>
      </FormField>
      {picker}
      <FormField id="payment-bank" label={t('payments.bank')} error={error('receiverParticipant')} hint={t('payments.bankHint')}>
        <Controller
          control={form.control}
          name="receiverParticipant"
          render={({ field }) => <BankPicker id="payment-bank" entries={entries} value={field.value} onChange={field.onChange} error={error('receiverParticipant')} hint={t('payments.bankHint')} />}
        />
      </FormField>
      <FormField id="payment-number" label={wallet ? t('payments.walletNumber') : t('payments.accountNumber')} error={error('receiverAccount')} hint={numberHint}>
        <input
          className="input w-full font-mono"
          inputMode="numeric"
          autoComplete="off"
          placeholder={wallet ? '01XXXXXXXXX' : undefined}
          {...describedBy('payment-number', error('receiverAccount'), numberHint)}
          {...form.register('receiverAccount')}
        />
      </FormField>
      {participant && !answersNameEnquiry(participant) ? <TypedReceiverName form={form} bank={entryName(participant, i18n.language)} error={error('receiverName')} /> : null}
      <FormField id="payment-amount" label={t('transfer.amount')} error={error('amount')}>
        <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy('payment-amount', error('amount'))} {...form.register('amount')} />
      </FormField>
    </>
  );
}

type TypedReceiverNameProps = { form: UseFormReturn<PaymentFormInput, unknown, unknown>; bank: string; error: string | undefined };

/**
 * The receiver's name, typed, for a bank that answers no name enquiry: said plainly that nothing
 * is checked before the money leaves, and what happens if the name is wrong. The field leaves the
 * form's values when it leaves the screen, so a bank that is looked up never gets a typed name.
 */
function TypedReceiverName({ form, bank, error }: TypedReceiverNameProps) {
  const { t } = useTranslation();
  const hint = t('payments.receiverNameHint', { bank });
  return (
    <>
      <p role="note" className="rounded-box border border-warning/50 bg-warning/10 px-3 py-2 text-sm" data-testid="payment-name-unchecked">
        {t('payments.receiverNameUnchecked', { bank })}
      </p>
      <FormField id="payment-receiver-name" label={t('payments.receiverName')} error={error} hint={hint}>
        <input className="input w-full" autoComplete="off" {...describedBy('payment-receiver-name', error, hint)} {...form.register('receiverName', { shouldUnregister: true })} />
      </FormField>
    </>
  );
}
