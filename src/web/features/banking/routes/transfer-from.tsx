import { useTranslation } from '../../../lib/use-translation';
import { Link, Navigate, useLocation } from 'react-router';
import { formatAccountType, formatBdtNumber } from '../../../lib/format';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { PageHeader } from '../../../components/ui/page-header';
import { useMyAccounts } from '../api/accounts';
import { hasLoadFailed } from '../../../lib/load-failed';

/**
 * The menu's Transfer: money leaves from one of the customer's active accounts. With one, its
 * transfer form opens at once; with several, the customer picks; with none, says why.
 */
export default function TransferFromPage() {
  const { t } = useTranslation();
  const accounts = useMyAccounts();
  // A receiver chosen on the Saved receivers page (`?receiver=`) goes on to the transfer form.
  const { search } = useLocation();
  const active = accounts.data?.filter((account) => account.status === 'success') ?? [];
  const only = active.length === 1 ? active[0] : undefined;
  if (only) return <Navigate to={`/moneyTrans/${only._id}${search}`} replace />;
  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader title={t('transferFrom.title')} intro={active.length > 1 ? t('transferFrom.intro') : undefined} />
      {accounts.isPending && !hasLoadFailed(accounts) ? <LoadingBlock label={t('common.loading')} /> : null}
      {hasLoadFailed(accounts) ? <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void accounts.refetch()} /> : null}
      {accounts.isSuccess && active.length === 0 ? (
        <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
          <p className="mb-4">{t('transferFrom.noActiveAccount')}</p>
          <Link to="/myAccounts" className="btn btn-primary">
            {t('banking.backToAccounts')}
          </Link>
        </div>
      ) : null}
      <ul className="flex flex-col gap-3">
        {active.map((account) => (
          <li key={account._id}>
            <Link to={`/moneyTrans/${account._id}${search}`} className="flex min-h-14 items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4 hover:border-primary">
              <span>
                <span className="block font-semibold">{formatAccountType(account.accountType)}</span>
                <span className="font-mono text-sm text-base-content/80">{account._id}</span>
              </span>
              <span className="whitespace-nowrap font-semibold">{formatBdtNumber(account.amount)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
