import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The tables of requests that belong to a bank account and that staff decide. */
export type RequestTable = 'card' | 'loan' | 'deposit_request';

/**
 * The account a request belongs to, read without a lock: the decision then locks that account
 * and only after it the request, the order every money path takes.
 */
export async function findRequestAccountId(executor: Executor, table: RequestTable, requestId: string): Promise<string | undefined> {
  const result = await executor.execute<{ bank_account_id: string }>(sql`SELECT bank_account_id FROM ${sql.identifier(table)} WHERE id = ${requestId}`);
  return result.rows[0]?.bank_account_id;
}

/** What approving a request would pay out (a loan's amount, a deposit's), read without a lock: it never changes after the request is made. */
export async function findRequestAmountPoisha(executor: Executor, table: 'loan' | 'deposit_request', requestId: string): Promise<bigint | undefined> {
  const result = await executor.execute<{ amount_poisha: string }>(sql`SELECT amount_poisha FROM ${sql.identifier(table)} WHERE id = ${requestId}`);
  const amount = result.rows[0]?.amount_poisha;
  return amount === undefined ? undefined : BigInt(amount);
}
