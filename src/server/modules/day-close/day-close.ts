import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accrueInterestStep, endOfBusinessDate } from './accrue-interest';
import { planInterestPostingStep, postInterestStep } from './post-interest';
import { chargeExciseStep } from './charge-excise';
import { collectExciseStep } from './collect-excise';
import type { DayCloseStep } from './day-close-step';
import { currentBusinessDate } from './business-date';

export { currentBusinessDate };
import { fixedDepositDayCloseSteps } from '../fixed-deposits/day-close-steps';
import { depositSchemeDayCloseSteps } from '../deposit-schemes/day-close-steps';

/**
 * The steps of a day close, in the order they run: savings interest first, then excise duty
 * still due from earlier years taken from what the account now holds (after the interest, which
 * can pay it, and before a new year's charge, so the oldest duty is paid first), then on 31
 * December the year's excise duty (after the year's last interest, which can pay it), then the fixed
 * deposits due (their payout lands in accounts after the day's accrual, so it earns from the next
 * day), then the DPS instalments due and the schemes maturing. Moving the business date is not a
 * step but the close's last transaction.
 */
export const dayCloseSteps: readonly DayCloseStep[] = [
  accrueInterestStep,
  planInterestPostingStep,
  postInterestStep,
  collectExciseStep,
  chargeExciseStep,
  ...fixedDepositDayCloseSteps,
  ...depositSchemeDayCloseSteps,
];

/** The one lock every instance takes for a step's transaction, so a date's steps run on one instance at a time. */
const dayCloseLockKey = sql`hashtextextended('day-close', 0)`;

/**
 * A step's transaction may take longer than the server's 10 s statement timeout over a million
 * accounts; it only reads `ledger_account` and `posting`, so transfers do not wait on it.
 */
const stepStatementTimeout = sql`SET LOCAL statement_timeout = '300s'`;

/** How long the close of a date waits for transactions that began on that date to commit. */
const inFlightWaitMs = 60_000;

export type DayCloseOutcome = { businessDate: string; closed: boolean; reason?: 'busy' | 'not-due' };

/**
 * Waits until no transaction that began before the date ended is still open: its postings belong
 * to the date (record 080), so the closing balance must not be read before they commit or roll
 * back. PGlite has one connection, so there is never one to wait for there.
 */
async function waitForTransactionsOfDate(db: Database, businessDate: string): Promise<void> {
  const deadline = Date.now() + inFlightWaitMs;
  for (;;) {
    const open = await db.execute<{ open: number }>(sql`
      SELECT count(*)::int AS open FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start < ${endOfBusinessDate(businessDate)}`);
    if (Number(open.rows[0]?.open ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error(`transactions begun on ${businessDate} are still open after ${inFlightWaitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Runs one step for a date in its own transaction, under the day close's lock, unless it is
 * done: the step's work and its row in `day_close_step_done` commit together or not at all, so a
 * killed close that is started again does exactly the steps that did not commit. A step in
 * chunks gets a transaction per chunk and its row with the last. 'busy' when another instance
 * holds the lock.
 */
async function runStep(db: Database, step: DayCloseStep, businessDate: string): Promise<'done' | 'busy'> {
  // A step in chunks started with its first chunk's transaction.
  let startedAt: string | undefined;
  for (;;) {
    const outcome = await db.transaction(async (tx): Promise<'done' | 'busy' | 'more'> => {
      const locked = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${dayCloseLockKey}) AS locked`);
      if (!locked.rows[0]?.locked) return 'busy';
      const done = await tx.execute(sql`SELECT 1 FROM day_close_step_done WHERE business_date = ${businessDate}::date AND step = ${step.name}`);
      if (done.rows.length > 0) return 'done';
      startedAt ??= (await tx.execute<{ now: string }>(sql`SELECT now()::text AS now`)).rows[0]?.now;
      await tx.execute(stepStatementTimeout);
      const { rows, more } = await step.run(tx, businessDate);
      if (more) return 'more';
      await tx.execute(sql`
        INSERT INTO day_close_step_done (business_date, step, rows, started_at, finished_at)
        VALUES (${businessDate}::date, ${step.name}, ${rows}, coalesce(${startedAt ?? null}::timestamptz, now()), clock_timestamp())`);
      return 'done';
    });
    if (outcome !== 'more') return outcome;
  }
}

/** Moves the business date past `businessDate`, once: a second instance finds it moved and does nothing. */
async function moveBusinessDate(db: Database, businessDate: string): Promise<'done' | 'busy'> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${dayCloseLockKey}) AS locked`);
    if (!locked.rows[0]?.locked) return 'busy';
    await tx.execute(sql`UPDATE business_date SET business_date = business_date + 1, moved_at = now() WHERE business_date = ${businessDate}::date`);
    return 'done';
  });
}

/**
 * Closes the current business date if it has ended by `now` (Dhaka): every step not yet done, in
 * order, then the move to the next date.
 */
export async function closeBusinessDate(db: Database, steps: readonly DayCloseStep[] = dayCloseSteps, now: Date = new Date()): Promise<DayCloseOutcome> {
  const businessDate = await currentBusinessDate(db);
  const ended = await db.execute<{ ended: boolean }>(sql`SELECT ${endOfBusinessDate(businessDate)} <= ${now.toISOString()}::timestamptz AS ended`);
  if (!ended.rows[0]?.ended) return { businessDate, closed: false, reason: 'not-due' };
  await waitForTransactionsOfDate(db, businessDate);
  for (const step of steps) if ((await runStep(db, step, businessDate)) === 'busy') return { businessDate, closed: false, reason: 'busy' };
  if ((await moveBusinessDate(db, businessDate)) === 'busy') return { businessDate, closed: false, reason: 'busy' };
  return { businessDate, closed: true };
}

/**
 * Closes every business date that has ended by `now`, one by one in order: a server that was down
 * for days catches up to yesterday (Dhaka) when it starts.
 */
export async function catchUpDayClose(db: Database, steps: readonly DayCloseStep[] = dayCloseSteps, now: Date = new Date()): Promise<DayCloseOutcome[]> {
  const outcomes: DayCloseOutcome[] = [];
  for (;;) {
    const outcome = await closeBusinessDate(db, steps, now);
    outcomes.push(outcome);
    if (!outcome.closed) return outcomes;
  }
}
