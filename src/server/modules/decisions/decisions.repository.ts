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
