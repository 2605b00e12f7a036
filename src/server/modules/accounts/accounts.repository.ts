import { sql, type SQL } from 'drizzle-orm';
import { type AccountTypeSlug, statementPageSizeMax } from '../../../shared/constants';
import type { Gender } from '../../../shared/schemas/banking';
import type { Executor, Transaction } from '../../db/client';
import type { ListSearch } from '../../../shared/schemas/fields';
import type { DeclineReason } from '../../../shared/schemas/decline';
import { countListRows } from '../../lib/list-row-count';
import { requestListOrder } from '../../lib/paged-list';
import { bankAccountMatches, countMatches, searchCondition } from '../../lib/list-search';
import { allowanceColumns, allowanceJoins } from '../limits/limits.repository';

/** One bank account with everything its pages show, read in one statement (one snapshot). */
export type AccountViewRow = {
  id: string;
  owner_user_id: string;
  account_type: AccountTypeSlug;
  status: 'pending' | 'active' | 'declined';
  holder_name: string;
  email: string;
  phone: string;
  photo_url: string;
  gender: Gender;
  birth_date: string;
  nid: string;
  residential_area: string;
  permanent_area: string;
  nominee_name: string;
  nominee_nid: string;
  nominee_relation: string;
  requested_at: string;
  approved_at: string | null;
  balance_poisha: string;
  card_id: string | null;
  card_type: 'debit' | 'credit' | null;
  card_status: 'pending' | 'active' | null;
  card_image_url: string | null;
  loan_status: 'pending' | 'active' | null;
  loan_outstanding_poisha: string | null;
  deposit_status: 'pending' | 'success' | null;
  declined_reason: DeclineReason | null;
  declined_note: string | null;
  declined_at: string | null;
};

/** `from` names the bank accounts to show as `b`: the table itself, or one page of it. */
const accountViewSelect = (from: SQL = sql`bank_account b`) => sql`
  SELECT b.id, b.owner_user_id, b.account_type, b.status, b.holder_name, b.email, b.phone, b.photo_url, b.gender,
    b.birth_date::text AS birth_date, b.nid, b.residential_area, b.permanent_area, b.nominee_name, b.nominee_nid,
    b.nominee_relation, b.requested_at, b.approved_at, b.declined_reason, b.declined_note, b.declined_at, l.balance_poisha::text AS balance_poisha,
    c.id AS card_id, c.card_type, c.status AS card_status, c.image_url AS card_image_url,
    ln.status AS loan_status, ln.outstanding_poisha::text AS loan_outstanding_poisha,
    d.status AS deposit_status
  FROM ${from}
  JOIN ledger_account l ON l.code = b.id
  LEFT JOIN LATERAL (
    SELECT id, card_type, status, image_url FROM card
    WHERE card.bank_account_id = b.id AND card.status IN ('pending', 'active')
    ORDER BY requested_at DESC LIMIT 1) c ON true
  LEFT JOIN LATERAL (
    SELECT status, outstanding_poisha FROM loan
    WHERE loan.bank_account_id = b.id AND loan.status IN ('pending', 'active')
    ORDER BY requested_at DESC LIMIT 1) ln ON true
  LEFT JOIN LATERAL (
    SELECT status FROM deposit_request WHERE deposit_request.bank_account_id = b.id AND deposit_request.status <> 'declined'
    ORDER BY requested_at DESC LIMIT 1) d ON true`;

async function selectAccounts(executor: Executor, where: SQL, tail: SQL = sql``): Promise<AccountViewRow[]> {
  const result = await executor.execute<AccountViewRow>(sql`${accountViewSelect()} WHERE ${where} ${tail}`);
  return result.rows;
}

export function listAccountsOfOwner(executor: Executor, ownerUserId: string): Promise<AccountViewRow[]> {
  return selectAccounts(executor, sql`b.owner_user_id = ${ownerUserId}`, sql`ORDER BY b.requested_at, b.id`);
}

export async function findAccountOfOwner(executor: Executor, ownerUserId: string, accountId: string): Promise<AccountViewRow | undefined> {
  const [row] = await selectAccounts(executor, sql`b.id = ${accountId} AND b.owner_user_id = ${ownerUserId}`);
  return row;
}

export async function findAccountById(executor: Executor, accountId: string): Promise<AccountViewRow | undefined> {
  const [row] = await selectAccounts(executor, sql`b.id = ${accountId}`);
  return row;
}

export type AccountListFilter = { status?: AccountViewRow['status'] | undefined; q?: ListSearch | undefined; limit: number; offset: number };

export async function listAllAccounts(executor: Executor, filter: AccountListFilter): Promise<{ rows: AccountViewRow[]; total: number }> {
  const where = sql`${filter.status ? sql`b.status = ${filter.status}` : sql`true`} AND ${searchCondition(filter.q, (search) => bankAccountMatches(search))}`;
  // The page is cut from bank_account alone, so the card, loan and deposit look-ups run for the
  // twenty rows shown and not for every row skipped (bench/dashboard-lists.ts).
  const order = requestListOrder('b', filter.status);
  const pageOfAccounts = sql`(SELECT * FROM bank_account b WHERE ${where} ORDER BY ${order} LIMIT ${filter.limit} OFFSET ${filter.offset}) b`;
  const result = await executor.execute<AccountViewRow>(sql`${accountViewSelect(pageOfAccounts)} ORDER BY ${order}`);
  const rows = result.rows;
  // A search is counted over its matches; the whole list or one status comes from the kept counters.
  const total = filter.q ? await countMatches(executor, sql`SELECT count(*) FROM bank_account b WHERE ${where}`) : await countListRows(executor, 'bank_account', filter.status);
  return { rows, total };
}

export type NewAccount = {
  id: string;
  ownerUserId: string;
  accountType: AccountTypeSlug;
  holderName: string;
  email: string;
  phone: string;
  photoUrl: string;
  gender: Gender;
  birthDate: string;
  nid: string;
  residentialArea: string;
  permanentArea: string;
  nomineeName: string;
  nomineeNid: string;
  nomineeRelation: string;
};

/**
 * Locks the customer's user row for the rest of the transaction and answers how many of their
 * account requests wait for staff. Two requests of one customer sent at once then count one after
 * the other, so neither can slip under the bound on the other's count. `FOR NO KEY UPDATE` leaves
 * rows that merely refer to the user (sessions, notifications) free to be written meanwhile.
 */
export async function lockOwnerAndCountPendingAccounts(tx: Transaction, ownerUserId: string): Promise<number> {
  await tx.execute(sql`SELECT id FROM "user" WHERE id = ${ownerUserId} FOR NO KEY UPDATE`);
  const result = await tx.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM bank_account WHERE owner_user_id = ${ownerUserId} AND status = 'pending'`);
  return Number(result.rows[0]?.count ?? 0);
}

/** Inserts the ledger account and the bank account; false when the number is already taken. */
export async function insertAccount(tx: Transaction, account: NewAccount): Promise<boolean> {
  const ledger = await tx.execute<{ code: string }>(sql`
    INSERT INTO ledger_account (code, kind) VALUES (${account.id}, 'customer') ON CONFLICT (code) DO NOTHING RETURNING code`);
  if (ledger.rows.length === 0) return false;
  await tx.execute(sql`
    INSERT INTO bank_account (id, owner_user_id, account_type, holder_name, email, phone, photo_url, gender, birth_date, nid,
      residential_area, permanent_area, nominee_name, nominee_nid, nominee_relation)
    VALUES (${account.id}, ${account.ownerUserId}, ${account.accountType}, ${account.holderName}, ${account.email}, ${account.phone},
      ${account.photoUrl}, ${account.gender}, ${account.birthDate}, ${account.nid}, ${account.residentialArea}, ${account.permanentArea},
      ${account.nomineeName}, ${account.nomineeNid}, ${account.nomineeRelation})`);
  return true;
}

export type LockedAccount = { id: string; owner_user_id: string; account_type: AccountTypeSlug; status: AccountViewRow['status']; holder_name: string; balance_poisha: string };

/**
 * Locks the bank account rows and their ledger balances, in id order, and reads the balances
 * under the lock: a rule such as "the amount must be less than the balance" is then checked
 * against the balance no concurrent transfer can still change. The ledger, given these rows,
 * does not lock them a second time.
 */
export async function lockAccounts(tx: Transaction, accountIds: string[]): Promise<Map<string, LockedAccount>> {
  const ids = [...new Set(accountIds)].sort();
  const result = await tx.execute<LockedAccount>(sql`
    SELECT b.id, b.owner_user_id, b.account_type, b.status, b.holder_name, l.balance_poisha::text AS balance_poisha
    FROM bank_account b JOIN ledger_account l ON l.code = b.id
    WHERE b.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
    ORDER BY b.id
    FOR UPDATE OF b, l`);
  return new Map(result.rows.map((row) => [row.id, row]));
}

/** A locked account as a transfer reads it: with its type's limits (null: the defaults) and its sum for the Dhaka day asked for. */
export type LockedTransferAccount = LockedAccount & { per_transfer_poisha: string | null; per_day_poisha: string | null; sent_poisha: string; bank_day: string };

/**
 * `lockAccounts` for a transfer: the same locks in the same order, and in the same round trip
 * what the transfer limits need of each account (its type's limits and what it has sent on the
 * Dhaka day `day`), read under the lock, so no concurrent transfer from it can be missing.
 */
export function lockAccountsForTransfer(tx: Transaction, accountIds: string[]): Promise<Map<string, LockedTransferAccount>> {
  return selectTransferAccounts(tx, accountIds, sql`FOR UPDATE OF b, l`);
}

/** What `lockAccountsForTransfer` reads, without locking anything: a look ahead, which the transfer reads again under its locks. */
export function readAccountsForTransfer(executor: Executor, accountIds: string[]): Promise<Map<string, LockedTransferAccount>> {
  return selectTransferAccounts(executor, accountIds, sql``);
}

async function selectTransferAccounts(executor: Executor, accountIds: string[], locking: SQL): Promise<Map<string, LockedTransferAccount>> {
  const ids = [...new Set(accountIds)].sort();
  const result = await executor.execute<LockedTransferAccount>(sql`
    SELECT b.id, b.owner_user_id, b.account_type, b.status, b.holder_name, l.balance_poisha::text AS balance_poisha, ${allowanceColumns}
    FROM bank_account b JOIN ledger_account l ON l.code = b.id ${allowanceJoins}
    WHERE b.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
    ORDER BY b.id
    ${locking}`);
  return new Map(result.rows.map((row) => [row.id, row]));
}

/** The customer ledger balances of locked accounts, for `postJournalEntry`'s `lockedBalances`. */
export function lockedBalancesOf(accounts: Iterable<LockedAccount>): Map<string, bigint> {
  return new Map([...accounts].map((account) => [account.id, BigInt(account.balance_poisha)]));
}

export async function activateAccount(tx: Transaction, accountId: string, staffUserId: string): Promise<void> {
  await tx.execute(sql`UPDATE bank_account SET status = 'active', approved_at = now(), approved_by_user_id = ${staffUserId} WHERE id = ${accountId}`);
}

/**
 * Lines one query reads when a whole statement is read for a file (CSV or PDF), as many as the
 * largest page of the statement API. The embedded database runs its queries on the server's own
 * thread: a batch of 200 lines held other requests up for about 15 ms of CPU when measured, and
 * all 5,000 lines of a long statement in one read would hold them up for 25 times as long.
 */
export const statementReadBatchLines = statementPageSizeMax;

export type StatementRow = {
  posting_id: string;
  entry_id: string;
  reference: string;
  created_at: string;
  kind: string;
  memo: string;
  params: Record<string, unknown> | null;
  amount_poisha: string;
  balance_after_poisha: string;
};

export async function listStatement(executor: Executor, accountId: string, limit: number, beforePostingId?: bigint): Promise<StatementRow[]> {
  const before = beforePostingId === undefined ? sql`true` : sql`p.id < ${beforePostingId.toString()}`;
  const result = await executor.execute<StatementRow>(sql`
    SELECT p.id::text AS posting_id, j.id::text AS entry_id, j.reference, p.created_at, j.kind, j.memo, j.params, p.amount_poisha::text AS amount_poisha,
      p.balance_after_poisha::text AS balance_after_poisha
    FROM posting p JOIN journal_entry j ON j.id = p.journal_entry_id
    WHERE p.ledger_account_code = ${accountId} AND ${before}
    ORDER BY p.id DESC LIMIT ${limit}`);
  return result.rows;
}
