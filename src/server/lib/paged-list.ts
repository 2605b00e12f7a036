import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { listPageSizeMax } from '../../shared/constants';
import { listLimit, listOffset, listSearch } from '../../shared/schemas/fields';
import type { Database, Transaction } from '../db/client';
import { runInSnapshot } from '../db/snapshot';
import { spokenStatus, type SpokenStatus } from './status-words';

/** One page of a list as its repository reads it: the rows, and how many the whole list holds. */
export type Page<Row> = { rows: Row[]; total: number };

/** "pending, success or repaid" */
const wordList = (words: readonly string[]) => (words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);

/**
 * A status filter in the wire's words (`docs/wire-names.md`) that hands the handler the status as the table stores it:
 * `?status=success` on a table of `pending` and `active` rows becomes `active`.
 */
export function statusFilter<const Stored extends string>(storedStatuses: readonly [Stored, ...Stored[]]) {
  const spoken = storedStatuses.map(spokenStatus) as [SpokenStatus<Stored>, ...SpokenStatus<Stored>[]];
  return z
    .enum(spoken, { error: `status must be ${wordList(spoken)}` })
    .optional()
    .transform((word) => (word === undefined ? undefined : storedStatuses[spoken.indexOf(word)]));
}

/**
 * The query of a staff list of requests or users: a status filter, a search (`q`: an account
 * number or a piece of a name or e-mail), a page size and where the page starts.
 */
export function pagedListQuery<Status extends z.ZodType>(status: Status) {
  return z.object({ status, limit: listLimit(listPageSizeMax, listPageSizeMax), offset: listOffset(), q: listSearch() });
}

/**
 * Reads a page and its total in one snapshot, so "showing 1–20 of N" never disagrees with the
 * rows, and answers the rows with the total in `X-Total-Count`: the list stays the JSON array
 * the web app reads.
 */
export async function answerPage<Row, Answer>(db: Database, reply: FastifyReply, readPage: (reader: Transaction) => Promise<Page<Row>>, toAnswer: (row: Row) => Answer): Promise<Answer[]> {
  const { rows, total } = await runInSnapshot(db, readPage);
  void reply.header('x-total-count', String(total));
  return rows.map(toAnswer);
}

/**
 * The order of a list of requests: newest first, except the requests that wait for staff, which
 * are a queue and are served oldest first, so the one that has waited longest is on top. The
 * queue's order is the exact reverse of the list indexes' (`status, requested_at DESC, id`), so
 * the same index, read backwards, serves both. `alias` is the table's name in the query.
 */
export function requestListOrder(alias: string, status: string | undefined): SQL {
  const table = sql.identifier(alias);
  return status === 'pending' ? sql`${table}.requested_at ASC, ${table}.id DESC` : sql`${table}.requested_at DESC, ${table}.id`;
}
