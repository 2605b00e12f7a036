import { sql, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import type { ListSearch } from '../../../shared/schemas/fields';
import { countListRows } from '../../lib/list-row-count';
import { accountOfRowMatches, countMatches, searchCondition } from '../../lib/list-search';
import { requestListOrder, type Page } from '../../lib/paged-list';
import type { RequestTable } from './decisions.repository';

/** A customer sees at most this many of their own requests of one kind, newest first. */
export const ownRequestsShownMax = 200;

/** How a request table is read: its alias in `select`, and the select itself (`SELECT … FROM table alias JOIN …`). */
export type RequestTableReads = {
  table: RequestTable;
  alias: string;
  select: SQL;
  /** How the staff list's search finds a request; by default, by the account it belongs to. */
  search?: (search: ListSearch) => SQL;
};

/** A staff list's filter: a stored status, a search, one page. */
export type RequestListFilter<Status extends string> = { status?: Status | undefined; q?: ListSearch | undefined; limit: number; offset: number };

/**
 * The reads every request table needs, from its select: one request, the same locked (only the
 * request's own row: the pipeline has locked its account before), a customer's own requests, and
 * the staff list's page with its total (the kept counters of decision 012 without a search).
 */
export function requestRepository<Row extends { status: string }>(reads: RequestTableReads) {
  const { table, alias, select } = reads;
  // The select names the row type's columns: the driver checks them no more than any raw read's.
  const rowsOf = async (executor: Executor, query: SQL) => (await executor.execute(query)).rows as Row[];
  const column = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  const search = reads.search ?? ((wanted: ListSearch) => accountOfRowMatches(wanted, column('bank_account_id')));
  const one = async (executor: Executor, requestId: string, lock: SQL) => (await rowsOf(executor, sql`${select} WHERE ${column('id')} = ${requestId}${lock}`))[0];
  return {
    find: (executor: Executor, requestId: string): Promise<Row | undefined> => one(executor, requestId, sql``),
    lock: (tx: Transaction, requestId: string): Promise<Row | undefined> => one(tx, requestId, sql` FOR UPDATE OF ${sql.identifier(alias)}`),
    async listOfOwner(executor: Executor, ownerUserId: string): Promise<Row[]> {
      return rowsOf(executor, sql`${select} WHERE ${column('owner_user_id')} = ${ownerUserId} ORDER BY ${column('requested_at')} DESC LIMIT ${ownRequestsShownMax}`);
    },
    async page(executor: Executor, filter: RequestListFilter<Row['status']>): Promise<Page<Row>> {
      const where = sql`${filter.status ? sql`${column('status')} = ${filter.status}` : sql`true`} AND ${searchCondition(filter.q, search)}`;
      const rows = await rowsOf(executor, sql`${select} WHERE ${where} ORDER BY ${requestListOrder(alias, filter.status)} LIMIT ${filter.limit} OFFSET ${filter.offset}`);
      const total = filter.q
        ? await countMatches(executor, sql`SELECT count(*) FROM ${sql.identifier(table)} ${sql.identifier(alias)} WHERE ${where}`)
        : await countListRows(executor, table, filter.status);
      return { rows, total };
    },
  };
}
