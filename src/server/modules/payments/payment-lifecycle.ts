import type { PaymentStatus } from '../../../shared/schemas/payments';

/**
 * What becomes of a payment to another bank or wallet as the clearing house answers: its status,
 * and the postings each step makes. Pure: the service applies the step under the payment's lock,
 * in the same transaction as the message that caused it, so a message applied twice (a duplicate
 * delivery, a stale status after the final one) finds the payment already moved and changes nothing.
 *
 * The money, in the ledger's signs (a customer's balance positive, the bank's own accounts its
 * mirror image, every entry summing to zero):
 * - sent: the customer −(amount + charge), the clearing account +amount, fee income +fee, VAT +VAT;
 * - settled: the clearing account −amount, the settlement account (at Bangladesh Bank) +amount;
 * - refused before it settled: the clearing account −amount and the charge back, the customer +all;
 * - returned after it settled: the settlement account −amount and the charge back, the customer +all.
 */

/** Where a payment's money sits: the customer's account, or one of the bank's own. */
export type PaymentLedgerSide = 'customer' | 'clearing' | 'settlement' | 'feeIncome' | 'vatPayable';
export type PaymentPosting = { side: PaymentLedgerSide; amountPoisha: bigint };

export type PaymentMoney = { amountPoisha: bigint; feePoisha: bigint; vatPoisha: bigint };

/** What the switch said about the payment: its status report, or a return of it. */
export type PaymentEvent = { kind: 'status'; status: 'ACSP' | 'ACSC' | 'RJCT'; reasonCode?: string } | { kind: 'return'; reasonCode: string };

/**
 * A step: the new status and the entry to post (`settled`, `back`) or nothing. `unchanged` when the
 * event says nothing new (a repeat, or an ACSP after the payment settled); `anomaly` when it
 * contradicts what the bank holds (a refusal after the switch settled it), which staff must see.
 */
export type PaymentStep =
  | { kind: 'moved'; status: PaymentStatus; entry?: { movement: 'payment_settled' | 'payment_back'; why?: 'rejected' | 'returned'; postings: PaymentPosting[] } }
  | { kind: 'unchanged' }
  | { kind: 'anomaly'; what: string };

/** The entry that sends a payment: the customer pays the amount and the charge. */
export function sendingPostings(money: PaymentMoney): PaymentPosting[] {
  const postings: PaymentPosting[] = [
    { side: 'customer', amountPoisha: -(money.amountPoisha + money.feePoisha + money.vatPoisha) },
    { side: 'clearing', amountPoisha: money.amountPoisha },
  ];
  if (money.feePoisha > 0n) postings.push({ side: 'feeIncome', amountPoisha: money.feePoisha });
  if (money.vatPoisha > 0n) postings.push({ side: 'vatPayable', amountPoisha: money.vatPoisha });
  return postings;
}

/** The money back to the customer, from where the amount sits now (`clearing` before settlement, `settlement` after). */
function backPostings(money: PaymentMoney, from: 'clearing' | 'settlement'): PaymentPosting[] {
  return sendingPostings(money).map((posting) => ({ side: posting.side === 'clearing' ? from : posting.side, amountPoisha: -posting.amountPoisha }));
}

const inFlight = (status: PaymentStatus) => status === 'sending' || status === 'accepted';

export function nextPaymentStep(status: PaymentStatus, money: PaymentMoney, event: PaymentEvent): PaymentStep {
  if (event.kind === 'return') {
    if (status === 'settled') return { kind: 'moved', status: 'returned', entry: { movement: 'payment_back', why: 'returned', postings: backPostings(money, 'settlement') } };
    if (status === 'returned') return { kind: 'unchanged' };
    return { kind: 'anomaly', what: `a return of a payment that is ${status}` };
  }
  switch (event.status) {
    case 'ACSP':
      return status === 'sending' ? { kind: 'moved', status: 'accepted' } : { kind: 'unchanged' };
    case 'ACSC':
      if (inFlight(status)) {
        return {
          kind: 'moved',
          status: 'settled',
          entry: {
            movement: 'payment_settled',
            postings: [
              { side: 'clearing', amountPoisha: -money.amountPoisha },
              { side: 'settlement', amountPoisha: money.amountPoisha },
            ],
          },
        };
      }
      return status === 'rejected' ? { kind: 'anomaly', what: 'a settlement of a payment the switch had refused' } : { kind: 'unchanged' };
    case 'RJCT':
      if (inFlight(status)) return { kind: 'moved', status: 'rejected', entry: { movement: 'payment_back', why: 'rejected', postings: backPostings(money, 'clearing') } };
      return status === 'rejected' ? { kind: 'unchanged' } : { kind: 'anomaly', what: `a refusal of a payment that is ${status}` };
  }
}
