import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { useStatement } from '../../../lib/account-queries';
import { formatBdtNumber, formatDateTime } from '../../../lib/format';
import { hasLoadFailed } from '../../../lib/load-failed';

/** "−1,200.00" for money out, "+500.00" for money in: the sign says the direction without a column. */
function signedAmount(line: { debit: number | null; credit: number | null }): string {
  return line.debit === null ? `+${formatBdtNumber(line.credit ?? 0)}` : `−${formatBdtNumber(line.debit)}`;
}

/** Recent transactions with the running balance, newest first, and a CSV of the same lines. */
export function StatementTable({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const statement = useStatement(accountId);
  const lines = statement.data?.pages.flatMap((page) => page.lines);
  return (
    <section aria-labelledby="statement-heading" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="statement-heading" className="card-title">
            {t('accountDetail.statementTitle')}
          </h2>
          <a className="btn btn-outline btn-primary btn-sm" href={`/api/accountStatement/${encodeURIComponent(accountId)}/csv`} download>
            {t('accountDetail.downloadCsv')}
          </a>
        </div>
        {statement.isPending && !hasLoadFailed(statement) ? <LoadingBlock label={t('common.loading')} /> : null}
        {hasLoadFailed(statement) ? <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void statement.refetch()} /> : null}
        {lines?.length === 0 ? <p className="text-base-content/80">{t('accountDetail.statementEmpty')}</p> : null}
        {lines && lines.length > 0 ? (
          <>
            {/* A phone gets a list: what happened on the left, the signed amount on the right, no sideways scrolling. */}
            <ul className="divide-y divide-base-200 sm:hidden" data-testid="statement-list">
              {lines.map((line) => (
                <li key={line.id} className="flex items-start justify-between gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium wrap-anywhere">{line.description}</p>
                    <p className="text-sm text-base-content/80">{formatDateTime(line.date)}</p>
                    <p className="text-sm text-base-content/80">{t('accountDetail.balanceAfter', { amount: formatBdtNumber(line.balance) })}</p>
                  </div>
                  <p className={`shrink-0 whitespace-nowrap text-right font-semibold ${line.debit === null ? 'text-success' : 'text-error'}`}>{signedAmount(line)}</p>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto sm:block" tabIndex={0} role="region" aria-labelledby="statement-heading">
              <table className="table table-zebra table-sm" data-testid="statement">
                <thead className="text-base-content/80">
                  <tr>
                    <th scope="col">{t('accountDetail.date')}</th>
                    <th scope="col">{t('accountDetail.description')}</th>
                    <th scope="col" className="text-right">{t('accountDetail.debit')}</th>
                    <th scope="col" className="text-right">{t('accountDetail.credit')}</th>
                    <th scope="col" className="text-right">{t('accountDetail.runningBalance')}</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => (
                    <tr key={line.id}>
                      <td className="whitespace-nowrap">{formatDateTime(line.date)}</td>
                      <td className="min-w-56">{line.description}</td>
                      <td className="whitespace-nowrap text-right text-error">{line.debit === null ? '' : formatBdtNumber(line.debit)}</td>
                      <td className="whitespace-nowrap text-right text-success">{line.credit === null ? '' : formatBdtNumber(line.credit)}</td>
                      <td className="whitespace-nowrap text-right font-semibold">{formatBdtNumber(line.balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
        {statement.hasNextPage ? (
          <div className="text-center">
            <button type="button" className="btn btn-ghost btn-sm" disabled={statement.isFetchingNextPage} onClick={() => void statement.fetchNextPage()}>
              {statement.isFetchingNextPage ? t('common.loading') : t('accountDetail.statementOlder')}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
