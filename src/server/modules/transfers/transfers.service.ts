import type { z } from 'zod';
import { formatBdt } from '../../../shared/money';
import type { transferSchema } from '../../../shared/schemas/banking';
import type { Transaction } from '../../db/client';
import { AppError } from '../../errors';
import type { SignedInUser } from '../../plugins/access-guard';
import { lockAccounts, lockedBalancesOf } from '../accounts/accounts.repository';
import { requireOwnActiveAccount } from '../accounts/accounts.service';
import { postJournalEntry } from '../ledger/ledger';

export const insufficientFundsMessage = 'You Do not have enough money in your account please deposit then transfer.';
export const receiverMismatchMessage = 'Receiver details do not match the account';

const normaliseName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export type TransferResult = { entryId: string; senderBalancePoisha: bigint };

/**
 * Moves money between two active accounts of this bank in one journal entry. The receiver's
 * type and name must match its number, so a mistyped number cannot send money to a stranger.
 * The spec's rule stands: the amount must be less than the balance (sending all of it is refused).
 */
export async function transferMoney(tx: Transaction, user: SignedInUser, input: z.output<typeof transferSchema>): Promise<TransferResult> {
  if (input.accNum === input.id) {
    const message = 'Choose a receiver account other than the sending account';
    throw new AppError(400, 'invalid_input', message, { accNum: message });
  }
  const locked = await lockAccounts(tx, [input.id, input.accNum]);
  const sender = requireOwnActiveAccount(locked, input.id, user.id, 'id');
  const receiver = locked.get(input.accNum);
  const receiverMatches =
    receiver !== undefined &&
    receiver.status === 'active' &&
    receiver.account_type === input.transfer &&
    normaliseName(receiver.holder_name) === normaliseName(input.user);
  if (!receiverMatches || !receiver) {
    throw new AppError(400, 'receiver_mismatch', receiverMismatchMessage, { accNum: receiverMismatchMessage });
  }
  if (input.sendAmount >= BigInt(sender.balance_poisha)) {
    throw new AppError(400, 'insufficient_funds', insufficientFundsMessage, { sendAmount: insufficientFundsMessage });
  }
  const posted = await postJournalEntry(tx, {
    kind: 'transfer',
    memo: `Transfer of ${formatBdt(input.sendAmount)} from ${sender.holder_name} (${sender.id}) to ${receiver.holder_name} (${receiver.id})`,
    createdByUserId: user.id,
    postings: [
      { accountCode: sender.id, amountPoisha: -input.sendAmount },
      { accountCode: receiver.id, amountPoisha: input.sendAmount },
    ],
  }, lockedBalancesOf([sender, receiver]));
  return { entryId: posted.entryId, senderBalancePoisha: posted.balancesAfter.get(sender.id) ?? 0n };
}
