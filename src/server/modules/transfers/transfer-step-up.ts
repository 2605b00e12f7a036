import type { Executor } from '../../db/client';
import { type RateLimiter, ratePolicies } from '../../lib/rate-limiter';
import { readAccountsForTransfer } from '../accounts/accounts.repository';
import { type BoundOperation, operationHash } from '../two-factor/sms-codes';
import { transferCodeText } from '../two-factor/sms-texts';
import { paidReceiversAbove } from './new-receiver-step-up';
import type { TransferInput } from './transfers.service';

/**
 * A transfer as an SMS code confirms it: the hash covers the sending account, the receiving
 * account and the amount in poisha, so a code sent for one transfer confirms no other (another
 * receiver, another amount, another of one's accounts). The message names the amount and the
 * receiver's registered name, shortened; the transfer's rules have already checked that the name
 * typed matches it, so the message tells the sender nothing they did not type.
 */
export async function transferOperation(executor: Executor, input: Pick<TransferInput, 'id' | 'accNum' | 'sendAmount' | 'user'>): Promise<BoundOperation> {
  const receiver = (await readAccountsForTransfer(executor, [input.accNum])).get(input.accNum);
  return {
    purpose: 'step-up',
    hash: operationHash('transfer', [input.id, input.accNum, input.sendAmount.toString()]),
    text: (code, language) => transferCodeText(code, { amountPoisha: input.sendAmount, receiverName: receiver?.holder_name ?? input.user }, language),
  };
}

/**
 * A step-up check that passes the transfer's rules says the typed name matched the account: a
 * payee check. So it counts against the payee check's allowance, unless the customer has paid
 * this receiver before (it then tells them nothing new).
 */
export async function countPreviewOfNewReceiver(deps: { db: Executor; rateLimiter: RateLimiter }, userId: string, receiverAccountId: string): Promise<void> {
  if ((await paidReceiversAbove(deps.db, [{ senderUserId: userId, receiverAccountId }], 0n)).size > 0) return;
  await deps.rateLimiter.consume(ratePolicies.payeeChecksPerCustomer, userId);
}
