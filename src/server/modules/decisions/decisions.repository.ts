import { sql } from 'drizzle-orm';
import type { DeclineReason } from '../../../shared/schemas/decline';
import type { Executor, Transaction } from '../../db/client';

/** The tables of requests that belong to a bank account and that staff decide. */
export type RequestTable = 'card' | 'loan' | 'deposit_request';

/** Where a request's row lives: one of those, or the account itself for the request that opens it. */
export type DecidedTable = RequestTable | 'bank_account';

/**
 * The account a request belongs to, read without a lock: the decision then locks that account
 * and only after it the request, the order every money path takes.
 */
export async function findRequestAccountId(executor: Executor, table: RequestTable, requestId: string): Promise<string | undefined> {
  const result = await executor.execute<{ bank_account_id: string }>(sql`SELECT bank_account_id FROM ${sql.identifier(table)} WHERE id = ${requestId}`);
  return result.rows[0]?.bank_account_id;
}

/**
 * Marks a waiting request declined, with the staff's reason, instead of deleting it: the
 * customer sees why, and a declined request no longer counts as open or waiting anywhere. The
 * row is already locked and known to be pending; the status condition is a second guard.
 */
export async function markRequestDeclined(tx: Transaction, table: DecidedTable, requestId: string, decline: { reason: DeclineReason; note: string | undefined; staffUserId: string }): Promise<void> {
  // The account row records who approved it, not who decided it: the audit event names the decliner.
  const decidedBy = table === 'bank_account' ? sql`` : sql`, decided_at = now(), decided_by_user_id = ${decline.staffUserId}`;
  await tx.execute(sql`
    UPDATE ${sql.identifier(table)} SET status = 'declined', declined_reason = ${decline.reason}, declined_note = ${decline.note ?? null}, declined_at = now() ${decidedBy}
    WHERE id = ${requestId} AND status = 'pending'`);
}

/** What approving a request would pay out (a loan's amount, a deposit's), read without a lock: it never changes after the request is made. */
export async function findRequestAmountPoisha(executor: Executor, table: 'loan' | 'deposit_request', requestId: string): Promise<bigint | undefined> {
  const result = await executor.execute<{ amount_poisha: string }>(sql`SELECT amount_poisha FROM ${sql.identifier(table)} WHERE id = ${requestId}`);
  const amount = result.rows[0]?.amount_poisha;
  return amount === undefined ? undefined : BigInt(amount);
}
