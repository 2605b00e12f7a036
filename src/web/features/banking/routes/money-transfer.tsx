import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { accountTypeSlugs } from '../../../../shared/constants';
import { formatBdt, formatBdtNumber, poishaToDecimalString } from '../../../../shared/money';
import { amountInPoisha } from '../../../../shared/schemas/amount';
import { accountNumber, accountTypeDisplayNames, accountTypeWord } from '../../../../shared/schemas/banking';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { personName } from '../../../../shared/schemas/fields';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useTransferMoney } from '../api/money';
import { AccountPage } from '../components/account-page';

const formSchema = z.object({
  transfer: accountTypeWord('Please select the Account Type'),
  user: personName('Name is required'),
  accNum: accountNumber('Receiver account number'),
  sendAmount: amountInPoisha('Send amount'),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

function TransferForm({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const transfer = useTransferMoney();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema) });
  const { errors, isSubmitting } = form.formState;
  const error = (name: keyof FormInput) => errors[name]?.message;
  const [toConfirm, setToConfirm] = useState<FormOutput | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    // The spec's rule, checked here for a quick answer and again on the server, which decides.
    if (Number(poishaToDecimalString(values.sendAmount)) >= account.amount) {
      toast.error(t('transfer.insufficient'));
      return;
    }
    setToConfirm(values);
  });

  const send = async (values: FormOutput) => {
    try {
      await transfer.mutateAsync({ id: account._id, transfer: accountTypeDisplayNames[values.transfer], user: values.user, accNum: values.accNum, sendAmount: poishaToDecimalString(values.sendAmount) });
      toast.success(t('transfer.success'));
      await navigate('/myAccounts');
    } catch (caught) {
      applyServerErrors(caught, form.setError, ['transfer', 'user', 'accNum', 'sendAmount']);
      toast.error(caught instanceof ApiError && caught.status === 400 ? caught.message : t('banking.validationFailed'));
    } finally {
      setToConfirm(null);
    }
  };

  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
      <div className="card-body gap-4">
        <FormField id="transfer-type" label={t('transfer.receiverType')} error={error('transfer')}>
          <select className="select w-full" defaultValue="" {...describedBy('transfer-type', error('transfer'))} {...form.register('transfer')}>
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
        <FormField id="transfer-user" label={t('transfer.receiverName')} error={error('user')}>
          <input className="input w-full" autoComplete="off" {...describedBy('transfer-user', error('user'))} {...form.register('user')} />
        </FormField>
        <FormField id="transfer-accNum" label={t('transfer.receiverAccount')} error={error('accNum')}>
          <input className="input w-full font-mono" inputMode="numeric" autoComplete="off" maxLength={13} {...describedBy('transfer-accNum', error('accNum'))} {...form.register('accNum')} />
        </FormField>
        <FormField id="transfer-amount" label={t('transfer.amount')} error={error('sendAmount')} hint={t('transfer.available', { amount: formatBdtNumber(account.amount) })}>
          <input
            className="input w-full"
            inputMode="decimal"
            autoComplete="off"
            {...describedBy('transfer-amount', error('sendAmount'), t('transfer.available', { amount: formatBdtNumber(account.amount) }))}
            {...form.register('sendAmount')}
          />
        </FormField>
        {toConfirm ? (
          <div role="alertdialog" aria-labelledby="transfer-confirm-text" className="alert alert-info alert-soft flex flex-col items-stretch gap-3 sm:flex-row sm:items-center">
            <p id="transfer-confirm-text" className="flex-1">
              {t('transfer.confirm', { amount: formatBdt(toConfirm.sendAmount), name: toConfirm.user, account: toConfirm.accNum })}
            </p>
            <div className="flex gap-2">
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setToConfirm(null)} disabled={transfer.isPending}>
                {t('transfer.cancel')}
              </button>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => void send(toConfirm)} disabled={transfer.isPending} autoFocus>
                {t('transfer.confirmButton')}
              </button>
            </div>
          </div>
        ) : (
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {t('transfer.submit')}
          </button>
        )}
      </div>
    </form>
  );
}

export default function MoneyTransferPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <AccountPage accountId={id} title={t('transfer.title')} intro={t('transfer.intro')}>
      {(account) => <TransferForm account={account} />}
    </AccountPage>
  );
}
