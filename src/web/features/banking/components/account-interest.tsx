import type { AccountInterest } from '../../../../shared/schemas/interest-terms';
import { formatBdtNumber, formatDate, formatPercent } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

/**
 * What an account earns, as `dt`/`dd` pairs for the page's list: the rate its balance reaches
 * today, how interest is credited, and what has accrued since the last credit. The accrued
 * figure is rounded down to the poisha and named "accrued, not yet posted": it is credited, with
 * the source tax taken from it, at the period's end.
 */
export function AccountInterestFacts({ interest }: { interest: AccountInterest }) {
  const { t } = useTranslation();
  return (
    <>
      <div data-testid="account-rate">
        <dt className="text-base-content/80">{t('accountInterest.rate')}</dt>
        <dd>
          <span className="font-semibold tabular-nums">{formatPercent(interest.annualRatePercent)}</span>
          <span className="block text-xs text-base-content/70">{t(`accountInterest.postings.${interest.posting}`)}</span>
          {interest.balanceToEarnMin > 0 ? <span className="block text-xs text-base-content/70">{t('accountInterest.earnsFrom', { amount: formatBdtNumber(interest.balanceToEarnMin) })}</span> : null}
        </dd>
      </div>
      <div data-testid="account-accrued">
        <dt className="text-base-content/80">{t('accountInterest.accrued')}</dt>
        <dd>
          <span className="font-semibold tabular-nums">{formatBdtNumber(interest.accruedNotPosted)}</span>
          <span className="block text-xs text-base-content/70">
            {interest.lastPostedOn ? t('accountInterest.since', { date: formatDate(interest.lastPostedOn) }) : t('accountInterest.sinceOpening')}
          </span>
        </dd>
      </div>
    </>
  );
}
