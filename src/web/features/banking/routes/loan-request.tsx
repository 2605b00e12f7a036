import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { loanDocumentKinds, loanInterestPercentByMonths, loanTypeSlugs } from '../../../../shared/constants';
import { computeLoanTerms, monthlyInstalmentPoisha } from '../../../../shared/loan';
import { parseAmountToPoisha, poishaToDecimalString } from '../../../../shared/money';
import { formatBdt, formatBdtNumber } from '../../../lib/format';
import { amountInPoisha } from '../../../../shared/schemas/amount';
import { loanDurationsMonths, loanRequestSchema } from '../../../../shared/schemas/banking';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { SubmitButton } from '../../../components/ui/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { uploadImageOnce } from '../../../lib/upload-image';
import { type LoanRequestAnswer, sendLoanRequest, useRefreshBanking } from '../api/money';
import { AccountPage } from '../components/account-page';
import { useLoanTypes } from '../../../lib/catalogue-queries';
import { acceptedDocumentTypes, documentFileList } from '../components/photo-field';

const formSchema = loanRequestSchema.omit({ accNum: true, document: true, income: true, lAmount: true }).extend({
  income: amountInPoisha('Monthly income'),
  lAmount: amountInPoisha('Loan amount'),
  document: documentFileList('Proof of income is required'),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const fieldNames = ['loan', 'income', 'company', 'lAmount', 'lDuration', 'document', 'documentKind'] as const;

/** The monthly instalment and the total, from the same shared arithmetic the server uses for the loan. */
function LoanEstimate({ amount, duration }: { amount: unknown; duration: unknown }) {
  const { t } = useTranslation();
  const parsed = parseAmountToPoisha(amount);
  const months = Number(duration);
  if (!parsed.ok || loanInterestPercentByMonths[months] === undefined) return null;
  const terms = computeLoanTerms(parsed.poisha, months);
  return (
    <div className="rounded-box bg-primary/5 p-3 text-primary sm:col-span-2" aria-live="polite" data-testid="loan-estimate">
      <p className="text-sm">{t('loanRequest.emiLabel')}</p>
      <p className="text-2xl font-bold tabular-nums">{formatBdt(monthlyInstalmentPoisha(terms.totalPoisha, months))}</p>
      <p className="text-sm">{t('loanRequest.estimate', { count: months, total: formatBdt(terms.totalPoisha), interest: formatBdt(terms.interestPoisha) })}</p>
    </div>
  );
}

/** The income the chosen loan type asks for, as staff set it in the catalogue. */
function IncomeFloor({ loanType }: { loanType: unknown }) {
  const { t } = useTranslation();
  const { data } = useLoanTypes();
  const entry = data?.find((type) => type.loanType === loanType);
  if (!entry) return null;
  return (
    <p className="text-sm text-base-content/80 sm:col-span-2" data-testid="loan-income-floor">
      {t('loanRequest.incomeFloor', { type: t(`loanRequest.types.${entry.loanType}` as 'loanRequest.types.car'), amount: formatBdtNumber(entry.monthlyIncomeMin) })}
    </p>
  );
}

/** The loan asked for, with its reference: staff decide it, and My loans shows it meanwhile. */
function LoanRequestReceipt({ account, values, reference }: { account: AccountAnswer; values: FormOutput; reference: string }) {
  const { t } = useTranslation();
  return (
    <OperationReceipt
      title={t('loanRequest.success')}
      reference={reference}
      details={[
        [t('loanRequest.loanType'), t(`loanRequest.types.${values.loan}`)],
        [t('loanRequest.amount'), formatBdt(values.lAmount)],
        [t('loanRequest.duration'), t('loanRequest.months', { count: values.lDuration, percent: loanInterestPercentByMonths[values.lDuration] })],
        [t('banking.accountNumber'), account._id],
      ]}
      note={t('loanRequest.receiptNote')}
    >
      <Link to="/myLoans" className="btn btn-primary">
        {t('myLoans.title')}
      </Link>
      <Link to="/myAccounts" className="btn btn-ghost">
        {t('banking.backToAccounts')}
      </Link>
    </OperationReceipt>
  );
}

function LoanRequestForm({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema) });
  const { errors } = form.formState;
  const [amount, duration, loanType] = useWatch({ control: form.control, name: ['lAmount', 'lDuration', 'loan'] });
  const error = (name: keyof FormInput) => errors[name]?.message as string | undefined;

  const requestLoan = useSafeOperation<FormOutput, LoanRequestAnswer>({
    async send(values, key) {
      const file = values.document[0];
      if (!file) throw new Error('the form schema requires a document');
      const document = await uploadImageOnce(file, 'document', key);
      return sendLoanRequest(
        {
          loan: values.loan,
          accNum: account._id,
          income: poishaToDecimalString(values.income),
          company: values.company,
          lAmount: poishaToDecimalString(values.lAmount),
          lDuration: String(values.lDuration),
          document,
          documentKind: values.documentKind,
        },
        key,
      );
    },
    onDone: refresh,
    onRefused: (caught) => applyServerErrors(caught, form.setError, fieldNames, { image: 'document' }),
  });
  const { state } = requestLoan;

  if (state.phase === 'done') return <LoanRequestReceipt account={account} values={state.values} reference={state.answer.insertedId} />;

  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={form.handleSubmit(requestLoan.submit)} noValidate>
      <fieldset className="card-body grid gap-4 sm:grid-cols-2" disabled={requestLoan.busy}>
        <FormField id="loan-type" label={t('loanRequest.loanType')} error={error('loan')}>
          <select className="select w-full" defaultValue="" {...describedBy('loan-type', error('loan'))} {...form.register('loan')}>
            <option value="" disabled>
              {t('loanRequest.chooseLoan')}
            </option>
            {loanTypeSlugs.map((slug) => (
              <option key={slug} value={slug}>
                {t(`loanRequest.types.${slug}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="loan-duration" label={t('loanRequest.duration')} error={error('lDuration')}>
          <select className="select w-full" defaultValue="" {...describedBy('loan-duration', error('lDuration'))} {...form.register('lDuration')}>
            <option value="" disabled>
              {t('loanRequest.chooseDuration')}
            </option>
            {loanDurationsMonths.map((months) => (
              <option key={months} value={String(months)}>
                {t('loanRequest.months', { count: months, percent: loanInterestPercentByMonths[months] })}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="loan-amount" label={t('loanRequest.amount')} error={error('lAmount')}>
          <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy('loan-amount', error('lAmount'))} {...form.register('lAmount')} />
        </FormField>
        <FormField id="loan-income" label={t('loanRequest.income')} error={error('income')}>
          <input className="input w-full" inputMode="decimal" autoComplete="off" {...describedBy('loan-income', error('income'))} {...form.register('income')} />
        </FormField>
        <IncomeFloor loanType={loanType} />
        <LoanEstimate amount={amount} duration={duration} />
        <div className="sm:col-span-2">
          <FormField id="loan-company" label={t('loanRequest.company')} error={error('company')}>
            <input className="input w-full" autoComplete="organization" {...describedBy('loan-company', error('company'))} {...form.register('company')} />
          </FormField>
        </div>
        <FormField id="loan-documentKind" label={t('loanRequest.documentKind')} error={error('documentKind')}>
          <select className="select w-full" defaultValue="" {...describedBy('loan-documentKind', error('documentKind'))} {...form.register('documentKind')}>
            <option value="" disabled>
              {t('loanRequest.chooseDocumentKind')}
            </option>
            {loanDocumentKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`loanRequest.documentKinds.${kind}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="loan-document" label={t('loanRequest.document')} error={error('document')} hint={t('loanRequest.documentHint')}>
          <input type="file" accept={acceptedDocumentTypes} className="file-input w-full" {...describedBy('loan-document', error('document'), t('loanRequest.documentHint'))} {...form.register('document')} />
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

export default function LoanRequestPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <AccountPage accountId={id} title={t('loanRequest.title')} intro={t('loanRequest.intro')}>
      {(account) => <LoanRequestForm account={account} />}
    </AccountPage>
  );
}
