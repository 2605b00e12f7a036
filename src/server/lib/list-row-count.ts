import { and, eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '../db/client';

export type CountedList = (typeof schema.listRowCount.$inferSelect)['list'];

/**
 * The exact number of rows of a staff list, of one status or of all, for `X-Total-Count`: a
 * sum over at most a few kept counters (migration 0004 keeps them in step with the rows), so
 * it costs the same at ten rows as at ten million. `status` is the stored value (`'true'` or
 * `'false'` for the users' `banned` column); a list without statuses counts under `''`.
 */
export async function countListRows(executor: Executor, list: CountedList, status?: string): Promise<number> {
  const counter = schema.listRowCount;
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${counter.rowCount}), 0)::text` })
    .from(counter)
    .where(status === undefined ? eq(counter.list, list) : and(eq(counter.list, list), eq(counter.status, status)));
  return Number(row?.total ?? 0);
}
