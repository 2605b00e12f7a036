import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { addCalendarDays, dhakaDay } from '../../../shared/dates';
import type { StatementRangeAnswer } from '../../../shared/schemas/statements';
import { statementRangeSchema, type StatementRange } from '../../../shared/schemas/statements';
import { formatBdtNumber, formatCount, formatDate } from '../../lib/format';
import { statementFileUrl, useStatementRange } from '../../lib/account-queries';
import { DateOfBirthField } from '../ui/date-of-birth-field';
import { StatementLines } from './statement-lines';
import { QueryState } from '../ui/query-state';

/** A statement opens on the last 30 days, today included: what a customer most often asks for. */
const defaultRange = (): StatementRange => {
  const today = dhakaDay(new Date());
  return { from: addCalendarDays(today, -29), to: today };
};

function RangeForm({ range, onChange }: { range: StatementRange; onChange: (range: StatementRange) => void }) {
  const { t } = useTranslation();
  const form = useForm<StatementRange>({ resolver: zodResolver(statementRangeSchema), defaultValues: range });
  const { errors } = form.formState;
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void form.handleSubmit(onChange)(event)} aria-label={t('statementPeriod.title')}>
      <div className="grid gap-3 md:grid-cols-2">
        <Controller
          control={form.control}
          name="from"
          render={({ field }) => (
            <DateOfBirthField id="period-from" legend={t('statementPeriod.from')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.from?.message} autoComplete="off" />
          )}
        />
        <Controller
          control={form.control}
          name="to"
          render={({ field }) => (
            <DateOfBirthField id="period-to" legend={t('statementPeriod.to')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.to?.message} autoComplete="off" />
          )}
        />
      </div>
      <div>
        <button type="submit" className="btn btn-primary w-full sm:w-auto">
          {t('statementPeriod.show')}
        </button>
      </div>
    </form>
  );
}

/** A total with its direction's sign; nothing moved is a plain 0.00, neither in nor out. */
const signed = (sign: '+' | '−', bdt: number) => (bdt === 0 ? formatBdtNumber(0) : `${sign}${formatBdtNumber(bdt)}`);

function Figures({ statement }: { statement: StatementRangeAnswer }) {
  const { t } = useTranslation();
  const figures: Array<[string, string, string]> = [
    ['opening', t('statementPeriod.opening'), formatBdtNumber(statement.openingBalance)],
    ['in', t('statementPeriod.moneyIn'), signed('+', statement.totalIn)],
    ['out', t('statementPeriod.moneyOut'), signed('−', statement.totalOut)],
    ['closing', t('statementPeriod.closing'), formatBdtNumber(statement.closingBalance)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-box bg-base-200/60 p-3 lg:grid-cols-4">
      {figures.map(([key, label, value]) => (
        <div key={key}>
          <dt className="text-sm text-base-content/80">{label}</dt>
          <dd className={`font-semibold tabular-nums ${key === 'closing' ? 'text-primary' : ''}`} data-testid={`period-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type PeriodStatementProps = { pages: StatementRangeAnswer[]; accountId: string; range: StatementRange; receipts: boolean };

/** The period's figures (from its first page), its files, and its lines as far as they are loaded. */
function PeriodStatement({ pages, accountId, range, receipts }: PeriodStatementProps) {
  const { t } = useTranslation();
  const [first] = pages;
  if (!first) return null;
  const lines = pages.flatMap((page) => page.lines);
  return (
    <>
      <Figures statement={first} />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center" role="group" aria-label={t('statementPeriod.downloads')}>
        <a className="btn btn-outline btn-primary btn-sm" href={statementFileUrl(accountId, range, 'csv')} download>
          {t('statementPeriod.downloadCsv')}
        </a>
        <a className="btn btn-outline btn-primary btn-sm" href={statementFileUrl(accountId, range, 'pdf')} download>
          {t('statementPeriod.downloadPdf')}
        </a>
      </div>
      <p className="text-sm text-base-content/80">{t('statementPeriod.count', { total: formatCount(first.lineCount) })}</p>
      {lines.length === 0 ? (
        <p className="text-base-content/80">{t('statementPeriod.empty')}</p>
      ) : (
        <StatementLines lines={lines} receipts={receipts} listTestId="period-list" tableTestId="period-table" labelledBy="period-heading" />
      )}
    </>
  );
}

/**
 * An account's statement for any period the reader picks: the opening and closing balances and
 * what came in and went out, computed by the server, then the lines oldest first, a page at a
 * time, and the same period as CSV or PDF. `receipts` adds a PDF receipt link to each transfer
 * (the customer's page; staff get no receipts, which are the sender's and the receiver's only).
 */
export function StatementPeriod({ accountId, receipts }: { accountId: string; receipts: boolean }) {
  const { t } = useTranslation();
  const [range, setRange] = useState(defaultRange);
  const statement = useStatementRange(accountId, range);
  return (
    <section aria-labelledby="period-heading" className="card border border-base-300 bg-base-100 shadow-sm" data-testid="statement-period">
      <div className="card-body gap-4 max-sm:p-4">
        <div>
          <h2 id="period-heading" className="card-title">
            {t('statementPeriod.title')}
          </h2>
          <p className="text-sm text-base-content/80">{t('statementPeriod.intro')}</p>
        </div>
        <RangeForm range={range} onChange={setRange} />
        <p className="font-medium" aria-live="polite" data-testid="period-range">
          {t('statementPeriod.period', { from: formatDate(range.from), to: formatDate(range.to) })}
        </p>
        <QueryState query={statement}>{(loaded) => <PeriodStatement pages={loaded.pages} accountId={accountId} range={range} receipts={receipts} />}</QueryState>
        {statement.hasNextPage ? (
          <div className="text-center">
            <button type="button" className="btn btn-ghost btn-sm" disabled={statement.isFetchingNextPage} onClick={() => void statement.fetchNextPage()}>
              {statement.isFetchingNextPage ? t('common.loading') : t('statementPeriod.more')}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
