import type { AccountLimitAnswer } from '../../../../shared/schemas/limits';
import { formatBdtNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

/** The account's transfer limits and what is left of today's, above the amount they bound. */
export function TransferLimitsLine({ limits }: { limits: AccountLimitAnswer }) {
  const { t } = useTranslation();
  return (
    <p className="rounded-box bg-base-200/60 px-3 py-2 text-sm text-base-content/80" data-testid="transfer-limits">
      {t('transferLimits.line', { perTransfer: formatBdtNumber(limits.perTransfer), perDay: formatBdtNumber(limits.perDay) })}{' '}
      <strong className="font-semibold text-base-content">{t('transferLimits.leftToday', { left: formatBdtNumber(limits.leftToday) })}</strong>
    </p>
  );
}
