import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from '../../db/client';
import type { ListSearch } from '../../../shared/schemas/fields';
import { countListRows } from '../../lib/list-row-count';
import { accountOfRowMatches, bankAccountMatches, countMatches, searchCondition } from '../../lib/list-search';
import { requestListOrder, type Page } from '../../lib/paged-list';
import type { DecidedTable } from './decisions.repository';

/** A customer sees at most this many of their own requests of one kind (or of their accounts). */
export const ownRequestsShownMax = 200;

/**
 * A table of requests with the columns every request has: a request table (`requestColumns` in the
 * schema), whose `bankAccountId` names the account it belongs to, or the bank account itself, whose
 * row is the request to open it.
 */
type RequestPgTable = PgTable & { id: PgColumn; ownerUserId: PgColumn; bankAccountId?: PgColumn; status: PgColumn; requestedAt: PgColumn };

/** How a request table is read: the table, and its select with whatever it joins (the account's type, its balance). */
export type RequestTableReads<Query extends PgSelect> = {
  name: DecidedTable;
  table: RequestPgTable;
  /** The select, made dynamic (`$dynamic()`): the repository adds the `where`, order, page and lock. */
  select: (executor: Executor) => Query;
  /** How the staff list's search finds a request; by default, by the account it belongs to (the bank account by its own columns). */
  search?: (search: ListSearch) => SQL;
  /**
   * A customer's own requests come newest first, as a history; their accounts come oldest first,
   * in the order they were opened, as the customer's pages have always listed them.
   */
  ownListOrder?: 'newest first' | 'oldest first';
};

/** A staff list's filter: a stored status, a search, one page. */
export type RequestListFilter<Status> = { status?: Status | undefined; q?: ListSearch | undefined; limit: number; offset: number };

/**
 * The reads every request table needs, from its select: one request, the same locked (only the
 * request's own row: the pipeline has locked its account before), a customer's own requests, and
 * the staff list's page with its total (the kept counters of decision 012 without a search). The
 * rows are the select's, typed by the Drizzle schema: timestamps as `Date`, money as `bigint`.
 */
export function requestRepository<Query extends PgSelect>(reads: RequestTableReads<Query>) {
  type Row = Awaited<Query>[number];
  const { name, table } = reads;
  const accountColumn = table.bankAccountId;
  const search = reads.search ?? ((wanted: ListSearch) => (accountColumn === undefined ? bankAccountMatches(wanted, name) : accountOfRowMatches(wanted, sql`${accountColumn}`)));
  const ownOrder = reads.ownListOrder === 'oldest first' ? [asc(table.requestedAt), asc(table.id)] : [desc(table.requestedAt)];
  const rows = (query: PgSelect): Promise<Row[]> => query;
  return {
    find: async (executor: Executor, requestId: string): Promise<Row | undefined> => (await rows(reads.select(executor).where(eq(table.id, requestId))))[0],
    lock: async (tx: Transaction, requestId: string): Promise<Row | undefined> => (await rows(reads.select(tx).where(eq(table.id, requestId)).for('update', { of: table })))[0],
    listOfOwner: (executor: Executor, ownerUserId: string): Promise<Row[]> =>
      rows(
        reads
          .select(executor)
          .where(eq(table.ownerUserId, ownerUserId))
          .orderBy(...ownOrder)
          .limit(ownRequestsShownMax),
      ),
    async page(executor: Executor, filter: RequestListFilter<Row['status']>): Promise<Page<Row>> {
      const where = sql`${filter.status ? eq(table.status, filter.status) : sql`true`} AND ${searchCondition(filter.q, search)}`;
      const page = await rows(reads.select(executor).where(where).orderBy(requestListOrder(name, filter.status)).limit(filter.limit).offset(filter.offset));
      const total = filter.q ? await countMatches(executor, sql`SELECT count(*) FROM ${table} WHERE ${where}`) : await countListRows(executor, name, filter.status);
      return { rows: page, total };
    },
  };
}
