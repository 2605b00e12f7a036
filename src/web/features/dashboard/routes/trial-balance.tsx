import { useState } from 'react';
import { bankAccounts, customerDepositsCode } from '../../../../shared/bank-accounts';
import { dhakaDay } from '../../../../shared/dates';
import type { TrialBalanceAnswer } from '../../../../shared/schemas/trial-balance';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { formatBdt, formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { useTrialBalance } from '../api/trial-balance';
import { ListFailure } from '../components/list-failure';

/** The bank's own accounts by their ledger code, named by their key in `bankAccounts`; a code the screen does not know yet shows as it is. */
const accountNames: Record<string, string> = {
  [customerDepositsCode]: 'customerDeposits',
  ...Object.fromEntries(Object.entries(bankAccounts).map(([name, code]) => [code, name])),
};

/** A column's amount, blank where the line has none on that side, as an accountant's ledger shows it. */
const amountOrBlank = (poisha: string) => (BigInt(poisha) === 0n ? '' : formatBdt(BigInt(poisha)));

function TrialBalanceTable({ answer }: { answer: TrialBalanceAnswer }) {
  const { t } = useTranslation();
  const balanced = BigInt(answer.differencePoisha) === 0n;
  return (
    <section className="card min-w-0 border border-base-300 bg-base-100 p-4" aria-labelledby="trial-balance-title">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="trial-balance-title" className="text-lg font-bold">
          {t('dashboard.trialBalance.asOf', { date: formatDate(answer.asOf) })}
        </h2>
        <span className={`badge ${balanced ? 'badge-success' : 'badge-error'}`} data-testid="trial-balance-verdict">
          {balanced ? t('dashboard.trialBalance.balanced') : t('dashboard.trialBalance.unbalanced', { difference: formatBdt(BigInt(answer.differencePoisha)) })}
        </span>
      </div>
      {/* A phone gets each account with its one amount under it (below); a wider screen, the ledger's three columns. */}
      <div className="hidden overflow-x-auto sm:block">
        <table className="table table-sm" data-testid="trial-balance">
          <thead>
            <tr>
              <th scope="col">{t('dashboard.trialBalance.account')}</th>
              <th scope="col" className="text-right">
                {t('dashboard.trialBalance.debit')}
              </th>
              <th scope="col" className="text-right">
                {t('dashboard.trialBalance.credit')}
              </th>
            </tr>
          </thead>
          <tbody>
            {answer.lines.map((line) => {
              const name = accountNames[line.code];
              return (
                <tr key={line.code}>
                  <th scope="row" className="font-normal">
                    {name ? t(`dashboard.trialBalance.accounts.${name}`) : line.code}
                    <span className="block font-mono text-xs text-base-content/70">{line.code}</span>
                  </th>
                  <td className="text-right tabular-nums whitespace-nowrap">{amountOrBlank(line.debitPoisha)}</td>
                  <td className="text-right tabular-nums whitespace-nowrap">{amountOrBlank(line.creditPoisha)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot className="text-base-content">
            <tr>
              <th scope="row">{t('dashboard.trialBalance.total')}</th>
              <td className="text-right font-semibold tabular-nums whitespace-nowrap" data-testid="total-debit">
                {formatBdt(BigInt(answer.totalDebitPoisha))}
              </td>
              <td className="text-right font-semibold tabular-nums whitespace-nowrap" data-testid="total-credit">
                {formatBdt(BigInt(answer.totalCreditPoisha))}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <ul className="divide-y divide-base-300 sm:hidden" data-testid="trial-balance-phone">
        {answer.lines.map((line) => {
          const name = accountNames[line.code];
          const debit = BigInt(line.debitPoisha) !== 0n;
          return (
            <li key={line.code} className="flex items-baseline justify-between gap-3 py-2">
              <span className="min-w-0 text-sm">{name ? t(`dashboard.trialBalance.accounts.${name}`) : line.code}</span>
              <span className="text-right text-sm tabular-nums whitespace-nowrap">
                {debit || BigInt(line.creditPoisha) !== 0n ? (
                  <>
                    <span className="text-xs text-base-content/70">{debit ? t('dashboard.trialBalance.debit') : t('dashboard.trialBalance.credit')} </span>
                    {formatBdt(BigInt(debit ? line.debitPoisha : line.creditPoisha))}
                  </>
                ) : (
                  '—'
                )}
              </span>
            </li>
          );
        })}
        <li className="py-2 text-sm font-semibold">
          <div className="flex justify-between gap-3">
            <span>{t('dashboard.trialBalance.debit')}</span>
            <span className="tabular-nums">{formatBdt(BigInt(answer.totalDebitPoisha))}</span>
          </div>
          <div className="flex justify-between gap-3">
            <span>{t('dashboard.trialBalance.credit')}</span>
            <span className="tabular-nums">{formatBdt(BigInt(answer.totalCreditPoisha))}</span>
          </div>
        </li>
      </ul>
    </section>
  );
}

/**
 * The trial balance for staff: the bank's own accounts and every customer's deposits together, as
 * they stood at the end of a Dhaka day, debits and credits, and whether they sum to zero.
 */
export default function TrialBalancePage() {
  const { t } = useTranslation();
  const today = dhakaDay(new Date());
  const [date, setDate] = useState(today);
  const trialBalance = useTrialBalance(date);
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title={t('dashboard.trialBalance.title')} intro={t('dashboard.trialBalance.intro')} />
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium" htmlFor="trial-balance-date">
          {t('dashboard.trialBalance.date')}
          <input
            id="trial-balance-date"
            type="date"
            className="input"
            max={today}
            value={date}
            onChange={(event) => {
              if (event.target.value) setDate(event.target.value);
            }}
          />
        </label>
      </div>
      <QueryState query={trialBalance} loadingLabel={t('dashboard.list.loading')} failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}>
        {(answer) => <TrialBalanceTable answer={answer} />}
      </QueryState>
    </div>
  );
}
