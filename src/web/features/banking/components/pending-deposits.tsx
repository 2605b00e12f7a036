import { useTranslation } from '../../../lib/use-translation';
import { bdtNumberToPoisha } from '../../../../shared/money';
import type { DepositAnswer } from '../../../../shared/schemas/banking-answers';
import { formatBdt } from '../../../lib/format';
import { StatusBadge } from '../../../components/ui/status-badge';

/**
 * Deposits staff have not yet approved, under the balance they will join: without it a customer
 * who just asked for a deposit sees the old balance and nothing else. Summed in poisha.
 */
export function PendingDeposits({ deposits }: { deposits: DepositAnswer[] }) {
  const { t } = useTranslation();
  if (deposits.length === 0) return null;
  const totalPoisha = deposits.reduce((sum, deposit) => sum + bdtNumberToPoisha(deposit.depositAmount), 0n);
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="pending-deposits">
      <StatusBadge status="pending" label={t('banking.status.pending')} />
      <span>{t('myAccounts.pendingDeposits', { amount: formatBdt(totalPoisha), count: deposits.length })}</span>
    </p>
  );
}
