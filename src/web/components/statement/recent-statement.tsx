import { useStatement } from '../../lib/account-queries';
import { hasLoadFailed } from '../../lib/load-failed';
import { useTranslation } from '../../lib/use-translation';
import { ErrorState } from '../ui/error-state';
import { LoadingBlock } from '../ui/loading-block';
import { StatementLines } from './statement-lines';

type RecentStatementProps = { accountId: string; receipts: boolean; texts: { title: string; empty: string; older: string } };

/** An account's latest lines with the running balance, newest first, older ones on request: the customer's and staff's alike. */
export function RecentStatement({ accountId, receipts, texts }: RecentStatementProps) {
  const { t } = useTranslation();
  const statement = useStatement(accountId);
  const lines = statement.data?.pages.flatMap((page) => page.lines);
  return (
    <section aria-labelledby="statement-heading" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="statement-heading" className="card-title">
          {texts.title}
        </h2>
        {statement.isPending && !hasLoadFailed(statement) ? <LoadingBlock label={t('common.loading')} /> : null}
        {hasLoadFailed(statement) ? <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void statement.refetch()} /> : null}
        {lines?.length === 0 ? <p className="text-base-content/80">{texts.empty}</p> : null}
        {lines && lines.length > 0 ? <StatementLines lines={lines} receipts={receipts} listTestId="statement-list" tableTestId="statement" labelledBy="statement-heading" /> : null}
        {statement.hasNextPage ? (
          <div className="text-center">
            <button type="button" className="btn btn-ghost btn-sm" disabled={statement.isFetchingNextPage} onClick={() => void statement.fetchNextPage()}>
              {statement.isFetchingNextPage ? t('common.loading') : texts.older}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
