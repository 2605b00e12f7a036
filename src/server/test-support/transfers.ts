import type { Transaction } from '../db/client';
import { writeTogether } from '../db/write-together';
import { assertInvariant } from '../errors';
import type { SignedInUser } from '../modules/auth/signed-in-user';
import { decideTransfers, type TransferCommand, type TransferResult } from '../modules/transfers/transfers.service';

/**
 * One transfer made in the caller's transaction the way the route's batch makes it (decided, then
 * written in one statement), without the route: nothing kicks the notice expander afterwards. A
 * refusal is thrown, so a test or a bench run cannot pass on a transfer that never happened.
 */
export async function transferInTransaction(tx: Transaction, user: SignedInUser, command: TransferCommand): Promise<TransferResult> {
  const { outcomes, writes } = await decideTransfers(tx, [{ user, command }]);
  await writeTogether(tx, writes);
  const [outcome] = outcomes;
  assertInvariant(outcome, 'one order, one outcome');
  if ('refused' in outcome) throw outcome.refused;
  return outcome.done;
}
