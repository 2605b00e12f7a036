import { sql, type SQL } from 'drizzle-orm';
import type { ListSearch } from '../../shared/schemas/fields';
import type { Executor } from '../db/client';

/**
 * The search of the staff lists (`?q=`) as SQL conditions. Every list of requests finds its
 * rows through the bank account they belong to, so one set of indexes serves them all (decision
 * 016): an account number by its first digits along `bank_account_id_pattern_idx`, a name or
 * e-mail by any part of it along the trigram index on `lower(holder_name || ' ' || email)`. The
 * expressions here must stay the indexes' expressions, or the planner scans the table.
 */

/** "50%_off" is looked for as written: LIKE's own characters in what a person typed match only themselves. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A search of the bank accounts under `alias`, by number prefix or by a piece of the holder's name or e-mail. */
export function bankAccountMatches(search: ListSearch, alias = 'b'): SQL {
  const account = sql.identifier(alias);
  if (search.kind === 'account-number') return sql`${account}.id LIKE ${`${search.digits}%`}`;
  return sql`lower(${account}.holder_name || ' ' || ${account}.email) LIKE ${containing(search.text)}`;
}

/** Rows of another table (card, loan, deposit) whose account the search finds: `column` holds the account number. */
export function accountOfRowMatches(search: ListSearch, accountNumberColumn: SQL): SQL {
  return sql`${accountNumberColumn} IN (SELECT searched.id FROM bank_account searched WHERE ${bankAccountMatches(search, 'searched')})`;
}

/** The condition of a list's `where`, `true` when nothing is searched. */
export function searchCondition(search: ListSearch | undefined, condition: (search: ListSearch) => SQL): SQL {
  return search === undefined ? sql`true` : condition(search);
}

/**
 * How many rows a search finds, counted in the caller's snapshot: the kept counters of decision
 * 012 know statuses, not searches. `countQuery` is a `SELECT count(*) …` of the list's own `where`.
 */
export async function countMatches(executor: Executor, countQuery: SQL): Promise<number> {
  const result = await executor.execute<{ count: string }>(sql`SELECT (${countQuery})::text AS count`);
  return Number(result.rows[0]?.count ?? 0);
}
