import type { UseFormRegisterReturn } from 'react-hook-form';
import { loanInterestPercentByMonths, loanTypeSlugs } from '../../../../shared/constants';
import { computeLoanTerms, monthlyInstalmentPoisha } from '../../../../shared/loan';
import { parseAmountToPoisha } from '../../../../shared/money';
import { loanDurationsMonths } from '../../../../shared/schemas/banking';
import { ChoiceField } from '../../../components/ui/choice-field';
import { useLoanTypes } from '../../../lib/catalogue-queries';
import { formatBdt, formatBdtNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

type LoanTermsFieldsProps = { error: (name: 'loan' | 'lDuration') => string | undefined; register: (name: 'loan' | 'lDuration') => UseFormRegisterReturn };

/** Which loan, and over how many months (each with its interest). */
export function LoanTermsFields({ error, register }: LoanTermsFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <ChoiceField
        id="loan-type"
        label={t('loanRequest.loanType')}
        error={error('loan')}
        prompt={t('loanRequest.chooseLoan')}
        choices={loanTypeSlugs.map((slug) => ({ value: slug, label: t(`loanRequest.types.${slug}`) }))}
        registration={register('loan')}
      />
      <ChoiceField
        id="loan-duration"
        label={t('loanRequest.duration')}
        error={error('lDuration')}
        prompt={t('loanRequest.chooseDuration')}
        choices={loanDurationsMonths.map((months) => ({ value: String(months), label: t('loanRequest.months', { count: months, percent: loanInterestPercentByMonths[months] }) }))}
        registration={register('lDuration')}
      />
    </>
  );
}

/** The monthly instalment and the total, from the same shared arithmetic the server uses for the loan. */
export function LoanEstimate({ amount, duration }: { amount: unknown; duration: unknown }) {
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
export function IncomeFloor({ loanType }: { loanType: unknown }) {
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
