import type { StatementEntry } from '../../../clearing-house/protocol/messages';
import type { PaymentStatus } from '../../../shared/schemas/payments';

/**
 * The comparison of the clearing house's books with the bank's, item by item. Pure: the runner
 * (`reconciliation.ts`) reads both sides and stores what this finds.
 *
 * An item is a movement of money on the switch between the bank and another participant:
 * - `out payment`: a payment the bank sent, booked by the switch as a debit when it settled;
 * - `in return`: the money of one of those coming back (a pacs.004), a credit;
 * - `in payment`: another bank's payment to one of ours, a credit.
 * A payment and an inward credit are matched by their pacs.008's message id (the bank resends
 * with the same one, so it is the same on both sides); a return by the payment's end-to-end id,
 * since the return's own message id is the returning bank's.
 */

export type ItemDirection = 'out' | 'in';
export type ItemKind = 'payment' | 'return';

/** One movement as the switch's statement (camt.053) lists it. */
export type SwitchItem = { direction: ItemDirection; kind: ItemKind; messageId: string; endToEndId: string; amountPoisha: bigint };

/**
 * What the bank's books hold of an item: a payment's status (its own, for an `out payment`, and
 * for an `in return` the status of the payment returned), or for an inward payment `credited` or
 * `refused`. `expected`: the bank's books say the switch booked it in the period (settled, returned
 * or credited then); an item read only because the switch's statement names it is not expected.
 */
export type BankItem = SwitchItem & { status: PaymentStatus | 'credited' | 'refused'; paymentId: string | null; expected: boolean };

export type BreakKind = 'missing_in_bank' | 'missing_in_switch' | 'amount_differs' | 'status_differs';

export type ReconciliationBreak = {
  kind: BreakKind;
  direction: ItemDirection;
  messageId: string;
  endToEndId: string | null;
  paymentId: string | null;
  switchAmountPoisha: bigint | null;
  bankAmountPoisha: bigint | null;
  /** What each side says of the item: `booked` on the switch; the bank's status. */
  switchSays: string | null;
  bankSays: string | null;
};

export type Comparison = { matched: number; breaks: ReconciliationBreak[] };

/** The key two sides match an item by (see the module's comment). */
export const itemKey = (item: Pick<SwitchItem, 'direction' | 'kind' | 'messageId' | 'endToEndId'>) => `${item.direction} ${item.kind} ${item.kind === 'return' ? item.endToEndId : item.messageId}`;

/** A statement's entry as an item: a debit leaves the bank, a credit comes to it. */
export const switchItemOf = (entry: StatementEntry): SwitchItem => ({
  direction: entry.direction === 'DBIT' ? 'out' : 'in',
  kind: entry.kind,
  messageId: entry.messageId,
  endToEndId: entry.endToEndId,
  amountPoisha: entry.amountPoisha,
});

/** Whether the bank's status says the switch has booked this item: the status that follows a booking. */
export function bankSaysBooked(item: Pick<BankItem, 'direction' | 'kind' | 'status'>): boolean {
  if (item.kind === 'return') return item.status === 'returned';
  if (item.direction === 'in') return item.status === 'credited';
  return item.status === 'settled' || item.status === 'returned';
}

const breakOf = (kind: BreakKind, switchItem: SwitchItem | undefined, bankItem: BankItem | undefined): ReconciliationBreak => {
  const item = switchItem ?? bankItem;
  if (!item) throw new Error('a break names at least one side');
  return {
    kind,
    direction: item.direction,
    messageId: item.messageId,
    endToEndId: item.endToEndId,
    paymentId: bankItem?.paymentId ?? null,
    switchAmountPoisha: switchItem?.amountPoisha ?? null,
    bankAmountPoisha: bankItem?.amountPoisha ?? null,
    switchSays: switchItem ? 'booked' : null,
    bankSays: bankItem?.status ?? null,
  };
};

/**
 * Compares the switch's items with the bank's. Each switch item is matched once: a second booking
 * of the same item is `missing_in_bank` (the bank holds one). A matched item breaks when the
 * amounts differ, or when the bank does not say it was booked (a payment `sending` the switch has
 * settled: its answer was lost). An expected bank item the switch did not book is
 * `missing_in_switch`. Every switch item is matched or in a break, and so is every expected bank item.
 */
export function compareBooks(switchItems: readonly SwitchItem[], bankItems: readonly BankItem[]): Comparison {
  const bank = new Map(bankItems.map((item) => [itemKey(item), item]));
  const seen = new Set<string>();
  const breaks: ReconciliationBreak[] = [];
  let matched = 0;
  for (const item of switchItems) {
    const key = itemKey(item);
    const held = seen.has(key) ? undefined : bank.get(key);
    seen.add(key);
    if (!held) breaks.push(breakOf('missing_in_bank', item, undefined));
    else if (held.amountPoisha !== item.amountPoisha) breaks.push(breakOf('amount_differs', item, held));
    else if (!bankSaysBooked(held)) breaks.push(breakOf('status_differs', item, held));
    else matched += 1;
  }
  for (const item of bankItems) {
    if (item.expected && !seen.has(itemKey(item))) breaks.push(breakOf('missing_in_switch', undefined, item));
  }
  return { matched, breaks };
}
