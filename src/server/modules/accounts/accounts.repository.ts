import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { statementPageSizeMax } from '../../../shared/constants';
import { schema, type Executor, type Transaction } from '../../db/client';
import { assertInvariant } from '../../errors';
import type { Page } from '../../lib/paged-list';
import { requestRepository, type RequestListFilter } from '../decisions/request-repository';
import { allowanceColumns, allowanceJoins } from '../limits/limits.repository';

/**
 * The account request's row is the bank account itself, read like every request (decisions 043, 062):
 * typed by the schema, timestamps as `Date`, the birth date as its `YYYY-MM-DD`. The staff list's
 * search finds an account by its own number, phone, NID, name or e-mail, or by a reference it took
 * part in (`bankAccountMatches`); a customer's own accounts come in the order they were opened.
 */
const accountSelect = (executor: Executor) => executor.select().from(schema.bankAccount).$dynamic();

export type AccountRow = typeof schema.bankAccount.$inferSelect;

export const {
  find: findAccount,
  lock: lockAccountRequest,
  listOfOwner: listAccountRowsOfOwner,
  page: pageOfAccountRows,
} = requestRepository({ name: 'bank_account', table: schema.bankAccount, select: accountSelect, ownListOrder: 'oldest first' });

/** The card or loan an account's pages show: the latest one that is waiting or in use. */
const openStatuses = ['pending', 'active'] as const;

/**
 * What an account's pages show beside its row, for the accounts named: the balance, the latest
 * card and loan that wait or are in use, and the latest deposit request not declined. One typed
 * select, each look-up along the request table's account index.
 */
function accountFactsSelect(executor: Executor, accountIds: string[]) {
  const { card, loan, depositRequest, ledgerAccount } = schema;
  const openCard = executor
    .select({ id: card.id, cardType: card.cardType, status: card.status, imageUrl: card.imageUrl })
    .from(card)
    .where(and(eq(card.bankAccountId, ledgerAccount.code), inArray(card.status, openStatuses)))
    .orderBy(desc(card.requestedAt))
    .limit(1)
    .as('open_card');
  const openLoan = executor
    .select({ status: loan.status, outstandingPoisha: loan.outstandingPoisha })
    .from(loan)
    .where(and(eq(loan.bankAccountId, ledgerAccount.code), inArray(loan.status, openStatuses)))
    .orderBy(desc(loan.requestedAt))
    .limit(1)
    .as('open_loan');
  const latestDeposit = executor
    .select({ status: depositRequest.status })
    .from(depositRequest)
    .where(and(eq(depositRequest.bankAccountId, ledgerAccount.code), ne(depositRequest.status, 'declined')))
    .orderBy(desc(depositRequest.requestedAt))
    .limit(1)
    .as('latest_deposit');
  return executor
    .select({
      accountId: ledgerAccount.code,
      balancePoisha: ledgerAccount.balancePoisha,
      card: { id: openCard.id, cardType: openCard.cardType, status: openCard.status, imageUrl: openCard.imageUrl },
      loan: { status: openLoan.status, outstandingPoisha: openLoan.outstandingPoisha },
      depositStatus: latestDeposit.status,
    })
    .from(ledgerAccount)
    .leftJoinLateral(openCard, sql`true`)
    .leftJoinLateral(openLoan, sql`true`)
    .leftJoinLateral(latestDeposit, sql`true`)
    .where(inArray(ledgerAccount.code, accountIds));
}

type AccountFacts = Omit<Awaited<ReturnType<typeof accountFactsSelect>>[number], 'accountId'>;

/** One bank account with everything its pages show: its row and its facts. */
export type AccountView = AccountRow & AccountFacts;

/**
 * The accounts' rows with their facts, in the rows' order. Read after the rows, in the caller's
 * executor: a page's look-ups run for the rows shown and not for every row the page skipped.
 */
export async function withAccountFacts(executor: Executor, rows: AccountRow[]): Promise<AccountView[]> {
  if (rows.length === 0) return [];
  const facts = new Map(
    (
      await accountFactsSelect(
        executor,
        rows.map((row) => row.id),
      )
    ).map(({ accountId, ...rest }) => [accountId, rest]),
  );
  return rows.map((row) => {
    const found = facts.get(row.id);
    assertInvariant(found !== undefined, 'every bank account has its ledger account');
    return { ...row, ...found };
  });
}

/** A customer's own accounts, the first opened first, with what their pages show. */
export async function listAccountsOfOwner(executor: Executor, ownerUserId: string): Promise<AccountView[]> {
  return withAccountFacts(executor, await listAccountRowsOfOwner(executor, ownerUserId));
}

/** The staff list of accounts: the page is cut from `bank_account` alone, then only its rows get their facts (bench/dashboard-lists.ts). */
export async function pageOfAccounts(executor: Executor, filter: RequestListFilter<AccountRow['status']>): Promise<Page<AccountView>> {
  const page = await pageOfAccountRows(executor, filter);
  return { rows: await withAccountFacts(executor, page.rows), total: page.total };
}

/** A new account, as the schema names its columns: the request's fields, its number, its owner and its holder. */
export type NewAccount = Omit<typeof schema.bankAccount.$inferInsert, 'status' | 'requestedAt' | 'approvedAt' | 'approvedByUserId' | 'declinedReason' | 'declinedNote' | 'declinedAt'>;

/**
 * What a customer asks for to open an account, in the bank's words: the fields of the account row
 * they fill in. The holder's name and the owner are the signed-in customer's; the number is the bank's.
 */
export type AccountRequestCommand = Omit<NewAccount, 'id' | 'ownerUserId' | 'holderName'>;

/**
 * Locks the customer's user row for the rest of the transaction and answers how many of their
 * account requests wait for staff. Two requests of one customer sent at once then count one after
 * the other, so neither can slip under the bound on the other's count. `FOR NO KEY UPDATE` leaves
 * rows that merely refer to the user (sessions, notifications) free to be written meanwhile.
 */
export async function lockOwnerAndCountPendingAccounts(tx: Transaction, ownerUserId: string): Promise<number> {
  await tx.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.id, ownerUserId)).for('no key update');
  const [row] = await tx
    .select({ pending: count() })
    .from(schema.bankAccount)
    .where(and(eq(schema.bankAccount.ownerUserId, ownerUserId), eq(schema.bankAccount.status, 'pending')));
  return row?.pending ?? 0;
}

/** Inserts the ledger account and the bank account; false when the number is already taken. */
export async function insertAccount(tx: Transaction, account: NewAccount): Promise<boolean> {
  const ledger = await tx.insert(schema.ledgerAccount).values({ code: account.id, kind: 'customer' }).onConflictDoNothing().returning({ code: schema.ledgerAccount.code });
  if (ledger.length === 0) return false;
  await tx.insert(schema.bankAccount).values(account);
  return true;
}

/**
 * A bank account as every money path locks it (a transfer, a repayment, a staff decision): raw SQL,
 * because a transfer batch locks every account of every order, with its limits, in one round trip
 * (`lockAccountsForTransfer`, decision 055). The balance is cast to text in the SQL, which both
 * drivers hand back alike (a raw `bigint` they do not: decision 043), and read with `BigInt`.
 */
export type LockedAccount = {
  id: string;
  owner_user_id: string;
  account_type: AccountRow['accountType'];
  status: AccountRow['status'];
  holder_name: string;
  balance_poisha: string;
};

/**
 * Locks the bank account rows and their ledger balances, in id order, and reads the balances
 * under the lock: a rule such as "the amount must be less than the balance" is then checked
 * against the balance no concurrent transfer can still change. The ledger, given these rows,
 * does not lock them a second time. `NO KEY UPDATE`, not `UPDATE`: it still excludes another
 * transfer's lock, but not the key-share lock a foreign key check takes, so the day close, which
 * writes a row referencing every account in one statement, never deadlocks with a transfer.
 */
export async function lockAccounts(tx: Transaction, accountIds: string[]): Promise<Map<string, LockedAccount>> {
  const ids = [...new Set(accountIds)].sort();
  const result = await tx.execute<LockedAccount>(sql`
    SELECT b.id, b.owner_user_id, b.account_type, b.status, b.holder_name, l.balance_poisha::text AS balance_poisha
    FROM bank_account b JOIN ledger_account l ON l.code = b.id
    WHERE b.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY b.id
    FOR NO KEY UPDATE OF b, l`);
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
  return selectTransferAccounts(tx, accountIds, sql`FOR NO KEY UPDATE OF b, l`);
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
    WHERE b.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY b.id
    ${locking}`);
  return new Map(result.rows.map((row) => [row.id, row]));
}

/** The customer ledger balances of locked accounts, for `postJournalEntry`'s `lockedBalances`. */
export function lockedBalancesOf(accounts: Iterable<LockedAccount>): Map<string, bigint> {
  return new Map([...accounts].map((account) => [account.id, BigInt(account.balance_poisha)]));
}

export async function activateAccount(tx: Transaction, accountId: string, staffUserId: string): Promise<void> {
  await tx
    .update(schema.bankAccount)
    .set({ status: 'active', approvedAt: sql`now()`, approvedByUserId: staffUserId })
    .where(eq(schema.bankAccount.id, accountId));
}

/**
 * Lines one query reads when a whole statement is read for a file (CSV or PDF), as many as the
 * largest page of the statement API. The embedded database runs its queries on the server's own
 * thread: a batch of 200 lines held other requests up for about 15 ms of CPU when measured, and
 * all 5,000 lines of a long statement in one read would hold them up for 25 times as long.
 */
export const statementReadBatchLines = statementPageSizeMax;

/**
 * One line of a statement, read raw as the statement's other reads are (`statements.repository.ts`):
 * a statement file reads thousands of lines, and a raw row is handed over as the driver reads it,
 * without a mapping per column. Ids and money are cast to text in the SQL and the timestamp is
 * PostgreSQL's text, which both drivers hand back alike (decision 043).
 */
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
