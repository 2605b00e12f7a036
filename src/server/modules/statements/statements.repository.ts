import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { StatementRow } from '../accounts/accounts.repository';

/** Half-open instants of a statement: from the start of its first Dhaka day to the start of the day after its last. */
export type StatementWindow = { start: Date; end: Date };

export type RangeTotalsRow = { before_poisha: string; in_poisha: string; out_poisha: string; line_count: number };

/**
 * The range's figures straight from the postings, in one pass over the account's postings up to
 * the range's end: what was there before it (the opening balance), what came in and what went
 * out. Computed from the postings, not from a line's stored running balance, so that opening +
 * in − out is the closing balance by construction, and the closing balance of a range ending
 * today is the sum of every posting, which the ledger keeps equal to the account's balance.
 */
export async function rangeTotals(executor: Executor, accountId: string, window: StatementWindow): Promise<RangeTotalsRow> {
  const start = window.start.toISOString();
  const result = await executor.execute<RangeTotalsRow>(sql`
    SELECT
      coalesce(sum(amount_poisha) FILTER (WHERE created_at < ${start}), 0)::text AS before_poisha,
      coalesce(sum(amount_poisha) FILTER (WHERE created_at >= ${start} AND amount_poisha > 0), 0)::text AS in_poisha,
      coalesce(-sum(amount_poisha) FILTER (WHERE created_at >= ${start} AND amount_poisha < 0), 0)::text AS out_poisha,
      (count(*) FILTER (WHERE created_at >= ${start}))::int AS line_count
    FROM posting
    WHERE ledger_account_code = ${accountId} AND created_at < ${window.end.toISOString()}`);
  const [row] = result.rows;
  return row ?? { before_poisha: '0', in_poisha: '0', out_poisha: '0', line_count: 0 };
}

/** The range's lines in the order they were posted, `limit` of them after the line `afterPostingId`. */
export async function listRangeLines(executor: Executor, accountId: string, window: StatementWindow, limit: number, afterPostingId?: bigint): Promise<StatementRow[]> {
  const after = afterPostingId === undefined ? sql`true` : sql`p.id > ${afterPostingId.toString()}`;
  const result = await executor.execute<StatementRow>(sql`
    SELECT p.id::text AS posting_id, j.id::text AS entry_id, j.reference, p.created_at, j.kind, j.memo, j.params, p.amount_poisha::text AS amount_poisha,
      p.balance_after_poisha::text AS balance_after_poisha
    FROM posting p JOIN journal_entry j ON j.id = p.journal_entry_id
    WHERE p.ledger_account_code = ${accountId} AND p.created_at >= ${window.start.toISOString()} AND p.created_at < ${window.end.toISOString()} AND ${after}
    ORDER BY p.id LIMIT ${limit}`);
  return result.rows;
}

/** One side of a transfer: the account, its holder and owner, and what the posting did to it. */
export type ReceiptPostingRow = {
  entry_id: string;
  reference: string;
  kind: string;
  created_at: string;
  account_id: string;
  owner_user_id: string | null;
  holder_name: string | null;
  amount_poisha: string;
  balance_after_poisha: string;
};

/** Both postings of a journal entry with their bank accounts; empty for an unknown entry. */
export async function findEntryPostings(executor: Executor, entryId: string): Promise<ReceiptPostingRow[]> {
  const result = await executor.execute<ReceiptPostingRow>(sql`
    SELECT j.id::text AS entry_id, j.reference, j.kind, j.created_at, p.ledger_account_code AS account_id, b.owner_user_id, b.holder_name,
      p.amount_poisha::text AS amount_poisha, p.balance_after_poisha::text AS balance_after_poisha
    FROM journal_entry j
    JOIN posting p ON p.journal_entry_id = j.id
    LEFT JOIN bank_account b ON b.id = p.ledger_account_code
    WHERE j.id = ${entryId}
    ORDER BY p.id`);
  return result.rows;
}
