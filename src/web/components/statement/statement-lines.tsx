import { describeLine } from '../../../shared/banking-words';
import type { StatementAnswer } from '../../../shared/schemas/banking-answers';
import { transferReceiptUrl } from '../../lib/account-queries';
import { formatBdtNumber, formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';

type Line = StatementAnswer['lines'][number];

/** "−1,200.00" for money out, "+500.00" for money in: the sign says the direction without a column. */
const signedAmount = (line: Pick<Line, 'debit' | 'credit'>) => (line.debit === null ? `+${formatBdtNumber(line.credit ?? 0)}` : `−${formatBdtNumber(line.debit)}`);

/**
 * A line's short reference, as on its receipt, its PDF and CSV and in its messages: what the
 * customer quotes and staff search for. Set in a fixed width, never broken across lines.
 */
export function LineReference({ line }: { line: Pick<Line, 'reference'> }) {
  const { t } = useTranslation();
  return (
    <span className="block text-xs text-base-content/80">
      {t('operation.reference')}{' '}
      <span className="font-mono whitespace-nowrap" data-testid="line-reference">
        {line.reference}
      </span>
    </span>
  );
}

/** For a transfer line, the link to its PDF receipt (the sender's or the receiver's); nothing for any other line. */
function ReceiptLink({ line }: { line: Pick<Line, 'kind' | 'entryId' | 'date'> }) {
  const { t } = useTranslation();
  if (line.kind !== 'transfer') return null;
  return (
    <a className="link link-primary text-sm" href={transferReceiptUrl(line.entryId)} download aria-label={t('statementPeriod.receiptFor', { date: formatDateTime(line.date) })}>
      {t('statementPeriod.receiptPdf')}
    </a>
  );
}

type StatementLinesProps = { lines: Line[]; receipts: boolean; listTestId: string; tableTestId: string; labelledBy: string };

/**
 * Statement lines, however they were asked for (the latest, a period, a staff member's view): on a
 * phone a list (what happened across the width, then when and the signed amount beneath it, no
 * sideways scrolling), on a wider screen a table. `receipts` adds each transfer's PDF receipt,
 * which only its sender and receiver may have.
 */
export function StatementLines({ lines, receipts, listTestId, tableTestId, labelledBy }: StatementLinesProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <>
      <ul className="divide-y divide-base-200 sm:hidden" data-testid={listTestId}>
        {lines.map((line) => (
          <li key={line.id} className="py-3">
            <p className="font-medium wrap-anywhere">{describeLine(line, language)}</p>
            <LineReference line={line} />
            <div className="mt-1 flex items-end justify-between gap-3">
              <div className="min-w-0 text-sm text-base-content/80">
                <p>{formatDateTime(line.date)}</p>
                <p>
                  {t('statementPeriod.balance')} {formatBdtNumber(line.balance)}
                </p>
                {receipts ? <ReceiptLink line={line} /> : null}
              </div>
              <p className={`shrink-0 whitespace-nowrap text-right font-semibold ${line.debit === null ? 'text-success' : 'text-error'}`}>{signedAmount(line)}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block" tabIndex={0} role="region" aria-labelledby={labelledBy}>
        <table className="table table-zebra table-sm" data-testid={tableTestId}>
          <thead>
            <tr>
              <th scope="col">{t('statementPeriod.date')}</th>
              <th scope="col">{t('statementPeriod.description')}</th>
              <th scope="col" className="text-right">
                {t('statementPeriod.amount')}
              </th>
              <th scope="col" className="text-right">
                {t('statementPeriod.balance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id}>
                <td className="whitespace-nowrap">{formatDateTime(line.date)}</td>
                <td className="min-w-56">
                  <span className="block">{describeLine(line, language)}</span>
                  <LineReference line={line} />
                  {receipts ? <ReceiptLink line={line} /> : null}
                </td>
                <td className={`whitespace-nowrap text-right tabular-nums ${line.debit === null ? 'text-success' : 'text-error'}`}>{signedAmount(line)}</td>
                <td className="whitespace-nowrap text-right font-semibold tabular-nums">{formatBdtNumber(line.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
