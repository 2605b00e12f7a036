import type { Executor } from '../../db/client';
import type { RateLimiter } from '../../lib/rate-limiter';
import { readAccountsForTransfer } from '../accounts/accounts.repository';
import { type BoundOperation, operationHash } from '../two-factor/sms-codes';
import { transferCodeText } from '../two-factor/sms-texts';
import { countNameEnquiry, type Enquirer } from '../name-enquiry/name-enquiry.service';
import { paidReceiversAbove } from './new-receiver-step-up';
import type { TransferCommand } from './transfers.service';

/**
 * A transfer as an SMS code confirms it: the hash covers the sending account, the receiving
 * account and the amount in poisha, so a code sent for one transfer confirms no other (another
 * receiver, another amount, another of one's accounts). The message names the amount and the
 * receiver's registered name masked as the name enquiry showed it ("KA*** HO*****"), so that the
 * customer recognises the person they confirmed on the phone that receives the code, and the
 * message tells them nothing the enquiry did not.
 */
export async function transferOperation(executor: Executor, command: TransferCommand): Promise<BoundOperation> {
  const receiver = (await readAccountsForTransfer(executor, [command.receiverAccountId])).get(command.receiverAccountId);
  return {
    purpose: 'step-up',
    hash: operationHash('transfer', [command.senderAccountId, command.receiverAccountId, command.amountPoisha.toString()]),
    text: (code, language) => transferCodeText(code, { amountPoisha: command.amountPoisha, receiverName: receiver?.holder_name ?? command.confirmedReceiverName }, language),
  };
}

/**
 * A step-up check that passes the transfer's rules says the confirmed name masks the account's
 * holder: a name enquiry. So it counts against the name enquiry's allowances, unless the customer
 * has paid this receiver before (it then tells them nothing new).
 */
export async function countPreviewOfNewReceiver(deps: { db: Executor; rateLimiter: RateLimiter }, enquirer: Enquirer, receiverAccountId: string): Promise<void> {
  if ((await paidReceiversAbove(deps.db, [{ senderUserId: enquirer.userId, receiverAccountId }], 0n)).size > 0) return;
  await countNameEnquiry(deps.rateLimiter, enquirer);
}
