import { Link } from 'react-router';
import type { PublicTerms } from '../../../../shared/schemas/interest-terms';
import { formatBdtNumber, formatDate, formatDigits, formatPercent } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { useCatalogueRates } from '../api/get-catalogue-entry';

/** An account type's rate tiers and how interest is credited, from the terms in force. */
export function AccountTypeInterest({ interest }: { interest: PublicTerms }) {
  const { t } = useTranslation();
  const [only] = interest.tiers;
  return (
    <section aria-labelledby="interest-title" className="mt-8 rounded-box border border-base-300 bg-base-100 p-5" data-testid="account-type-interest">
      <h2 id="interest-title" className="text-xl font-semibold">
        {t('catalogue.interest.title')}
      </h2>
      {interest.tiers.length === 1 && only ? (
        <p className="mt-2 text-2xl font-bold text-primary tabular-nums">{t('catalogue.interest.flat', { rate: formatPercent(only.annualRatePercent) })}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1">
          {interest.tiers.map((tier) => (
            <li key={tier.balanceMin} className="tabular-nums">
              <span className="font-bold text-primary">{formatPercent(tier.annualRatePercent)}</span> {t('catalogue.interest.fromBalance', { amount: formatBdtNumber(tier.balanceMin) })}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm text-base-content/80">
        {t(`catalogue.interest.postings.${interest.posting}`)}
        {interest.balanceToEarnMin > 0 ? ` ${t('catalogue.interest.earnsFrom', { amount: formatBdtNumber(interest.balanceToEarnMin) })}` : ''}
      </p>
      <p className="mt-1 text-xs text-base-content/70">{t('catalogue.interest.since', { date: formatDate(interest.effectiveFrom) })}</p>
    </section>
  );
}

/** The FDR rates offered today, with the way to open one. */
export function FdrRatesTable() {
  const { t } = useTranslation();
  const rates = useCatalogueRates();
  if (!rates.data || rates.data.fdr.length === 0) return null;
  return (
    <section aria-labelledby="fdr-rates-title" className="mt-8" data-testid="public-fdr-rates">
      <h2 id="fdr-rates-title" className="text-xl font-semibold">
        {t('catalogue.fdr.title')}
      </h2>
      {/* Focusable, so a keyboard can scroll the table sideways should a phone be narrower still. */}
      <div className="mt-3 overflow-x-auto rounded-box border border-base-300 bg-base-100" tabIndex={0} role="region" aria-labelledby="fdr-rates-title">
        <table className="table table-sm [&_td]:px-2 [&_th]:px-2 sm:[&_td]:px-4 sm:[&_th]:px-4">
          <thead>
            <tr>
              <th>{t('catalogue.fdr.term')}</th>
              <th className="text-right">{t('catalogue.fdr.rate')}</th>
              <th className="text-right">{t('catalogue.fdr.minimum')}</th>
            </tr>
          </thead>
          <tbody>
            {rates.data.fdr.map((rate) => (
              <tr key={rate.termMonths}>
                <td>{t('catalogue.fdr.months', { count: rate.termMonths, months: formatDigits(String(rate.termMonths)) })}</td>
                <td className="text-right font-semibold tabular-nums">{formatPercent(rate.annualRatePercent)}</td>
                <td className="whitespace-nowrap text-right tabular-nums">{formatBdtNumber(rate.principalMin)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-base-content/70">{t('catalogue.fdr.note')}</p>
      <Link to="/fdr" className="btn btn-outline btn-primary btn-sm mt-3">
        {t('catalogue.fdr.open')}
      </Link>
    </section>
  );
}
