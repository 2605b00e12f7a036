import { sql } from 'drizzle-orm';
import { newReceiverStepUpAboveBdt } from '../../../shared/constants';
import { poishaPerBdt } from '../../../shared/money';
import type { Executor } from '../../db/client';
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

/**
 * Whether this customer has ever sent this receiver account more than 25,000 BDT in one transfer,
 * from the journal itself (a transfer entry the customer made, with a credit to the account above
 * the limit), so that it holds for transfers made before saved receivers existed and for receivers
 * never saved.
 */
export async function hasPaidReceiverAboveBefore(executor: Executor, senderUserId: string, receiverAccountId: string): Promise<boolean> {
  const result = await executor.execute<{ paid: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM posting p JOIN journal_entry e ON e.id = p.journal_entry_id
      WHERE p.ledger_account_code = ${receiverAccountId} AND p.amount_poisha > ${newReceiverStepUpAbovePoisha}
        AND e.kind = 'transfer' AND e.created_by_user_id = ${senderUserId}
    ) AS paid`);
  return result.rows[0]?.paid === true;
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
