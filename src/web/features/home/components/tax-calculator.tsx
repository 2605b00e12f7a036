import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { taxFormSchema, type TaxFormInput } from '../../../../shared/schemas/tax';
import { estimateIncomeTax, taxBrackets } from '../../../../shared/tax';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { SectionHeading } from './section-heading';
import { formatBdt } from '../../../lib/format';

type Estimate = { salaryPoisha: bigint; ratePercent: bigint; taxPoisha: bigint };

/** Each bracket as "Up to 3,00,000.00 BDT · 5 %", from the same table the calculation uses. */
function BracketTable() {
  const { t } = useTranslation();
  return (
    <table className="table table-sm">
      <caption className="mb-2 text-left text-sm font-semibold">{t('tax.bracketsTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tax.bracketSalary')}</th>
          <th scope="col" className="text-right">
            {t('tax.bracketRate')}
          </th>
        </tr>
      </thead>
      <tbody>
        {taxBrackets.map((bracket, position) => {
          const previous = taxBrackets[position - 1]?.salaryPoishaMax ?? 0n;
          const label = bracket.salaryPoishaMax === null ? t('tax.bracketAbove', { amount: formatBdt(previous) }) : t('tax.bracketUpTo', { amount: formatBdt(bracket.salaryPoishaMax) });
          return (
            <tr key={label}>
              <td>{label}</td>
              <td className="text-right font-semibold tabular-nums">{bracket.ratePercent.toString()} %</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function TaxCalculator() {
  const { t } = useTranslation();
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const form = useForm<TaxFormInput>({ resolver: zodResolver(taxFormSchema), defaultValues: { salary: '' } });
  const salaryError = form.formState.errors.salary?.message;

  const onSubmit = form.handleSubmit(({ salary }) => {
    const result = estimateIncomeTax(salary);
    setEstimate(result.ok ? result : null);
  });

  return (
    <section aria-labelledby="home-tax">
      <SectionHeading id="home-tax" title={t('tax.title')} intro={t('tax.intro')} />
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body grid gap-8 p-6 md:grid-cols-2 md:p-8">
          <div className="flex flex-col gap-5">
            <form className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={onSubmit} noValidate>
              <div className="flex-1">
                <FormField id="tax-salary" label={t('tax.salary')} error={salaryError} hint={t('tax.salaryHint')}>
                  <div className={`input w-full ${salaryError ? 'input-error' : ''}`}>
                    <input
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder={t('tax.placeholder')}
                      {...describedBy('tax-salary', salaryError, t('tax.salaryHint'))}
                      {...form.register('salary', { onChange: () => setEstimate(null) })}
                    />
                    <span className="text-sm text-base-content/80" aria-hidden="true">
                      BDT
                    </span>
                  </div>
                </FormField>
              </div>
              {/* Level with the input: the label above it is 1.5rem tall. */}
              <button type="submit" className="btn btn-primary sm:mt-6">
                {t('tax.calculate')}
              </button>
            </form>
            <div aria-live="polite" className="min-h-[6.5rem] rounded-box bg-base-200 p-5">
              {estimate ? (
                <>
                  <p className="text-sm font-medium text-base-content/80">{t('tax.resultLabel')}</p>
                  <p className="text-3xl font-bold text-primary tabular-nums" data-testid="tax-result">
                    {formatBdt(estimate.taxPoisha)}
                  </p>
                  <p className="mt-1 text-sm text-base-content/80">
                    {estimate.ratePercent === 0n
                      ? t('tax.noTax', { salary: formatBdt(estimate.salaryPoisha) })
                      : t('tax.resultDetail', { rate: estimate.ratePercent.toString(), salary: formatBdt(estimate.salaryPoisha) })}
                  </p>
                </>
              ) : (
                <p className="text-sm text-base-content/80">{t('tax.emptyResult')}</p>
              )}
            </div>
            <p className="text-xs leading-relaxed text-base-content/80">{t('tax.disclaimer')}</p>
          </div>
          {/* Focusable, so a keyboard can scroll the table sideways when it does not fit (WCAG 2.1.1). */}
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('tax.bracketsTitle')}>
            <BracketTable />
          </div>
        </div>
      </div>
    </section>
  );
}
