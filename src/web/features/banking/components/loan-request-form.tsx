import { loanDocumentKinds } from '../../../../shared/constants';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { ChoiceField } from '../../../components/ui/choice-field';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useTranslation } from '../../../lib/use-translation';
import { IncomeFloor, LoanEstimate, LoanTermsFields } from './loan-request-fields';
import { LoanRequestReceipt } from './loan-request-receipt';
import { acceptedDocumentTypes } from './photo-field';
import { useLoanRequestForm } from './use-loan-request-form';

/** A loan asked for on one account: its terms with the estimate as they are typed, the income and its proof; the receipt once sent. */
export function LoanRequestForm({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  const { form, error, requestLoan, watched } = useLoanRequestForm(account);
  const { state } = requestLoan;

  if (state.phase === 'done') return <LoanRequestReceipt account={account} values={state.values} reference={state.answer.insertedId} />;

  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={form.handleSubmit(requestLoan.submit)} noValidate>
      <fieldset className="card-body grid gap-4 sm:grid-cols-2" disabled={requestLoan.busy}>
        <LoanTermsFields error={error} register={(name) => form.register(name)} />
        <FormField id="loan-amount" label={t('loanRequest.amount')} error={error('lAmount')}>
          <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy('loan-amount', error('lAmount'))} {...form.register('lAmount')} />
        </FormField>
        <FormField id="loan-income" label={t('loanRequest.income')} error={error('income')}>
          <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy('loan-income', error('income'))} {...form.register('income')} />
        </FormField>
        <IncomeFloor loanType={watched.loanType} />
        <LoanEstimate amount={watched.amount} duration={watched.duration} />
        <div className="sm:col-span-2">
          <FormField id="loan-company" label={t('loanRequest.company')} error={error('company')}>
            <input className="input w-full" autoComplete="organization" {...describedBy('loan-company', error('company'))} {...form.register('company')} />
          </FormField>
        </div>
        <ChoiceField
          id="loan-documentKind"
          label={t('loanRequest.documentKind')}
          error={error('documentKind')}
          prompt={t('loanRequest.chooseDocumentKind')}
          choices={loanDocumentKinds.map((kind) => ({ value: kind, label: t(`loanRequest.documentKinds.${kind}`) }))}
          registration={form.register('documentKind')}
        />
        <FormField id="loan-document" label={t('loanRequest.document')} error={error('document')} hint={t('loanRequest.documentHint')}>
          <input
            type="file"
            accept={acceptedDocumentTypes}
            className="file-input w-full"
            {...describedBy('loan-document', error('document'), t('loanRequest.documentHint'))}
            {...form.register('document')}
          />
        </FormField>
        <div className="rounded-box border border-base-300 p-3 text-sm sm:col-span-2">
          <p className="font-medium">{t('loanRequest.identity')}</p>
          <p className="text-base-content/80">{t('loanRequest.identityNote', { nid: account.nid })}</p>
        </div>
        <div className="flex flex-col gap-4 sm:col-span-2">
          <OperationNotice state={state} checking={t('loanRequest.checking')} unknown={t('loanRequest.unknown')} onCheckAgain={requestLoan.checkAgain} />
          <SubmitButton busy={requestLoan.busy} label={t('loanRequest.submit')} className="w-full sm:w-auto sm:self-start" />
        </div>
      </fieldset>
    </form>
  );
}
