import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { loanInterestPercentByMonths, loanTypeSlugs } from '../../../../shared/constants';
import { computeLoanTerms } from '../../../../shared/loan';
import { formatBdt, parseAmountToPoisha, poishaToDecimalString } from '../../../../shared/money';
import { amountInPoisha } from '../../../../shared/schemas/amount';
import { loanDurationsMonths, loanRequestSchema } from '../../../../shared/schemas/banking';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { uploadImage } from '../../images/api/upload-image';
import { useRequestLoan } from '../api/money';
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
  const navigate = useNavigate();
  const requestLoan = useRequestLoan();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema) });
  const { errors, isSubmitting } = form.formState;
  const [amount, duration] = useWatch({ control: form.control, name: ['lAmount', 'lDuration'] });
  const error = (name: keyof FormInput) => errors[name]?.message as string | undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const file = values.passport[0];
      if (!file) return;
      const passport = await uploadImage(file, 'document');
      await requestLoan.mutateAsync({
        loan: values.loan,
        accNum: account._id,
        income: poishaToDecimalString(values.income),
        company: values.company,
        lAmount: poishaToDecimalString(values.lAmount),
        lDuration: String(values.lDuration),
        passport,
        evidence: values.evidence,
      });
      toast.success(t('loanRequest.success'));
      await navigate('/myAccounts');
    } catch (caught) {
      const message = applyServerErrors(caught, form.setError, fieldNames, { image: 'passport' });
      toast.error(message ?? t('banking.actionFailed'));
    }
  });

  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
      <div className="card-body grid gap-4 sm:grid-cols-2">
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
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
            {t('loanRequest.submit')}
          </button>
        </div>
      </div>
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
