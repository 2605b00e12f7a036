import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countNameEnquiry, type Enquirer } from '../name-enquiry/name-enquiry.service';
import { paidReceiversAbove } from './new-receiver-step-up';

/** Refusals a customer may learn something about a receiver from: any refusal of a decided transfer. */
const revealingRefusalStatuses = new Set([400, 403, 409]);

/**
 * A transfer's refusal as its customer may see it. Every refusal of a transfer tells its sender
 * something about the receiver: a receiver that is not the one confirmed is refused first, so any
 * later refusal ("not enough money", over a limit, a code asked for) says the number belongs to an
 * account whose holder masks to the confirmed name, and with an empty account the transfer would
 * otherwise be a free name enquiry. So a refused transfer counts against the name enquiry's
 * allowances, and past them the customer gets the throttle's 429 instead of the refusal. A refusal
 * of a transfer to an account the customer has paid before tells them nothing new and is not
 * counted, so the everyday "not enough money" costs nothing; a receiver mismatch always counts.
 */
export async function transferRefusalCounted(deps: { db: Executor; rateLimiter: RateLimiter }, enquirer: Enquirer, receiverAccountId: string, refusal: unknown): Promise<unknown> {
  if (!(refusal instanceof AppError) || !revealingRefusalStatuses.has(refusal.statusCode)) return refusal;
  if (refusal.code !== 'receiver_mismatch' && (await paidReceiversAbove(deps.db, [{ senderUserId: enquirer.userId, receiverAccountId }], 0n)).size > 0) return refusal;
  try {
    await countNameEnquiry(deps.rateLimiter, enquirer);
  } catch (throttled) {
    return throttled;
  }
  return refusal;
}
