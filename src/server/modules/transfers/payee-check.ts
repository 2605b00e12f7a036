import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { type RateLimiter, ratePolicies } from '../../lib/rate-limiter';
import { paidReceiversAbove } from './new-receiver-step-up';
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

/** Refusals a customer may learn something about a receiver from: any refusal of a decided transfer. */
const revealingRefusalStatuses = new Set([400, 403, 409]);

/**
 * A transfer's refusal as its customer may see it. Every refusal of a transfer tells its sender
 * something about the receiver: a name that does not match is refused first, so any later refusal
 * ("not enough money", over a limit, a code asked for) says the name matched, and with an empty
 * account the transfer would otherwise be a free payee check. So a refused transfer counts
 * against the payee check's allowance, and past it the customer gets the throttle's 429 instead of
 * the refusal. A refusal of a transfer to an account the customer has paid before tells them
 * nothing new and is not counted, so the everyday "not enough money" costs nothing; a name that
 * does not match always counts.
 */
export async function transferRefusalCounted(deps: { db: Executor; rateLimiter: RateLimiter }, userId: string, receiverAccountId: string, refusal: unknown): Promise<unknown> {
  if (!(refusal instanceof AppError) || !revealingRefusalStatuses.has(refusal.statusCode)) return refusal;
  if (refusal.code !== 'receiver_mismatch' && (await paidReceiversAbove(deps.db, [{ senderUserId: userId, receiverAccountId }], 0n)).size > 0) return refusal;
  try {
    await deps.rateLimiter.consume(ratePolicies.payeeChecksPerCustomer, userId);
  } catch (throttled) {
    return throttled;
  }
  return refusal;
}
