import { useTranslation } from 'react-i18next';
import { formatBdtNumber } from '../../../../shared/money';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { useStatement } from '../api/accounts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Dhaka' });

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
        {statement.isPending ? <LoadingBlock label={t('common.loading')} /> : null}
        {statement.isError ? <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void statement.refetch()} /> : null}
        {lines?.length === 0 ? <p className="text-base-content/70">{t('accountDetail.statementEmpty')}</p> : null}
        {lines && lines.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="table table-zebra table-sm" data-testid="statement">
              <thead>
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
                    <td className="whitespace-nowrap">{dateFormat.format(new Date(line.date))}</td>
                    <td className="min-w-56">{line.description}</td>
                    <td className="whitespace-nowrap text-right text-error">{line.debit === null ? '' : formatBdtNumber(line.debit)}</td>
                    <td className="whitespace-nowrap text-right text-success">{line.credit === null ? '' : formatBdtNumber(line.credit)}</td>
                    <td className="whitespace-nowrap text-right font-semibold">{formatBdtNumber(line.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
