import { useTranslation } from '../../../lib/use-translation';
import { formatBdtNumber } from '../../../lib/format';
import { formatAccountType } from '../../../lib/format-account-type';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { StatusBadge } from '../../../components/ui/status-badge';

/** The account a form acts on, shown above the form so the customer knows which one it is. */
export function AccountSummary({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-box border border-base-300 bg-base-200/60 p-4 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-base-content/80">{t('banking.accountNumber')}</dt>
        <dd className="font-mono font-semibold" data-testid="summary-account-number">
          {account._id}
        </dd>
      </div>
      <div>
        <dt className="text-base-content/80">{t('banking.accountType')}</dt>
        <dd className="font-semibold">{formatAccountType(account.accountType)}</dd>
      </div>
      <div>
        <dt className="text-base-content/80">{t('banking.balance')}</dt>
        <dd className="font-semibold" data-testid="summary-balance">
          {formatBdtNumber(account.amount)}
        </dd>
      </div>
      <div>
        <dt className="sr-only">{t('accountDetail.title')}</dt>
        <dd>
          <StatusBadge status={account.status} label={t(`banking.status.${account.status}`)} />
        </dd>
      </div>
    </dl>
  );
}
