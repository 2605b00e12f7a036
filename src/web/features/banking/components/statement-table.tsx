import { useTranslation } from '../../../lib/use-translation';
import { describeLine } from '../../../../shared/banking-words';
import { LineReference, ReceiptLink } from '../../../components/statement/statement-period';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { useStatement } from '../../../lib/account-queries';
import { formatBdtNumber, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { hasLoadFailed } from '../../../lib/load-failed';

/** "−1,200.00" for money out, "+500.00" for money in: the sign says the direction without a column. */
function signedAmount(line: { debit: number | null; credit: number | null }): string {
  return line.debit === null ? `+${formatBdtNumber(line.credit ?? 0)}` : `−${formatBdtNumber(line.debit)}`;
}

/** Recent transactions with the running balance, newest first; the statement for a period below it has the downloads. */
export function StatementTable({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const statement = useStatement(accountId);
  const lines = statement.data?.pages.flatMap((page) => page.lines);
  return (
    <section aria-labelledby="statement-heading" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="statement-heading" className="card-title">
          {t('accountDetail.statementTitle')}
        </h2>
        {statement.isPending && !hasLoadFailed(statement) ? <LoadingBlock label={t('common.loading')} /> : null}
        {hasLoadFailed(statement) ? <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void statement.refetch()} /> : null}
        {lines?.length === 0 ? <p className="text-base-content/80">{t('accountDetail.statementEmpty')}</p> : null}
        {lines && lines.length > 0 ? (
          <>
            {/* A phone gets a list: what happened across the width, then when and the signed amount beneath it, no sideways scrolling. */}
            <ul className="divide-y divide-base-200 sm:hidden" data-testid="statement-list">
              {lines.map((line) => (
                <li key={line.id} className="py-3">
                  <p className="font-medium wrap-anywhere">{describeLine(line, currentLanguage())}</p>
                  <LineReference line={line} />
                  <div className="mt-1 flex items-end justify-between gap-3">
                    <div className="min-w-0 text-sm text-base-content/80">
                      <p>{formatDateTime(line.date)}</p>
                      <p>{t('accountDetail.balanceAfter', { amount: formatBdtNumber(line.balance) })}</p>
                      <ReceiptLink line={line} />
                    </div>
                    <p className={`shrink-0 whitespace-nowrap text-right font-semibold ${line.debit === null ? 'text-success' : 'text-error'}`}>{signedAmount(line)}</p>
                  </div>
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
                      <td className="min-w-56">
                        <span className="block">{describeLine(line, currentLanguage())}</span>
                        <LineReference line={line} />
                        <ReceiptLink line={line} />
                      </td>
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
