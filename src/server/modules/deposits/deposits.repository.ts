import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor, type Transaction } from '../../db/client';
import type { ListSearch } from '../../../shared/schemas/fields';
import { accountOfRowMatches } from '../../lib/list-search';
import { requestRepository } from '../decisions/request-repository';

/** A deposit request with its account's holder and the balance the account holds now. */
const depositSelect = (executor: Executor) =>
  executor
    .select({ ...getTableColumns(schema.depositRequest), email: schema.bankAccount.email, holderName: schema.bankAccount.holderName, balancePoisha: schema.ledgerAccount.balancePoisha })
    .from(schema.depositRequest)
    .innerJoin(schema.bankAccount, eq(schema.bankAccount.id, schema.depositRequest.bankAccountId))
    .innerJoin(schema.ledgerAccount, eq(schema.ledgerAccount.code, schema.bankAccount.id))
    .$dynamic();

export type DepositRow = Awaited<ReturnType<typeof depositSelect>>[number];

export async function countPendingDeposits(tx: Transaction, accountId: string): Promise<number> {
  const result = await tx.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM deposit_request WHERE bank_account_id = ${accountId} AND status = 'pending'`);
  return Number(result.rows[0]?.count ?? 0);
}

/** The request and the short reference the customer is given for it; the credit will carry the same one. */
export async function insertDepositRequest(tx: Transaction, values: { accountId: string; ownerUserId: string; amountPoisha: bigint; reference: string }): Promise<{ id: string; reference: string }> {
  const result = await tx.execute<{ id: string; reference: string }>(sql`
    INSERT INTO deposit_request (bank_account_id, owner_user_id, amount_poisha, reference)
    VALUES (${values.accountId}, ${values.ownerUserId}, ${values.amountPoisha.toString()}, ${values.reference}) RETURNING id, reference`);
  const row = result.rows[0];
  if (!row) throw new Error('deposit insert returned no id');
  return row;
}

/**
 * A reference finds its own deposit (pending or credited: both carry it), not every deposit of the
 * account, and, as text, the deposits of a holder so named; anything else goes by the account.
 * One list of ids, each part along its own index (an OR would walk the list by date instead).
 */
function depositSearch(search: ListSearch): SQL {
  if (search.kind !== 'reference') return accountOfRowMatches(search, sql`${schema.depositRequest.bankAccountId}`);
  return sql`${schema.depositRequest.id} IN (
    SELECT quoted.id FROM deposit_request quoted WHERE quoted.reference = ${search.reference}
    UNION ALL SELECT named.id FROM deposit_request named WHERE ${accountOfRowMatches({ kind: 'text', text: search.text }, sql`named.bank_account_id`)})`;
}

export const {
  lock: lockDeposit,
  listOfOwner: listDepositsOfOwner,
  page: listDeposits,
} = requestRepository({
  name: 'deposit_request',
  table: schema.depositRequest,
  select: depositSelect,
  search: depositSearch,
});

export async function markDepositCredited(tx: Transaction, depositId: string, journalEntryId: string, staffUserId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE deposit_request SET status = 'success', journal_entry_id = ${journalEntryId}, decided_at = now(), decided_by_user_id = ${staffUserId}
    WHERE id = ${depositId}`);
}
