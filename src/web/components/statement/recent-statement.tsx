import { useStatement } from '../../lib/account-queries';
import { useTranslation } from '../../lib/use-translation';
import { QueryState } from '../ui/query-state';
import { StatementLines } from './statement-lines';

type RecentStatementProps = { accountId: string; receipts: boolean; texts: { title: string; empty: string; older: string } };

/** An account's latest lines with the running balance, newest first, older ones on request: the customer's and staff's alike. */
export function RecentStatement({ accountId, receipts, texts }: RecentStatementProps) {
  const { t } = useTranslation();
  const statement = useStatement(accountId);
  return (
    <section aria-labelledby="statement-heading" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="statement-heading" className="card-title">
          {texts.title}
        </h2>
        <QueryState query={statement} isEmpty={(loaded) => loaded.pages.every((page) => page.lines.length === 0)} empty={<p className="text-base-content/80">{texts.empty}</p>}>
          {(loaded) => <StatementLines lines={loaded.pages.flatMap((page) => page.lines)} receipts={receipts} listTestId="statement-list" tableTestId="statement" labelledBy="statement-heading" />}
        </QueryState>
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
