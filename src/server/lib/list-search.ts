import { sql, type SQL } from 'drizzle-orm';
import { bangladeshMobileOfDigits, nationalIdPattern, type ListSearch } from '../../shared/schemas/fields';
import type { Executor } from '../db/client';

/**
 * The search of the staff lists (`?q=`) as SQL conditions. Every list of requests finds its
 * rows through the bank account they belong to, so one set of indexes serves them all (decisions
 * 016 and 035): an account number by its first digits along `bank_account_id_pattern_idx`, by its
 * last four along `bank_account_last_four_idx`, a mobile number along `bank_account_phone_idx`, a
 * national ID along `bank_account_nid_idx`, a movement's short reference along the unique indexes
 * of `journal_entry.reference` and `deposit_request.reference`, and a name or e-mail by any part
 * of it along the trigram index on `lower(holder_name || ' ' || email)`. The expressions here must
 * stay the indexes' expressions, or the planner scans the table.
 */

/** "50%_off" is looked for as written: LIKE's own characters in what a person typed match only themselves. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Last four digits are how a customer names an account on the phone; the index is on this expression. */
export const lastFourDigits = 4;

/**
 * What typed digits can be, each an indexed equality or prefix, joined by OR (a bitmap OR of index
 * scans): an account number's beginning, its last four digits, a mobile number, a national ID.
 */
function digitsMatch(digits: string, account: SQL): SQL {
  const conditions = [sql`${account}.id LIKE ${`${digits}%`}`];
  if (digits.length === lastFourDigits) conditions.push(sql`right(${account}.id, 4) = ${digits}`);
  const mobile = bangladeshMobileOfDigits(digits);
  if (mobile !== undefined) conditions.push(sql`${account}.phone = ${mobile}`);
  if (nationalIdPattern.test(digits)) conditions.push(sql`${account}.nid = ${digits}`);
  return sql`(${sql.join(conditions, sql` OR `)})`;
}

const textMatch = (text: string, account: SQL) => sql`lower(${account}.holder_name || ' ' || ${account}.email) LIKE ${containing(text)}`;

/**
 * The accounts a movement touched (both sides of a transfer) or a deposit request's, by its short
 * reference, and those whose holder's name or e-mail holds the text: a name can be twelve letters
 * whose check character happens to hold. One list of ids, each part along its own index: joined
 * by OR instead, the planner would walk the whole table by date and test every row.
 */
function referenceMatch(search: { reference: string; text: string }, account: SQL): SQL {
  return sql`${account}.id IN (
    SELECT p.ledger_account_code FROM journal_entry j JOIN posting p ON p.journal_entry_id = j.id WHERE j.reference = ${search.reference}
    UNION ALL SELECT bank_account_id FROM deposit_request WHERE reference = ${search.reference}
    UNION ALL SELECT named.id FROM bank_account named WHERE ${textMatch(search.text, sql`named`)})`;
}

/** A search of the bank accounts under `alias`. */
export function bankAccountMatches(search: ListSearch, alias = 'b'): SQL {
  const account = sql.identifier(alias);
  if (search.kind === 'digits') return digitsMatch(search.digits, sql`${account}`);
  if (search.kind === 'reference') return referenceMatch(search, sql`${account}`);
  return textMatch(search.text, sql`${account}`);
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
