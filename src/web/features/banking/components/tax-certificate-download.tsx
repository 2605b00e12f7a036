import { useState } from 'react';
import { dhakaDay } from '../../../../shared/dates';
import { formatCount } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { taxCertificateUrl } from '../api/tax-certificate';

/** Ten years back at most: what a return or an assessment asks for. */
const yearsShownMax = 10;

/**
 * The years one can ask a certificate for: this year back to the year the account was opened
 * (ten at most), newest first. The year just ended is chosen first: this year's is not complete
 * until its excise duty is charged on 31 December.
 */
function certificateYears(openedAt: string): { years: number[]; chosen: number } {
  const thisYear = Number(dhakaDay(new Date()).slice(0, 4));
  const openedYear = Number(dhakaDay(new Date(openedAt)).slice(0, 4));
  const first = Math.max(openedYear, thisYear - yearsShownMax + 1);
  const years = Array.from({ length: thisYear - first + 1 }, (_, index) => thisYear - index);
  return { years, chosen: years.includes(thisYear - 1) ? thisYear - 1 : thisYear };
}

/** A year to choose and the link that downloads that year's tax certificate of the account as a PDF. */
export function TaxCertificateDownload({ accountId, openedAt }: { accountId: string; openedAt: string }) {
  const { t } = useTranslation();
  const { years, chosen } = certificateYears(openedAt);
  const [year, setYear] = useState(chosen);
  return (
    <section aria-labelledby="tax-certificate-heading" className="card border border-base-300 bg-base-100 shadow-sm" data-testid="tax-certificate">
      <div className="card-body gap-4 max-sm:p-4">
        <div>
          <h2 id="tax-certificate-heading" className="card-title">
            {t('taxCertificate.title')}
          </h2>
          <p className="text-sm text-base-content/80">{t('taxCertificate.intro')}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="flex flex-col gap-1" htmlFor="tax-certificate-year">
            <span className="text-sm font-medium">{t('taxCertificate.year')}</span>
            <select id="tax-certificate-year" className="select w-full sm:w-40" value={year} onChange={(event) => setYear(Number(event.target.value))}>
              {years.map((option) => (
                <option key={option} value={option}>
                  {formatCount(option)}
                </option>
              ))}
            </select>
          </label>
          <a className="btn btn-outline btn-primary w-full sm:w-auto" href={taxCertificateUrl(accountId, year)} download>
            {t('taxCertificate.download')}
          </a>
        </div>
        <p className="text-sm text-base-content/80">{t('taxCertificate.note')}</p>
      </div>
    </section>
  );
}
