import type { Executor, Transaction } from '../../db/client';
import type { WritePart } from '../../db/write-together';
import type { AppError } from '../../errors';
import { stepUpRequired } from '../two-factor/second-factor';
import { capExceeded, transferCaps } from '../two-factor/second-factor-rules';
import { lockUnconfirmedSums, readUnconfirmedSums, sumsOf, unconfirmedSumsWrite } from '../two-factor/unconfirmed-amounts';
import { newReceiverStepUpAbovePoisha, paidReceiversAbove, payeePairKey } from './new-receiver-step-up';
import type { TransferOrder } from './transfer-order';

/**
 * Transfers sent without a fresh code, counted over windows of the bank's clock: the per-transfer
 * step-up thresholds hold for the sum, so splitting 10,00,000 BDT into forty transfers of 25,000
 * asks for a code as soon as the parts pass a threshold, under parallel requests too (the sums
 * are locked with the batch's accounts). Two rules:
 *
 * - a customer's transfers without a code, all accounts together, at most 50,000 BDT per Dhaka
 *   hour and 1,00,000 BDT per Dhaka day (`transferCaps`);
 * - once those of the day would pass 25,000 BDT, a transfer to a receiver the customer has never
 *   sent more than 25,000 BDT at once (a new receiver, `hasPaidReceiverAboveBefore`) needs a code:
 *   the new-receiver threshold, held over the day.
 *
 * A transfer confirmed with a code counts against neither.
 */
export type UnconfirmedTransfers = {
  /** Each customer's sums, as locked and then as the batch's decided transfers add to them. */
  sums: Map<string, Map<string, bigint>>;
  /** `user receiver` of every pair that may reach the new-receiver rule in this batch: whether the receiver is trusted. */
  trustedReceivers: Map<string, boolean>;
  /** What each customer's accepted transfers without a code add, for the batch's write. */
  addedPoisha: Map<string, bigint>;
};

/** The orders that came without a code: only they are counted. */
const unconfirmedOf = (orders: readonly TransferOrder[]) => orders.filter((order) => !order.secondFactorConfirmed);

/**
 * Locks the sums of every customer with a transfer in the batch that came without a code, and
 * reads whether its receivers are trusted where the new-receiver rule may apply: only for
 * customers whose day sum plus everything they send in this batch passes 25,000 BDT, so that an
 * everyday batch of small transfers reads no journal. Called with the batch's accounts locked.
 */
export async function lockUnconfirmedTransfers(tx: Transaction, orders: readonly TransferOrder[]): Promise<UnconfirmedTransfers> {
  const unconfirmed = unconfirmedOf(orders);
  const sums = await lockUnconfirmedSums(
    tx,
    unconfirmed.map((order) => order.user.id),
    transferCaps,
  );
  const batchTotal = new Map<string, bigint>();
  for (const order of unconfirmed) batchTotal.set(order.user.id, (batchTotal.get(order.user.id) ?? 0n) + order.command.amountPoisha);
  const mayReachRule = unconfirmed.filter((order) => (sumsOf(sums, order.user.id).get(dayKind) ?? 0n) + (batchTotal.get(order.user.id) ?? 0n) > newReceiverStepUpAbovePoisha);
  return { sums, trustedReceivers: await readTrustedReceivers(tx, mayReachRule), addedPoisha: new Map() };
}

/**
 * Whether a transfer sent now without a code would be refused for want of one because of what its
 * customer has already sent without codes: the batch's rule (`unconfirmedTransferRefusal`) on the
 * sums as they stand, unlocked. For the step-up check before the confirm step; the transfer
 * decides again under its locks.
 */
export async function unconfirmedTransferRefusalNow(executor: Executor, order: TransferOrder): Promise<AppError | undefined> {
  const sums = await readUnconfirmedSums(executor, order.user.id, transferCaps);
  const reachesRule = (sumsOf(sums, order.user.id).get(dayKind) ?? 0n) + order.command.amountPoisha > newReceiverStepUpAbovePoisha;
  const trustedReceivers = await readTrustedReceivers(executor, reachesRule ? [order] : []);
  return unconfirmedTransferRefusal({ sums, trustedReceivers, addedPoisha: new Map() }, order);
}

const dayKind = transferCaps.find((cap) => cap.window === 'day')?.kind ?? 'transfer-day';

/** For each (customer, receiver) pair of `orders`, whether the receiver is trusted (`hasPaidReceiverAboveBefore`), in one statement. */
async function readTrustedReceivers(tx: Executor, orders: readonly TransferOrder[]): Promise<Map<string, boolean>> {
  const pairs = orders.map((order) => ({ senderUserId: order.user.id, receiverAccountId: order.command.receiverAccountId }));
  const trusted = await paidReceiversAbove(tx, pairs, newReceiverStepUpAbovePoisha);
  return new Map(pairs.map((pair) => [payeePairKey(pair), trusted.has(payeePairKey(pair))]));
}

/**
 * The refusal of a transfer that came without a code and needs one now, given what its customer
 * has sent without one in this window (the batch's earlier transfers included); undefined when it
 * may go. Pure: asked after the transfer's own rules passed, so a customer is asked for a code
 * only for a transfer that would otherwise be made.
 */
export function unconfirmedTransferRefusal(state: UnconfirmedTransfers, order: TransferOrder): AppError | undefined {
  if (order.secondFactorConfirmed) return undefined;
  const sums = sumsOf(state.sums, order.user.id);
  const amount = order.command.amountPoisha;
  if (capExceeded(transferCaps, sums, amount)) return stepUpRequired(order.user);
  const passesNewReceiverThreshold = (sums.get(dayKind) ?? 0n) + amount > newReceiverStepUpAbovePoisha;
  if (passesNewReceiverThreshold && state.trustedReceivers.get(payeePairKey({ senderUserId: order.user.id, receiverAccountId: order.command.receiverAccountId })) !== true)
    return stepUpRequired(order.user);
  return undefined;
}

/** Adds an accepted transfer without a code to its customer's sums, for the transfers decided after it in the batch. */
export function countUnconfirmedTransfer(state: UnconfirmedTransfers, order: TransferOrder): void {
  if (order.secondFactorConfirmed) return;
  const userId = order.user.id;
  const sums = state.sums.get(userId) ?? new Map<string, bigint>();
  for (const cap of transferCaps) sums.set(cap.kind, (sums.get(cap.kind) ?? 0n) + order.command.amountPoisha);
  state.sums.set(userId, sums);
  state.addedPoisha.set(userId, (state.addedPoisha.get(userId) ?? 0n) + order.command.amountPoisha);
}

/** The batch's accepted transfers without a code, added to their customers' sums: a part of the batch's combined write. */
export function unconfirmedTransfersWrite(state: UnconfirmedTransfers): WritePart | undefined {
  return unconfirmedSumsWrite(state.addedPoisha, transferCaps);
}
