import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { poishaToDecimalString } from '../../../../shared/money';
import { formatBdt } from '../../../lib/format';
import { amountInPoisha } from '../../../../shared/schemas/amount';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { type DepositRequestAnswer, sendDepositRequest, useRefreshBanking } from '../api/money';
import { AccountPage } from '../components/account-page';
import { PayInWays } from '../components/pay-in-ways';

const formSchema = z.object({ depositAmount: amountInPoisha('Deposit amount') });
type FormOutput = z.output<typeof formSchema>;

function DepositForm({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  const form = useForm<z.input<typeof formSchema>, unknown, FormOutput>({ resolver: zodResolver(formSchema) });
  const { errors } = form.formState;
  const deposit = useSafeOperation<FormOutput, DepositRequestAnswer>({
    send: (values, key) => sendDepositRequest({ accNum: accountId, depositAmount: poishaToDecimalString(values.depositAmount) }, key),
    onDone: refresh,
    onRefused: (caught) => applyServerErrors(caught, form.setError, ['depositAmount']),
  });
  const { state } = deposit;

  if (state.phase === 'done') {
    return (
      <OperationReceipt
        title={t('deposit.success')}
        reference={state.answer.reference}
        details={[
          [t('deposit.amount'), formatBdt(state.values.depositAmount)],
          [t('banking.accountNumber'), accountId],
        ]}
        note={t('deposit.receiptNote')}
      >
        <Link to="/myAccounts" className="btn btn-primary">
          {t('banking.backToAccounts')}
        </Link>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            form.reset();
            deposit.reset();
          }}
        >
          {t('deposit.another')}
        </button>
      </OperationReceipt>
    );
  }

  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={form.handleSubmit(deposit.submit)} noValidate>
      <div className="card-body gap-4">
        <fieldset className="flex flex-col gap-4" disabled={deposit.busy}>
          <FormField id="deposit-account" label={t('banking.accountNumber')}>
            <input id="deposit-account" className="input w-full font-mono" value={accountId} readOnly aria-readonly="true" />
          </FormField>
          <FormField id="deposit-amount" label={t('deposit.amount')} error={errors.depositAmount?.message}>
            <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy('deposit-amount', errors.depositAmount?.message)} {...form.register('depositAmount')} />
          </FormField>
        </fieldset>
        <OperationNotice state={state} checking={t('deposit.checking')} unknown={t('deposit.unknown')} onCheckAgain={deposit.checkAgain} />
        <SubmitButton busy={deposit.busy} label={t('deposit.submit')} />
      </div>
    </form>
  );
}

export default function DepositPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <AccountPage accountId={id} title={t('deposit.title')} intro={t('deposit.intro')}>
      {(account) => (
        <div className="flex flex-col gap-6">
          <PayInWays accountId={account._id} holderName={account.user} />
          <DepositForm accountId={id} />
        </div>
      )}
    </AccountPage>
  );
}
