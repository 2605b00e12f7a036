import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { loanInterestPercentByMonths, loanTypeSlugs } from '../../../../shared/constants';
import { computeLoanTerms } from '../../../../shared/loan';
import { parseAmountToPoisha, poishaToDecimalString } from '../../../../shared/money';
import { formatBdt } from '../../../lib/format';
import { amountInPoisha } from '../../../../shared/schemas/amount';
import { loanDurationsMonths, loanRequestSchema } from '../../../../shared/schemas/banking';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { OperationNotice } from '../../../components/ui/operation-notice';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { SubmitButton } from '../../../components/ui/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSafeOperation } from '../../../lib/use-safe-operation';
import { uploadImageOnce } from '../../images/api/upload-image';
import { sendLoanRequest, useRefreshBanking, type WriteAnswer } from '../api/money';
import { AccountPage } from '../components/account-page';
import { acceptedImageTypes, imageFileList } from '../components/photo-field';

const formSchema = loanRequestSchema.omit({ accNum: true, passport: true, income: true, lAmount: true }).extend({
  income: amountInPoisha('Monthly income'),
  lAmount: amountInPoisha('Loan amount'),
  passport: imageFileList('Passport image is required'),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const fieldNames = ['loan', 'income', 'company', 'lAmount', 'lDuration', 'passport', 'evidence'] as const;

function LoanEstimate({ amount, duration }: { amount: unknown; duration: unknown }) {
  const { t } = useTranslation();
  const parsed = parseAmountToPoisha(amount);
  const months = Number(duration);
  if (!parsed.ok || loanInterestPercentByMonths[months] === undefined) return null;
  const terms = computeLoanTerms(parsed.poisha, months);
  return (
    <p className="rounded-box bg-primary/5 p-3 text-sm font-medium text-primary sm:col-span-2" aria-live="polite">
      {t('loanRequest.estimate', { total: formatBdt(terms.totalPoisha), interest: formatBdt(terms.interestPoisha) })}
    </p>
  );
}

function LoanRequestForm({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  const refresh = useRefreshBanking();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema) });
  const { errors } = form.formState;
  const [amount, duration] = useWatch({ control: form.control, name: ['lAmount', 'lDuration'] });
  const error = (name: keyof FormInput) => errors[name]?.message as string | undefined;

  const requestLoan = useSafeOperation<FormOutput, WriteAnswer>({
    async send(values, key) {
      const file = values.passport[0];
      if (!file) throw new Error('the form schema requires a passport image');
      const passport = await uploadImageOnce(file, 'document', key);
      return sendLoanRequest(
        {
          loan: values.loan,
          accNum: account._id,
          income: poishaToDecimalString(values.income),
          company: values.company,
          lAmount: poishaToDecimalString(values.lAmount),
          lDuration: String(values.lDuration),
          passport,
          evidence: values.evidence,
        },
        key,
      );
    },
    onDone: refresh,
    onRefused: (caught) => applyServerErrors(caught, form.setError, fieldNames, { image: 'passport' }),
  });
  const { state } = requestLoan;

  if (state.phase === 'done') {
    return (
      <OperationReceipt
        title={t('loanRequest.success')}
        reference={state.answer.insertedId}
        details={[
          [t('loanRequest.loanType'), t(`loanRequest.types.${state.values.loan}`)],
          [t('loanRequest.amount'), formatBdt(state.values.lAmount)],
          [t('loanRequest.duration'), t('loanRequest.months', { count: state.values.lDuration, percent: loanInterestPercentByMonths[state.values.lDuration] })],
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
        <LoanEstimate amount={amount} duration={duration} />
        <div className="sm:col-span-2">
          <FormField id="loan-company" label={t('loanRequest.company')} error={error('company')}>
            <input className="input w-full" autoComplete="organization" {...describedBy('loan-company', error('company'))} {...form.register('company')} />
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <FormField id="loan-passport" label={t('loanRequest.passport')} error={error('passport')} hint={t('loanRequest.passportHint')}>
            <input type="file" accept={acceptedImageTypes} className="file-input w-full" {...describedBy('loan-passport', error('passport'), t('loanRequest.passportHint'))} {...form.register('passport')} />
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <FormField id="loan-evidence" label={t('loanRequest.evidence')} error={error('evidence')} hint={t('loanRequest.evidenceHint')}>
            <textarea className="textarea h-28 w-full" maxLength={2000} {...describedBy('loan-evidence', error('evidence'), t('loanRequest.evidenceHint'))} {...form.register('evidence')} />
          </FormField>
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
