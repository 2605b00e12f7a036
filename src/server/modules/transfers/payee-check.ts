import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ReceiverRecord, receiverMatches, type TransferInput } from './transfers.service';

export type PayeeCheckInput = Pick<TransferInput, 'transfer' | 'user' | 'accNum'>;

/**
 * Confirmation of payee: whether the typed type and name match the account number, read without
 * a lock (the transfer checks again under its lock). An unknown number is a plain "no match", so
 * the check cannot be used to find which numbers exist.
 */
export async function checkPayee(executor: Executor, input: PayeeCheckInput): Promise<boolean> {
  const result = await executor.execute<ReceiverRecord>(sql`SELECT status, account_type, holder_name FROM bank_account WHERE id = ${input.accNum}`);
  const receiver = result.rows[0];
  return receiver !== undefined && receiverMatches(receiver, input);
}
