import type { AccountTypeSlug } from '../../../shared/constants';
import { savedReceiversPerCustomerMax } from '../../../shared/constants';
import { maskHolderName } from '../../../shared/masked-name';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SignedInUser } from '../auth/signed-in-user';
import { thisBankAccounts } from '../name-enquiry/name-enquiry-source';
import { confirmsHolder, countNameEnquiry, enquiredHolderOf } from '../name-enquiry/name-enquiry.service';
import type { ClearingService } from '../payments/clearing-service';
import { enquiredReceiverOf } from '../payments/payment-orders';
import { receiverMismatchMessage } from '../transfers/transfers.service';
import { countReceiversOf, lockReceiversOf, receiverIdOfAccount, upsertReceiver } from './saved-receivers.repository';

/**
 * A receiver to save, in the bank's words (`saved-receiver-answers.ts` maps the wire's): the bank
 * or wallet (null: this bank), the account and the masked name the customer confirmed for it.
 */
export type SaveReceiverCommand = { receiverParticipant: string | null; receiverAccountId: string; confirmedReceiverName: string; nickname?: string | null };

export type SavedReceiversDeps = { db: Database; rateLimiter: RateLimiter; clearing: ClearingService };

/** What is kept of a receiver once confirmed: never the holder's name as a bank holds it, only its mask. */
type ConfirmedReceiver = { participantCode: string | null; accountNumber: string; accountType: AccountTypeSlug | null; maskedName: string };

const mismatch = () => new AppError(400, 'receiver_mismatch', receiverMismatchMessage, { receiverAccountId: receiverMismatchMessage });

/**
 * Asks who holds the account (this bank's records, or the switch's enquiry for another bank or
 * wallet, as a payment's quote does) and whether that is the person the customer confirmed.
 */
async function confirmedReceiverOf(deps: SavedReceiversDeps, command: SaveReceiverCommand): Promise<ConfirmedReceiver> {
  if (command.receiverParticipant !== null) {
    const receiver = await enquiredReceiverOf(deps.clearing, command.receiverParticipant, command.receiverAccountId);
    if (!confirmsHolder(receiver.holderName, command.confirmedReceiverName)) throw mismatch();
    return { participantCode: command.receiverParticipant, accountNumber: command.receiverAccountId, accountType: null, maskedName: maskHolderName(receiver.holderName) };
  }
  const account = await thisBankAccounts(deps.db).lookUp(command.receiverAccountId);
  if (!account || !confirmsHolder(account.holderName, command.confirmedReceiverName)) throw mismatch();
  const confirmed = enquiredHolderOf(account);
  return { participantCode: null, accountNumber: confirmed.accountNumber, accountType: confirmed.accountType, maskedName: confirmed.maskedName };
}

export const savedReceiversFullMessage = `You can keep at most ${savedReceiversPerCustomerMax} saved receivers. Delete one you no longer use first.`;

/**
 * Saves a receiver once the bank's records (or, at another bank or wallet, the switch's name
 * enquiry) confirm that the account can receive money and that its holder is the person the
 * customer confirmed (the masked name the look-up showed), counted as a name enquiry (a save
 * answers the same question: without the allowance, saving would be a way around it). What is
 * kept is the account's type (at this bank) and the masked name, never the holder's name as a
 * bank holds it. A mismatch says only that the details do not match an account and
 * writes nothing. Saving an account the customer has already saved updates that entry
 * (`merged`), so "save this receiver" after paying a saved one is never an error.
 */
export async function saveReceiver(deps: SavedReceiversDeps, user: SignedInUser, address: string, command: SaveReceiverCommand): Promise<{ id: string; merged: boolean }> {
  await countNameEnquiry(deps.rateLimiter, { userId: user.id, address });
  const confirmed = await confirmedReceiverOf(deps, command);
  return deps.db.transaction(async (tx) => {
    await lockReceiversOf(tx, user.id);
    const existing = await receiverIdOfAccount(tx, user.id, confirmed.participantCode, confirmed.accountNumber);
    if (existing === undefined && (await countReceiversOf(tx, user.id)) >= savedReceiversPerCustomerMax) {
      throw new AppError(409, 'saved_receivers_full', savedReceiversFullMessage);
    }
    const saved = await upsertReceiver(tx, {
      ownerUserId: user.id,
      participantCode: confirmed.participantCode,
      accountNumber: confirmed.accountNumber,
      accountType: confirmed.accountType,
      holderName: confirmed.maskedName,
      nickname: command.nickname,
    });
    return { id: saved.id, merged: !saved.inserted };
  });
}
