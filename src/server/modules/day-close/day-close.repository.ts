import { sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';

/** A step done for a date, as `day_close_step_done` keeps it. */
export type StepDoneRow = { business_date: string; step: string; rows: number; started_at: Date; finished_at: Date };

/** A run of the close asked for by staff, with the names of who asked and who decided. */
export type DayCloseRunRow = {
  id: string;
  business_date: string;
  status: 'pending' | 'approved' | 'declined';
  requested_by_user_id: string;
  requested_by_name: string;
  requested_at: Date;
  decided_by_user_id: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  closed_dates: string[] | null;
};

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The steps done for the business dates from `earliest` on, in the order they ran. */
export async function stepsDoneSince(executor: Executor, earliest: string): Promise<StepDoneRow[]> {
  const result = await executor.execute<StepDoneRow>(sql`
    SELECT business_date::text AS business_date, step, rows, started_at, finished_at FROM day_close_step_done
    WHERE business_date >= ${earliest}::date ORDER BY business_date DESC, finished_at, step`);
  return result.rows.map((row) => ({ ...row, rows: Number(row.rows), started_at: asDate(row.started_at), finished_at: asDate(row.finished_at) }));
}

/** The earliest of the last `count` dates with a step done before `before`, or `before` when there is none. */
export async function earliestOfLastClosedDates(executor: Executor, before: string, count: number): Promise<string> {
  const result = await executor.execute<{ earliest: string | null }>(sql`
    SELECT min(business_date)::text AS earliest FROM (
      SELECT DISTINCT business_date FROM day_close_step_done WHERE business_date < ${before}::date ORDER BY business_date DESC LIMIT ${count}) recent`);
  return result.rows[0]?.earliest ?? before;
}

/** Whether the business date has ended in Dhaka, by the database's clock (record 080: one clock for money). */
export async function businessDateHasEnded(executor: Executor, businessDate: string): Promise<boolean> {
  const result = await executor.execute<{ ended: boolean }>(sql`SELECT ((${businessDate}::date + 1)::timestamp AT TIME ZONE 'Asia/Dhaka') <= now() AS ended`);
  return result.rows[0]?.ended === true;
}

const runSelect = sql`
  SELECT r.id::text AS id, r.business_date::text AS business_date, r.status, r.requested_by_user_id, maker.name AS requested_by_name, r.requested_at,
    r.decided_by_user_id, checker.name AS decided_by_name, r.decided_at, r.closed_dates
  FROM day_close_run r JOIN "user" maker ON maker.id = r.requested_by_user_id LEFT JOIN "user" checker ON checker.id = r.decided_by_user_id`;

const toRunRow = (row: DayCloseRunRow): DayCloseRunRow => ({
  ...row,
  requested_at: asDate(row.requested_at),
  decided_at: row.decided_at === null ? null : asDate(row.decided_at),
});

export async function findRun(executor: Executor, id: string): Promise<DayCloseRunRow | undefined> {
  const result = await executor.execute<DayCloseRunRow>(sql`${runSelect} WHERE r.id = ${id}::uuid`);
  return result.rows.map(toRunRow)[0];
}

/** The run's row locked, for the decision pipeline: nothing else is locked before it. */
export async function lockRun(tx: Transaction, id: string): Promise<DayCloseRunRow | undefined> {
  const result = await tx.execute<DayCloseRunRow>(sql`${runSelect} WHERE r.id = ${id}::uuid FOR UPDATE OF r`);
  return result.rows.map(toRunRow)[0];
}

/** The run waiting for approval, if any, and the last one decided. */
export async function pendingAndLastRun(executor: Executor): Promise<{ pending: DayCloseRunRow | undefined; last: DayCloseRunRow | undefined }> {
  const pending = await executor.execute<DayCloseRunRow>(sql`${runSelect} WHERE r.status = 'pending'`);
  const last = await executor.execute<DayCloseRunRow>(sql`${runSelect} WHERE r.status <> 'pending' ORDER BY r.decided_at DESC NULLS LAST LIMIT 1`);
  return { pending: pending.rows.map(toRunRow)[0], last: last.rows.map(toRunRow)[0] };
}

/** Files a request; undefined when one is already waiting (the one-pending index). */
export async function insertRun(tx: Transaction, businessDate: string, requestedByUserId: string): Promise<string | undefined> {
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO day_close_run (business_date, requested_by_user_id) VALUES (${businessDate}::date, ${requestedByUserId})
    ON CONFLICT (status) WHERE status = 'pending' DO NOTHING RETURNING id::text AS id`);
  return result.rows[0]?.id;
}

export async function markRunDecided(tx: Transaction, id: string, status: 'approved' | 'declined', decidedByUserId: string): Promise<void> {
  await tx.execute(sql`UPDATE day_close_run SET status = ${status}, decided_by_user_id = ${decidedByUserId}, decided_at = now() WHERE id = ${id}::uuid`);
}

export async function recordRunOutcome(executor: Executor, id: string, closedDates: readonly string[]): Promise<void> {
  await executor.execute(sql`UPDATE day_close_run SET closed_dates = string_to_array(${closedDates.join(',')}, ','), ran_at = clock_timestamp() WHERE id = ${id}::uuid`);
}
