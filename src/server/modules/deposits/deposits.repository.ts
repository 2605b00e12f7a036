import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import type { ListSearch } from '../../../shared/schemas/fields';
import { accountOfRowMatches } from '../../lib/list-search';
import type { DeclinedColumns } from '../../lib/answer-fields';
import { requestRepository } from '../decisions/request-repository';

export type DepositRow = {
  id: string;
  reference: string;
  bank_account_id: string;
  owner_user_id: string;
  amount_poisha: string;
  status: 'pending' | 'success' | 'declined';
  requested_at: string | Date;
  email: string;
  holder_name: string;
  balance_poisha: string;
} & DeclinedColumns;

const depositSelect = sql`
  SELECT d.id, d.reference, d.bank_account_id, d.owner_user_id, d.amount_poisha::text AS amount_poisha, d.status, d.requested_at,
    d.declined_reason, d.declined_note, d.declined_at,
    b.email, b.holder_name, l.balance_poisha::text AS balance_poisha
  FROM deposit_request d JOIN bank_account b ON b.id = d.bank_account_id JOIN ledger_account l ON l.code = b.id`;

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
  if (search.kind !== 'reference') return accountOfRowMatches(search, sql`d.bank_account_id`);
  return sql`d.id IN (
    SELECT quoted.id FROM deposit_request quoted WHERE quoted.reference = ${search.reference}
    UNION ALL SELECT named.id FROM deposit_request named WHERE ${accountOfRowMatches({ kind: 'text', text: search.text }, sql`named.bank_account_id`)})`;
}

export const { lock: lockDeposit, listOfOwner: listDepositsOfOwner, page: listDeposits } = requestRepository<DepositRow>({
  table: 'deposit_request',
  alias: 'd',
  select: depositSelect,
  search: depositSearch,
});

export async function markDepositCredited(tx: Transaction, depositId: string, journalEntryId: string, staffUserId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE deposit_request SET status = 'success', journal_entry_id = ${journalEntryId}, decided_at = now(), decided_by_user_id = ${staffUserId}
    WHERE id = ${depositId}`);
}
