import type { Executor, Transaction } from '../../db/client';
import type { WritePart } from '../../db/write-together';
import { AppError, assertInvariant } from '../../errors';
import { type LockedAccount, lockAccountsForTransfer, lockedBalancesOf, readAccountsForTransfer } from '../accounts/accounts.repository';
import { requireOwnActiveAccount } from '../accounts/accounts.service';
import { type JournalRequest, journalWriteOf } from '../ledger/ledger';
import { daySentWrite } from '../limits/limits.repository';
import { allowanceOfRow, transferLimitRefusal, type SenderAllowance } from '../limits/transfer-limits';
import { confirmsHolder } from '../name-enquiry/name-enquiry.service';
import { type NoticeDraft, deferredNoticesWriteOf } from '../notices/notices.service';
import { countUnconfirmedTransfer, lockUnconfirmedTransfers, unconfirmedTransferRefusal, unconfirmedTransfersWrite } from './unconfirmed-transfers';
import type { TransferCommand, TransferOrder, TransferResult } from './transfer-order';

export const insufficientFundsMessage = 'You Do not have enough money in your account please deposit then transfer.';
export const receiverMismatchMessage = 'Receiver details do not match the account';

/**
 * Whether the person the sender confirmed holds this receiving account: an active account whose
 * holder's name masks to the name the sender was shown by the name enquiry (`confirmsHolder`).
 * A number changed after the look-up, or an account closed since, is refused.
 */
export function receiverConfirmed(receiver: Pick<LockedAccount, 'status' | 'holder_name'>, command: Pick<TransferCommand, 'confirmedReceiverName'>): boolean {
  return receiver.status === 'active' && confirmsHolder(receiver.holder_name, command.confirmedReceiverName);
}

export type { TransferCommand, TransferOrder, TransferResult } from './transfer-order';
/** Each order's own outcome: done, or refused with the reason a customer sees. */
export type TransferOutcome = { done: TransferResult } | { refused: AppError };
/**
 * What the transfer limits allow each sending account, read under the accounts' locks: its type's
 * limits and what it has sent today (counting transfers decided before it in the same commit).
 */
export type TransferAllowances = ReadonlyMap<string, SenderAllowance>;

/**
 * The rules of one transfer, against accounts already locked and their balances as they stand
 * (counting transfers decided before it in the same commit). Moves money between two active
 * accounts of this bank; the receiver must be the person the sender looked up and confirmed, so a
 * number changed after the look-up cannot send money to a stranger. The amount must be less than
 * the balance (sending all of it is refused: the first product's rule, kept), and within the
 * sender's transfer limits (per transfer and per Dhaka day). Throws the refusal, its fields named
 * in the command's words; pure otherwise.
 */
export function decideTransfer(locked: ReadonlyMap<string, LockedAccount>, balances: ReadonlyMap<string, bigint>, allowances: TransferAllowances, order: TransferOrder): JournalRequest {
  const { user, command } = order;
  if (command.receiverAccountId === command.senderAccountId) {
    const message = 'Choose a receiver account other than the sending account';
    throw new AppError(400, 'invalid_input', message, { receiverAccountId: message });
  }
  const sender = requireOwnActiveAccount(locked, command.senderAccountId, user.id, 'senderAccountId');
  const receiver = locked.get(command.receiverAccountId);
  if (!receiver || !receiverConfirmed(receiver, command)) {
    throw new AppError(400, 'receiver_mismatch', receiverMismatchMessage, { receiverAccountId: receiverMismatchMessage });
  }
  if (command.amountPoisha >= (balances.get(sender.id) ?? 0n)) {
    throw new AppError(400, 'insufficient_funds', insufficientFundsMessage, { amountPoisha: insufficientFundsMessage });
  }
  // After the balance: a customer who has not the money is told so, not what the limit would allow.
  const allowance = allowances.get(sender.id);
  assertInvariant(allowance, 'every sending account has its allowance read');
  const overLimit = transferLimitRefusal(allowance.limits, allowance.sentTodayPoisha, command.amountPoisha);
  if (overLimit) throw overLimit;
  return {
    movement: { kind: 'transfer', amountPoisha: command.amountPoisha.toString(), fromAccountId: sender.id, fromHolder: sender.holder_name, toAccountId: receiver.id, toHolder: receiver.holder_name },
    createdByUserId: user.id,
    postings: [
      { accountCode: sender.id, amountPoisha: -command.amountPoisha },
      { accountCode: receiver.id, amountPoisha: command.amountPoisha },
    ],
  };
}

/** What a transfer tells its two customers: the sender what left, the receiver what arrived. */
function transferNotices(locked: ReadonlyMap<string, LockedAccount>, order: TransferOrder | undefined, reference: string): NoticeDraft[] {
  const sender = locked.get(order?.command.senderAccountId ?? '');
  const receiver = locked.get(order?.command.receiverAccountId ?? '');
  assertInvariant(order && sender && receiver, 'a posted transfer has both its accounts locked');
  const amountPoisha = order.command.amountPoisha.toString();
  const at = new Date();
  return [
    {
      userId: sender.owner_user_id,
      name: sender.holder_name,
      kind: 'transfer-out',
      at,
      params: { amountPoisha, accountId: sender.id, counterpartyName: receiver.holder_name, counterpartyAccountId: receiver.id, reference },
    },
    {
      userId: receiver.owner_user_id,
      name: receiver.holder_name,
      kind: 'transfer-in',
      at,
      params: { amountPoisha, accountId: receiver.id, counterpartyName: sender.holder_name, counterpartyAccountId: sender.id, reference },
    },
  ];
}

/** A refusal a customer sees (a 4xx) as it is; anything else is thrown on. */
function refusalOf(error: unknown): AppError {
  if (error instanceof AppError && error.statusCode < 500) return error;
  throw error;
}

/**
 * The refusal this transfer would get if it were made now, or undefined: the same rules
 * (`decideTransfer`) against the accounts as they stand, read without locking anything. Asked
 * before a code from the authenticator app is asked for, so a customer is not made to confirm a
 * transfer that cannot be made (not enough money, a receiver not the one confirmed, over a limit).
 * The transfer itself decides again under its locks.
 */
export async function transferRefusalNow(executor: Executor, order: TransferOrder): Promise<AppError | undefined> {
  const accounts = await readAccountsForTransfer(executor, [order.command.senderAccountId, order.command.receiverAccountId]);
  const allowances = new Map([...accounts.values()].map((account) => [account.id, allowanceOfRow(account)]));
  try {
    decideTransfer(accounts, lockedBalancesOf(accounts.values()), allowances, order);
    return undefined;
  } catch (error) {
    return refusalOf(error);
  }
}

/**
 * Several customers' transfers decided in the caller's transaction, in the order given, and what
 * writes them: their journal entries, the sending accounts' day sums and every customer's
 * notification and e-mail (deferred: written out just after the commit by the notice expander,
 * `deferredNoticesWriteOf`), for the caller to make in one statement with its own
 * (`writeTogether`). Nothing is written until then. Every account of every order is locked at
 * once, in id order, so this cannot deadlock with another batch or a single transfer; then the
 * sums of what their customers sent without a code (`lockUnconfirmedTransfers`), in customer
 * order. The limits and the day's sums are read with the locks, in the same statement, on the
 * database's day, so transfers committed in parallel, or by instances whose clocks disagree,
 * cannot together pass the daily limit. A transfer that passes every rule but needs a code it did
 * not carry (the sum without codes would pass a threshold) is refused with `second_factor_required`.
 */
export async function decideTransfers(tx: Transaction, orders: TransferOrder[]): Promise<{ outcomes: TransferOutcome[]; writes: WritePart[] }> {
  const locked = await lockAccountsForTransfer(
    tx,
    orders.flatMap((order) => [order.command.senderAccountId, order.command.receiverAccountId]),
  );
  const unconfirmed = await lockUnconfirmedTransfers(tx, orders);
  const balancesBefore = lockedBalancesOf(locked.values());
  const balances = new Map(balancesBefore);
  const allowances = new Map([...locked.values()].map((account) => [account.id, allowanceOfRow(account)]));
  const sentNow = new Map<string, bigint>();
  const accepted: Array<{ index: number; entry: JournalRequest }> = [];
  const outcomes: Array<TransferOutcome | undefined> = orders.map((order, index) => {
    try {
      const entry = decideTransfer(locked, balances, allowances, order);
      const stepUp = unconfirmedTransferRefusal(unconfirmed, order);
      if (stepUp) throw stepUp;
      countUnconfirmedTransfer(unconfirmed, order);
      for (const posting of entry.postings) balances.set(posting.accountCode, (balances.get(posting.accountCode) ?? 0n) + posting.amountPoisha);
      const allowance = allowances.get(order.command.senderAccountId);
      if (allowance) allowance.sentTodayPoisha += order.command.amountPoisha;
      sentNow.set(order.command.senderAccountId, (sentNow.get(order.command.senderAccountId) ?? 0n) + order.command.amountPoisha);
      accepted.push({ index, entry });
      return undefined;
    } catch (error) {
      return { refused: refusalOf(error) };
    }
  });
  const writes: WritePart[] = [];
  if (accepted.length > 0) {
    const journal = await journalWriteOf(
      tx,
      accepted.map(({ entry }) => entry),
      balancesBefore,
    );
    accepted.forEach(({ index }, position) => {
      const entry = journal.posted[position];
      const senderId = orders[index]?.command.senderAccountId ?? '';
      if (entry) outcomes[index] = { done: { entryId: entry.entryId, reference: entry.reference, senderBalancePoisha: entry.balancesAfter.get(senderId) ?? 0n } };
    });
    const notices = deferredNoticesWriteOf(accepted.flatMap(({ index }, position) => transferNotices(locked, orders[index], journal.posted[position]?.reference ?? '')));
    const bankDay = locked.values().next().value?.bank_day;
    assertInvariant(bankDay, 'an accepted transfer has its accounts read with the bank’s day');
    for (const write of [journal.write, daySentWrite(bankDay, sentNow), unconfirmedTransfersWrite(unconfirmed), notices]) if (write) writes.push(write);
  }
  return {
    outcomes: outcomes.map((outcome) => {
      assertInvariant(outcome, 'every order has an outcome');
      return outcome;
    }),
    writes,
  };
}
