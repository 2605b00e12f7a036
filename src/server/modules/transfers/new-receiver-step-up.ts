import { sql } from 'drizzle-orm';
import { newReceiverStepUpAboveBdt } from '../../../shared/constants';
import { poishaPerBdt } from '../../../shared/money';
import type { Executor } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { transferStepUpAbovePoisha } from '../two-factor/second-factor-rules';

/** 25,000 BDT = 25,00,000 poisha: a first transfer to a receiver above this needs a second factor. */
export const newReceiverStepUpAbovePoisha = BigInt(newReceiverStepUpAboveBdt) * poishaPerBdt;

/**
 * Whether a transfer needs a second-factor ("step-up") code because of its receiver: the amount
 * is above 25,000 BDT and the customer has never sent this receiver more than that. Equal to the
 * limit needs no code. A small payment first does not make a receiver trusted for large ones: the
 * common scam is a token payment, then the large one.
 */
export function requiresStepUpForNewReceiver(transfer: { amountPoisha: bigint; paidAboveBefore: boolean }): boolean {
  return !transfer.paidAboveBefore && transfer.amountPoisha > newReceiverStepUpAbovePoisha;
}

/** A sender and a receiving account, as `paidReceiversAbove` asks about them. */
export type PayeePair = { senderUserId: string; receiverAccountId: string };

/** `user receiver`: how `paidReceiversAbove` names a pair in its answer. */
export const payeePairKey = (pair: PayeePair) => `${pair.senderUserId} ${pair.receiverAccountId}`;

/**
 * The pairs whose sender has ever sent the receiving account more than `abovePoisha` in one
 * transfer, in one statement, from the journal itself (a transfer entry the sender made, with a
 * credit to the account above the amount), so that it holds for transfers made before saved
 * receivers existed and for receivers never saved.
 */
export async function paidReceiversAbove(executor: Executor, pairs: readonly PayeePair[], abovePoisha: bigint): Promise<Set<string>> {
  const distinct = [...new Map(pairs.map((pair) => [payeePairKey(pair), { user_id: pair.senderUserId, receiver: pair.receiverAccountId }])).values()];
  if (distinct.length === 0) return new Set();
  const result = await executor.execute<{ user_id: string; receiver: string }>(sql`
    SELECT v.user_id, v.receiver FROM ${jsonRows(distinct, sql`user_id text, receiver text`)} AS v
    WHERE EXISTS (
      SELECT 1 FROM posting p JOIN journal_entry e ON e.id = p.journal_entry_id
      WHERE p.ledger_account_code = v.receiver AND p.amount_poisha > ${abovePoisha}
        AND e.kind = 'transfer' AND e.created_by_user_id = v.user_id
    )`);
  return new Set(result.rows.map((row) => payeePairKey({ senderUserId: row.user_id, receiverAccountId: row.receiver })));
}

/** Whether this customer has ever sent this receiver account more than 25,000 BDT in one transfer (a trusted receiver). */
export async function hasPaidReceiverAboveBefore(executor: Executor, senderUserId: string, receiverAccountId: string): Promise<boolean> {
  return (await paidReceiversAbove(executor, [{ senderUserId, receiverAccountId }], newReceiverStepUpAbovePoisha)).size > 0;
}

/**
 * Why this transfer must be confirmed with a fresh code, or undefined when it need not: above
 * 50,000 BDT always; above 25,000 BDT to a receiver this customer has not sent that much before.
 * The journal is read only for the amounts in between, so the everyday transfer costs no query.
 * Read before the transfer's own transaction: two first payments sent at once both ask for a code,
 * which is the safe way round.
 */
export async function transferStepUpReason(executor: Executor, senderUserId: string, order: { receiverAccountId: string; amountPoisha: bigint }): Promise<string | undefined> {
  if (order.amountPoisha > transferStepUpAbovePoisha) return 'transfer over 50,000 BDT';
  if (!requiresStepUpForNewReceiver({ amountPoisha: order.amountPoisha, paidAboveBefore: false })) return undefined;
  const paidAboveBefore = await hasPaidReceiverAboveBefore(executor, senderUserId, order.receiverAccountId);
  return requiresStepUpForNewReceiver({ amountPoisha: order.amountPoisha, paidAboveBefore }) ? 'first transfer over 25,000 BDT to this receiver' : undefined;
}
