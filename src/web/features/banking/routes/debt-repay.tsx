import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { poishaToDecimalString } from '../../../../shared/money';
import { formatBdt, formatBdtNumber } from '../../../lib/format';
import { repaymentSchema } from '../../../../shared/schemas/banking';
import type { AccountAnswer, LoanAnswer } from '../../../../shared/schemas/banking-answers';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { useMyAccounts } from '../api/accounts';
import { useLoan } from '../api/loans-and-cards';
import { type RepaymentAnswer, sendRepayment, useRefreshBanking } from '../api/money';
import { AccountNotFound } from '../components/account-not-found';
import { defaultAccountIdOf, isActiveAccount } from '../components/active-accounts';

/** The repayment's own rules: the loan is the page's, so the form asks for the rest. */
const formSchema = repaymentSchema.omit({ id: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

function RepayForm({ loan, accounts }: { loan: LoanAnswer; accounts: AccountAnswer[] }) {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  const active = accounts.filter(isActiveAccount);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { accNum: defaultAccountIdOf(active, loan.accNum) },
  });
  const { errors, isSubmitting } = form.formState;
  const repay = useSafeOperation<FormOutput, RepaymentAnswer>({
    send: (values, key) => sendRepayment({ id: loan._id, accNum: values.accNum, amount: poishaToDecimalString(values.amount) }, key),
    onDone: refresh,
    onRefused: (caught) => applyServerErrors(caught, form.setError, ['accNum', 'amount']),
  });
  const { state } = repay;
  const loanName = t(`loanRequest.types.${loan.loan}` as 'loanRequest.types.car');

  if (state.phase === 'done') {
    return (
      <OperationReceipt
        title={t('repay.success')}
        reference={state.answer.reference}
        details={[
          [t('repay.paid'), formatBdt(state.values.amount)],
          [t('repay.account'), state.values.accNum],
          [t('repay.outstandingAfter'), formatBdtNumber(state.answer.tLAmount)],
        ]}
      >
        <Link to="/myLoans" className="btn btn-primary">
          {t('repay.backToLoans')}
        </Link>
      </OperationReceipt>
    );
  }

  if (loan.tLAmount <= 0) {
    return (
      <button type="button" className="btn btn-success" disabled>
        {t('repay.fullyRepaid')}
      </button>
    );
  }
  const confirming = state.phase === 'confirming' || repay.busy;
  if (active.length === 0) return <p className="alert alert-warning alert-soft">{t('repay.noActiveAccount')}</p>;
  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={form.handleSubmit(repay.ask)} noValidate>
      <div className="card-body gap-4">
        <fieldset className="flex flex-col gap-4" disabled={confirming}>
          <FormField id="repay-type" label={t('repay.loanType')}>
            <input id="repay-type" className="input w-full" value={loanName} readOnly aria-readonly="true" />
          </FormField>
          <FormField id="repay-account" label={t('repay.account')} error={errors.accNum?.message}>
            <select className="select w-full" {...describedBy('repay-account', errors.accNum?.message)} {...form.register('accNum')}>
              {active.map((account) => (
                <option key={account._id} value={account._id}>
                  {account._id} · {account.role} · {formatBdtNumber(account.amount)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="repay-amount" label={t('repay.amount')} error={errors.amount?.message as string | undefined}>
            <div className="join w-full">
              <input
                className="input join-item w-full"
                inputMode="decimal"
                autoComplete="off"
                {...describedBy('repay-amount', errors.amount?.message as string | undefined)}
                {...form.register('amount')}
              />
              <button type="button" className="btn join-item" onClick={() => form.setValue('amount', loan.tLAmount.toFixed(2), { shouldValidate: true })}>
                {t('repay.payAll')}
              </button>
            </div>
          </FormField>
        </fieldset>
        <OperationNotice state={state} checking={t('repay.checking')} unknown={t('repay.unknown')} onCheckAgain={repay.checkAgain} />
        {confirming && state.phase !== 'editing' ? (
          <ConfirmStep id="repay-confirm" confirmLabel={t('repay.confirmButton')} busy={repay.busy} onConfirm={repay.confirm} onCancel={repay.cancel}>
            {t('repay.confirm', { amount: formatBdt(state.values.amount), loan: loanName.toLowerCase(), account: state.values.accNum })}
          </ConfirmStep>
        ) : (
          <button ref={repay.openerRef} type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {t('repay.submit')}
          </button>
        )}
      </div>
    </form>
  );
}

export default function DebtRepayPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const loanQuery = useLoan(id);
  const accounts = useMyAccounts();
  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader title={t('repay.title')} intro={t('repay.intro')} />
      <QueryState query={loanQuery} notFound={<AccountNotFound message={t('loanDetail.notFound')} />}>
        {(loan) => (
          <div className="flex flex-col gap-6">
            <dl className="grid grid-cols-2 gap-3 rounded-box border border-base-300 bg-base-200/60 p-4 text-sm">
              <div>
                <dt className="text-base-content/80">{t('repay.loanType')}</dt>
                <dd className="font-semibold">{t(`loanRequest.types.${loan.loan}` as 'loanRequest.types.car')}</dd>
              </div>
              <div>
                <dt className="text-base-content/80">{t('repay.outstanding')}</dt>
                <dd className="font-semibold" data-testid="repay-outstanding">
                  {formatBdtNumber(loan.tLAmount)}
                </dd>
              </div>
            </dl>
            <QueryState query={accounts} notFound={null}>
              {(list) => <RepayForm loan={loan} accounts={list} />}
            </QueryState>
          </div>
        )}
      </QueryState>
    </section>
  );
}
