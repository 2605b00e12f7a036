import { and, eq, inArray, sql } from 'drizzle-orm';
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

/** The lists whose waiting rows are the staff's queue, by the name each tab counts them under. */
const queueLists = { account: 'bank_account', card: 'card', loan: 'loan', deposit: 'deposit_request' } as const satisfies Record<string, CountedList>;

/**
 * How many requests of each kind wait for staff, for the counts on the dashboard's tabs: one
 * statement over the kept counters (four rows at most), exact in its snapshot and as cheap at a
 * million waiting requests as at none.
 */
export async function countWaitingRequests(executor: Executor): Promise<Record<keyof typeof queueLists, number>> {
  const counter = schema.listRowCount;
  const rows = await executor
    .select({ list: counter.list, total: sql<string>`${counter.rowCount}::text` })
    .from(counter)
    .where(and(eq(counter.status, 'pending'), inArray(counter.list, Object.values(queueLists))));
  const totalOf = (list: CountedList) => Number(rows.find((row) => row.list === list)?.total ?? 0);
  return { account: totalOf(queueLists.account), card: totalOf(queueLists.card), loan: totalOf(queueLists.loan), deposit: totalOf(queueLists.deposit) };
}
