import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { jsonAnswer, type WritePart, writeTogether } from '../../db/write-together';
import { describeMovement } from '../../../shared/banking-words';
import type { Movement } from '../../../shared/schemas/movement';
import { assertInvariant } from '../../errors';
import { isReference, newReference } from '../../../shared/reference';
import { bankAccounts } from '../../../shared/bank-accounts';

export { bankAccounts };

/**
 * The bank's accounts that every payment to or from another bank posts to, kept as slots (record
 * 076): one row each would be locked by every payment in the bank from its posting until its
 * commit, so payments of different customers would wait on each other there. A slot is chosen by
 * the customer's account, so one customer's payments always use the same slot; the account's
 * balance is the sum of its slots (`bankAccountBalance`), and the rows the migrations made first
 * stay as the slots' opening balance.
 */
export const slottedBankAccounts: ReadonlySet<string> = new Set([bankAccounts.clearingOutward, bankAccounts.settlement, bankAccounts.feeIncome, bankAccounts.vatPayable]);
/** Migration 0038 makes this many slots of each slotted account: `bank:settlement#00` to `#15`. */
export const bankAccountSlotCount = 16;

/** The slot of a slotted bank account that the payments of the customer account `customerAccountId` post to. */
export function bankAccountSlot(code: string, customerAccountId: string): string {
  assertInvariant(slottedBankAccounts.has(code), `${code} is not kept in slots`);
  let hash = 0;
  for (const character of customerAccountId) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return `${code}#${String(hash % bankAccountSlotCount).padStart(2, '0')}`;
}

/** A ledger account's balance: for a slotted bank account, its first row and all its slots together. */
export async function bankAccountBalance(executor: Executor, code: string): Promise<bigint> {
  const result = await executor.execute<{ balance: string }>(
    sql`SELECT coalesce(sum(balance_poisha), 0)::text AS balance FROM ledger_account WHERE code = ${code} OR (code LIKE ${`${code}#%`} AND kind = 'bank')`,
  );
  return BigInt(result.rows[0]?.balance ?? '0');
}

export type JournalKind = Movement['kind'];
export type Posting = { accountCode: string; amountPoisha: bigint };
/**
 * One entry to post. `movement` is what happened, as data: the entry's kind and the facts its
 * description is written from in each reader's language (shared/banking-words.ts). The English
 * description is stored beside it as the memo, for anyone reading the journal with SQL alone.
 * `referenceId` is the request it settles (a deposit request, a loan); `reference` is the short
 * reference the customer quotes (`src/shared/reference.ts`): given when the customer already
 * holds one for this movement (a deposit request's), made here otherwise.
 */
export type JournalRequest = { movement: Movement; referenceId?: string | null; reference?: string; createdByUserId?: string | null; postings: Posting[] };
export type PostedEntry = { entryId: string; reference: string; balancesAfter: Map<string, bigint> };

type LockedRow = { code: string; kind: 'customer' | 'bank'; balance_poisha: string };

/**
 * Posts one balanced journal entry inside the caller's transaction.
 *
 * Example: a transfer of 1,500.00 BDT from A to B is the postings A −150000, B +150000 (sum 0).
 * The affected accounts are locked in code order, so two transfers A→B and B→A cannot deadlock,
 * and each balance is read under the lock, so no concurrent update is lost. Customer accounts
 * the caller has already locked with their balances (`lockAccounts`) are passed in
 * `lockedBalances` and not locked again. A customer balance that would go below zero is a bug in
 * the caller (which must refuse first): it is asserted, the transaction rolls back and the
 * answer is 500.
 */
export async function postJournalEntry(tx: Transaction, request: JournalRequest, lockedBalances: ReadonlyMap<string, bigint> = new Map()): Promise<PostedEntry> {
  const { posted, write } = await journalWriteOf(tx, [request], lockedBalances);
  await writeTogether(tx, [write]);
  const [entry] = posted;
  assertInvariant(entry, 'one entry was posted');
  return entry;
}

/**
 * Several entries decided in order, with the same checks as `postJournalEntry` (every balance
 * after a posting counts the entries before it), but not yet written: the entries as they will
 * stand (their ids and balances after), and the write that posts them, for the caller to make
 * with its own in one statement (`writeTogether`), so the database sees one write however many
 * customers moved money. Until that write is made nothing is posted; the write checks that every
 * entry, posting and balance took, and otherwise rolls the caller's transaction back.
 */
export async function journalWriteOf(tx: Transaction, requests: JournalRequest[], lockedBalances: ReadonlyMap<string, bigint> = new Map()): Promise<{ posted: PostedEntry[]; write: WritePart }> {
  assertInvariant(requests.length > 0, 'at least one entry to post');
  for (const request of requests) assertBalanced(request);

  const codes = [...new Set(requests.flatMap((request) => request.postings.map((posting) => posting.accountCode)))].sort();
  const locked = await lockLedgerAccounts(
    tx,
    codes.filter((code) => !lockedBalances.has(code)),
  );
  for (const [code, balance] of lockedBalances) if (codes.includes(code)) locked.set(code, { code, kind: 'customer', balance_poisha: balance.toString() });
  assertInvariant(locked.size === codes.length, 'every posting must name an existing ledger account');

  const running = new Map<string, bigint>();
  for (const [code, row] of locked) running.set(code, BigInt(row.balance_poisha));
  const entryRows: Array<{ id: string; kind: JournalKind; memo: string; params: Record<string, string>; reference_id: string | null; reference: string; created_by_user_id: string | null }> = [];
  const postingRows: Array<{ entry_id: string; code: string; amount: string; after: string; position: number }> = [];
  const posted: PostedEntry[] = [];
  for (const request of requests) {
    const entryId = randomUUID();
    // Random, so a reference tells nothing of how many movements came before; the unique index
    // refuses the improbable repeat (one in 2^55 per pair) and the movement rolls back whole.
    const reference = request.reference ?? newReference();
    assertInvariant(isReference(reference), 'a movement’s reference is twelve characters with a check character that holds');
    const { kind, ...params } = request.movement;
    const memo = describeMovement(request.movement, 'en');
    entryRows.push({ id: entryId, kind, memo, params, reference_id: request.referenceId ?? null, reference, created_by_user_id: request.createdByUserId ?? null });
    for (const posting of request.postings) {
      const after = (running.get(posting.accountCode) ?? 0n) + posting.amountPoisha;
      running.set(posting.accountCode, after);
      postingRows.push({ entry_id: entryId, code: posting.accountCode, amount: posting.amountPoisha.toString(), after: after.toString(), position: postingRows.length });
    }
    const balancesAfter = new Map(request.postings.map((posting) => [posting.accountCode, running.get(posting.accountCode) ?? 0n]));
    for (const [code, balance] of balancesAfter) {
      assertInvariant(locked.get(code)?.kind !== 'customer' || balance >= 0n, `customer balance of ${code} would go below zero`);
    }
    posted.push({ entryId, reference, balancesAfter });
  }
  const balanceRows = codes.map((code) => ({ code, balance: (running.get(code) ?? 0n).toString() }));

  // Steps of constant text write every entry, its postings and every new balance, with whatever
  // else the caller writes in the same statement. Postings are inserted in order, so their ids
  // (the statement's order) follow the entries.
  const write: WritePart = {
    steps: [
      [
        'journal_entries',
        sql`
        INSERT INTO journal_entry (id, kind, memo, params, reference_id, reference, created_by_user_id)
        SELECT e.id, e.kind, e.memo, e.params, e.reference_id, e.reference, e.created_by_user_id
        FROM ${jsonRows(entryRows, sql`id uuid, kind text, memo text, params jsonb, reference_id text, reference text, created_by_user_id text`)} AS e
        RETURNING id`,
      ],
      [
        'journal_postings',
        sql`
        INSERT INTO posting (journal_entry_id, ledger_account_code, amount_poisha, balance_after_poisha)
        SELECT p.entry_id, p.code, p.amount, p.after
        FROM ${jsonRows(postingRows, sql`entry_id uuid, code text, amount bigint, after bigint, position int`)} AS p
        WHERE EXISTS (SELECT 1 FROM journal_entries WHERE journal_entries.id = p.entry_id)
        ORDER BY p.position
        RETURNING journal_entry_id`,
      ],
      [
        'journal_balances',
        sql`
        UPDATE ledger_account AS l SET balance_poisha = v.balance
        FROM ${jsonRows(balanceRows, sql`code text, balance bigint`)} AS v
        WHERE l.code = v.code
        RETURNING l.code, l.balance_poisha::text AS balance_poisha`,
      ],
    ],
    answer: sql`json_build_object(
      'entries', (SELECT count(*)::int FROM journal_entries),
      'postings', (SELECT count(*)::int FROM journal_postings),
      'balances', (SELECT coalesce(json_agg(journal_balances), '[]'::json) FROM journal_balances))`,
    check: (answer) => {
      const written = jsonAnswer<{ entries: number; postings: number; balances: Array<{ code: string; balance_poisha: string }> }>(answer);
      assertInvariant(Number(written.entries) === requests.length, 'every journal entry must be written');
      assertInvariant(Number(written.postings) === postingRows.length, 'every posting must be written');
      assertInvariant(written.balances.length === codes.length, 'every balance must be updated');
      for (const row of written.balances) assertInvariant(BigInt(row.balance_poisha) === running.get(row.code), `balance of ${row.code} did not take`);
    },
  };
  return { posted, write };
}

function assertBalanced(request: JournalRequest): void {
  assertInvariant(request.postings.length >= 2, 'a journal entry needs at least two postings');
  const total = request.postings.reduce((sum, posting) => sum + posting.amountPoisha, 0n);
  assertInvariant(total === 0n, `postings must sum to zero, got ${total}`);
  assertInvariant(
    request.postings.every((posting) => posting.amountPoisha !== 0n),
    'a posting may not be zero',
  );
}

/** `NO KEY UPDATE` for the reason `lockAccounts` gives: postings the day close inserts take key-share locks on these rows. */
async function lockLedgerAccounts(tx: Transaction, codes: string[]): Promise<Map<string, LockedRow>> {
  if (codes.length === 0) return new Map();
  const result = await tx.execute<LockedRow>(sql`
    SELECT code, kind, balance_poisha::text AS balance_poisha FROM ledger_account
    WHERE code IN (${sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    )})
    ORDER BY code
    FOR NO KEY UPDATE`);
  return new Map(result.rows.map((row) => [row.code, row]));
}

export type LedgerProblems = { unbalancedEntries: number; mismatchedAccounts: number; negativeCustomerAccounts: number; totalBalancePoisha: bigint };

/** The invariants of the whole ledger, checked by tests and benchmarks: every field must be zero. */
export async function verifyLedger(executor: Executor): Promise<LedgerProblems> {
  const result = await executor.execute<{ unbalanced: number; mismatched: number; negative: number; total: string }>(sql`
    SELECT
      (SELECT count(*)::int FROM (SELECT journal_entry_id FROM posting GROUP BY journal_entry_id HAVING sum(amount_poisha) <> 0) AS e) AS unbalanced,
      (SELECT count(*)::int FROM ledger_account a
        WHERE a.balance_poisha <> coalesce((SELECT sum(p.amount_poisha) FROM posting p WHERE p.ledger_account_code = a.code), 0)) AS mismatched,
      (SELECT count(*)::int FROM ledger_account WHERE kind = 'customer' AND balance_poisha < 0) AS negative,
      (SELECT coalesce(sum(balance_poisha), 0)::text FROM ledger_account) AS total`);
  const row = result.rows[0];
  return {
    unbalancedEntries: Number(row?.unbalanced ?? -1),
    mismatchedAccounts: Number(row?.mismatched ?? -1),
    negativeCustomerAccounts: Number(row?.negative ?? -1),
    totalBalancePoisha: BigInt(row?.total ?? -1),
  };
}
