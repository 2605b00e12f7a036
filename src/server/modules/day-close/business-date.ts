import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

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
