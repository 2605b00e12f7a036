import { useTranslation } from '../../../lib/use-translation';
import { formatBdtNumber, formatDateTime } from '../../../lib/format';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { LineReference } from '../../../components/statement/statement-period';
import { useStatement } from '../../../lib/account-queries';
import { errorMessage } from '../../../lib/error-message';
import { Cell, DataTable, Row } from './data-table';

/** The account's journal lines with the running balance, newest first; older lines on request. */
export function AccountStatement({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const statement = useStatement(accountId);
  const lines = statement.data?.pages.flatMap((page) => page.lines) ?? [];
  const columns = [
    { label: t('dashboard.accountDetail.date') },
    { label: t('dashboard.accountDetail.description') },
    { label: t('dashboard.accountDetail.debit'), className: 'text-right' },
    { label: t('dashboard.accountDetail.credit'), className: 'text-right' },
    { label: t('dashboard.accountDetail.runningBalance'), className: 'text-right' },
  ];
  return (
    <section aria-labelledby="statement-heading" className="rounded-box border border-base-300 bg-base-100 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-base-300 px-4 py-3">
        <h2 id="statement-heading" className="text-lg font-semibold">
          {t('dashboard.accountDetail.statementTitle')}
        </h2>
      </div>
      {statement.isPending ? <LoadingBlock label={t('common.loading')} /> : null}
      {statement.isError ? (
        <div role="alert" className="alert alert-error alert-soft m-4">
          <span>{errorMessage(statement.error, t)}</span>
          <button type="button" className="btn btn-sm" onClick={() => void statement.refetch()}>
            {t('dashboard.list.retry')}
          </button>
        </div>
      ) : null}
      {statement.isSuccess && lines.length === 0 ? <p className="px-4 py-10 text-center text-base-content/70">{t('dashboard.accountDetail.statementEmpty')}</p> : null}
      {lines.length > 0 ? (
        <DataTable columns={columns} testId="statement">
          {lines.map((line) => (
            <Row key={line.id}>
              <Cell label={t('dashboard.accountDetail.date')} className="whitespace-nowrap text-sm">
                {formatDateTime(line.date)}
              </Cell>
              <Cell label={t('dashboard.accountDetail.description')}>
                {line.description}
                <LineReference line={line} />
              </Cell>
              <Cell label={t('dashboard.accountDetail.debit')} className={`whitespace-nowrap text-right tabular-nums text-error ${line.debit === null ? 'max-md:hidden' : ''}`}>
                {line.debit === null ? '' : formatBdtNumber(line.debit)}
              </Cell>
              <Cell label={t('dashboard.accountDetail.credit')} className={`whitespace-nowrap text-right tabular-nums text-success ${line.credit === null ? 'max-md:hidden' : ''}`}>
                {line.credit === null ? '' : formatBdtNumber(line.credit)}
              </Cell>
              <Cell label={t('dashboard.accountDetail.runningBalance')} className="whitespace-nowrap text-right font-semibold tabular-nums">
                {formatBdtNumber(line.balance)}
              </Cell>
            </Row>
          ))}
        </DataTable>
      ) : null}
      {statement.hasNextPage ? (
        <div className="border-t border-base-300 px-4 py-3 text-center">
          <button type="button" className="btn btn-ghost btn-sm" disabled={statement.isFetchingNextPage} onClick={() => void statement.fetchNextPage()}>
            {statement.isFetchingNextPage ? t('dashboard.list.working') : t('dashboard.accountDetail.statementOlder')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
