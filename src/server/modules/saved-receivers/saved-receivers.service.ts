import type { z } from 'zod';
import { savedReceiversPerCustomerMax } from '../../../shared/constants';
import type { saveReceiverSchema } from '../../../shared/schemas/saved-receivers';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SignedInUser } from '../../plugins/access-guard';
import { checkPayeeCounted } from '../transfers/payee-check';
import { receiverMismatchMessage } from '../transfers/transfers.service';
import { countReceiversOf, lockReceiversOf, receiverIdOfAccount, upsertReceiver } from './saved-receivers.repository';

export type SaveReceiverRequest = z.output<typeof saveReceiverSchema>;

export const savedReceiversFullMessage = `You can keep at most ${savedReceiversPerCustomerMax} saved receivers. Delete one you no longer use first.`;

/**
 * Saves a receiver once the bank's records confirm the details, with the payee check's rule and
 * its allowance (a save is a payee check: without the allowance, saving would be a way around it).
 * A mismatch says only that the details do not match an account, never whose the account is, and
 * writes nothing. Saving an account the customer has already saved updates that entry (`merged`),
 * so "save this receiver" after paying a saved one is never an error.
 */
export async function saveReceiver(deps: { db: Database; rateLimiter: RateLimiter }, user: SignedInUser, input: SaveReceiverRequest): Promise<{ id: string; merged: boolean }> {
  if (!(await checkPayeeCounted(deps, user.id, input))) {
    throw new AppError(400, 'receiver_mismatch', receiverMismatchMessage, { accNum: receiverMismatchMessage });
  }
  return deps.db.transaction(async (tx) => {
    await lockReceiversOf(tx, user.id);
    const existing = await receiverIdOfAccount(tx, user.id, input.accNum);
    if (existing === undefined && (await countReceiversOf(tx, user.id)) >= savedReceiversPerCustomerMax) {
      throw new AppError(409, 'saved_receivers_full', savedReceiversFullMessage);
    }
    const saved = await upsertReceiver(tx, { ownerUserId: user.id, accountNumber: input.accNum, accountType: input.transfer, holderName: input.user, nickname: input.nickname });
    return { id: saved.id, merged: !saved.inserted };
  });
}
