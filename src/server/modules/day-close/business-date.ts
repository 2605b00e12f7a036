import { sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';

/**
 * The bank's business date (`YYYY-MM-DD`): the date whose day close has not run yet. What a
 * customer opens, quotes or encashes is dated by it, so that what the close does for a date and
 * what was done on that date agree even in the minutes after midnight before the close has run.
 */
export async function currentBusinessDate(executor: Executor): Promise<string> {
  const result = await executor.execute<{ business_date: string }>(sql`SELECT business_date::text AS business_date FROM business_date`);
  const row = result.rows[0];
  if (!row) throw new Error('the business date is missing: migration 0041 seeds it');
  return row.business_date;
}

/**
 * The business date, held so that the day close cannot move it until this transaction ends: a
 * rate version approved for tomorrow is then committed before tomorrow's close can read it.
 */
export async function businessDateHeld(tx: Transaction): Promise<string> {
  const result = await tx.execute<{ business_date: string }>(sql`SELECT business_date::text AS business_date FROM business_date FOR SHARE`);
  const date = result.rows[0]?.business_date;
  if (!date) throw new Error('the business date is missing: migration 0041 seeds it');
  return date;
}
