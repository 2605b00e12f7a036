import { savedReceiversPerCustomerMax } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SignedInUser } from '../auth/signed-in-user';
import { thisBankAccounts } from '../name-enquiry/name-enquiry-source';
import { confirmsHolder, countNameEnquiry, enquiredHolderOf } from '../name-enquiry/name-enquiry.service';
import { receiverMismatchMessage } from '../transfers/transfers.service';
import { countReceiversOf, lockReceiversOf, receiverIdOfAccount, upsertReceiver } from './saved-receivers.repository';

/** A receiver to save, in the bank's words (`saved-receiver-answers.ts` maps the wire's): the account and the masked name the customer confirmed for it. */
export type SaveReceiverCommand = { receiverAccountId: string; confirmedReceiverName: string; nickname?: string | null };

export const savedReceiversFullMessage = `You can keep at most ${savedReceiversPerCustomerMax} saved receivers. Delete one you no longer use first.`;

/**
 * Saves a receiver once the bank's records confirm that the account can receive money and that
 * its holder is the person the customer confirmed (the masked name the look-up showed), counted
 * as a name enquiry (a save answers the same question: without the allowance, saving would be a
 * way around it). What is kept is the account's type and the masked name, never the holder's
 * name as the bank holds it. A mismatch says only that the details do not match an account and
 * writes nothing. Saving an account the customer has already saved updates that entry
 * (`merged`), so "save this receiver" after paying a saved one is never an error.
 */
export async function saveReceiver(deps: { db: Database; rateLimiter: RateLimiter }, user: SignedInUser, address: string, command: SaveReceiverCommand): Promise<{ id: string; merged: boolean }> {
  await countNameEnquiry(deps.rateLimiter, { userId: user.id, address });
  const account = await thisBankAccounts(deps.db).lookUp(command.receiverAccountId);
  if (!account || !confirmsHolder(account.holderName, command.confirmedReceiverName)) {
    throw new AppError(400, 'receiver_mismatch', receiverMismatchMessage, { receiverAccountId: receiverMismatchMessage });
  }
  const confirmed = enquiredHolderOf(account);
  return deps.db.transaction(async (tx) => {
    await lockReceiversOf(tx, user.id);
    const existing = await receiverIdOfAccount(tx, user.id, command.receiverAccountId);
    if (existing === undefined && (await countReceiversOf(tx, user.id)) >= savedReceiversPerCustomerMax) {
      throw new AppError(409, 'saved_receivers_full', savedReceiversFullMessage);
    }
    const saved = await upsertReceiver(tx, {
      ownerUserId: user.id,
      accountNumber: confirmed.accountNumber,
      accountType: confirmed.accountType,
      holderName: confirmed.maskedName,
      nickname: command.nickname,
    });
    return { id: saved.id, merged: !saved.inserted };
  });
}
