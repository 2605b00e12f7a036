import { sql } from 'drizzle-orm';
import { newReceiverStepUpAboveBdt } from '../../../shared/constants';
import { poishaPerBdt } from '../../../shared/money';
import type { Executor } from '../../db/client';

/** 25,000 BDT = 25,00,000 poisha: a first transfer to a receiver above this needs a second factor. */
export const newReceiverStepUpAbovePoisha = BigInt(newReceiverStepUpAboveBdt) * poishaPerBdt;

/**
 * Whether a transfer will need a second-factor ("step-up") code before it moves money: the
 * customer has never paid this receiver, and the amount is above 25,000 BDT. Equal to the limit
 * needs no code; a receiver paid before needs none at any amount (the customer already sent money
 * there once, with whatever check that took).
 *
 * Two-factor codes are being built separately; until they exist the transfer path asks this
 * question and enforces nothing (see `newReceiverStepUpEnforced`).
 */
export function requiresStepUpForNewReceiver(transfer: { amountPoisha: bigint; paidBefore: boolean }): boolean {
  return !transfer.paidBefore && transfer.amountPoisha > newReceiverStepUpAbovePoisha;
}

/**
 * Off until the second factor exists: turning it on makes the transfer refuse such orders with
 * `step_up_required` (403), for the web app to ask for the code and send the transfer again.
 */
export const newReceiverStepUpEnforced: boolean = false;

/**
 * Whether this customer has ever paid this receiver account, from the journal itself (a transfer
 * entry the customer made with a credit to the account), so that it holds for transfers made
 * before saved receivers existed and for receivers never saved.
 */
export async function hasPaidReceiverBefore(executor: Executor, senderUserId: string, receiverAccountId: string): Promise<boolean> {
  const result = await executor.execute<{ paid: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM posting p JOIN journal_entry e ON e.id = p.journal_entry_id
      WHERE p.ledger_account_code = ${receiverAccountId} AND p.amount_poisha > 0
        AND e.kind = 'transfer' AND e.created_by_user_id = ${senderUserId}
    ) AS paid`);
  return result.rows[0]?.paid === true;
}

/**
 * The positions of the orders that would need a step-up code. Only orders above the limit are
 * looked up in the journal, so the everyday small transfer costs no extra query.
 */
export async function ordersNeedingStepUp(executor: Executor, orders: ReadonlyArray<{ senderUserId: string; receiverAccountId: string; amountPoisha: bigint }>): Promise<Set<number>> {
  const needing = new Set<number>();
  for (const [index, order] of orders.entries()) {
    if (!requiresStepUpForNewReceiver({ amountPoisha: order.amountPoisha, paidBefore: false })) continue;
    const paidBefore = await hasPaidReceiverBefore(executor, order.senderUserId, order.receiverAccountId);
    if (requiresStepUpForNewReceiver({ amountPoisha: order.amountPoisha, paidBefore })) needing.add(index);
  }
  return needing;
}
