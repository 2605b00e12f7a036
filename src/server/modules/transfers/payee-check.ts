import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type RateLimiter, ratePolicies } from '../../lib/rate-limiter';
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

/**
 * The payee check as a customer asks it, counted against their allowance first: every question
 * that answers match or no match (the check itself, saving a receiver) goes through here, so that
 * one allowance bounds how many names a customer can test against account numbers.
 */
export async function checkPayeeCounted(deps: { db: Executor; rateLimiter: RateLimiter }, userId: string, input: PayeeCheckInput): Promise<boolean> {
  await deps.rateLimiter.consume(ratePolicies.payeeChecksPerCustomer, userId);
  return checkPayee(deps.db, input);
}
