import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentStatuses } from '../../../shared/schemas/payments';
import { bankSaysBooked, compareBooks, itemKey, switchItemOf, type BankItem, type SwitchItem } from './reconciliation-compare';

const sent = (id: string, amountPoisha = 1_000_00n): SwitchItem => ({ direction: 'out', kind: 'payment', messageId: `M${id}`, endToEndId: `E${id}`, amountPoisha });
const held = (item: SwitchItem, status: BankItem['status'], expected = true): BankItem => ({ ...item, status, paymentId: `P${item.messageId}`, expected });

describe('comparing the switch’s books with the bank’s', () => {
  it('matches a settled payment, a return and an inward credit and finds no break', () => {
    const returned: SwitchItem = { direction: 'in', kind: 'return', messageId: 'RETURN1', endToEndId: 'E2', amountPoisha: 500_00n };
    const inward: SwitchItem = { direction: 'in', kind: 'payment', messageId: 'IN1', endToEndId: 'EIN1', amountPoisha: 700_00n };
    const bank = [held(sent('1'), 'settled'), held(sent('2', 500_00n), 'returned'), { ...held(sent('2', 500_00n), 'returned'), direction: 'in', kind: 'return' } as BankItem, held(inward, 'credited')];
    expect(compareBooks([sent('1'), sent('2', 500_00n), returned, inward], bank)).toEqual({ matched: 4, breaks: [] });
  });

  it('names each kind of break with both sides’ amounts and words', () => {
    const comparison = compareBooks([sent('lost'), sent('short', 900_00n), sent('unknown')], [held(sent('lost'), 'sending', false), held(sent('short'), 'settled'), held(sent('never'), 'settled')]);
    expect(comparison.matched).toBe(0);
    expect(comparison.breaks).toEqual([
      {
        kind: 'status_differs',
        direction: 'out',
        messageId: 'Mlost',
        endToEndId: 'Elost',
        paymentId: 'PMlost',
        switchAmountPoisha: 1_000_00n,
        bankAmountPoisha: 1_000_00n,
        switchSays: 'booked',
        bankSays: 'sending',
      },
      {
        kind: 'amount_differs',
        direction: 'out',
        messageId: 'Mshort',
        endToEndId: 'Eshort',
        paymentId: 'PMshort',
        switchAmountPoisha: 900_00n,
        bankAmountPoisha: 1_000_00n,
        switchSays: 'booked',
        bankSays: 'settled',
      },
      {
        kind: 'missing_in_bank',
        direction: 'out',
        messageId: 'Munknown',
        endToEndId: 'Eunknown',
        paymentId: null,
        switchAmountPoisha: 1_000_00n,
        bankAmountPoisha: null,
        switchSays: 'booked',
        bankSays: null,
      },
      {
        kind: 'missing_in_switch',
        direction: 'out',
        messageId: 'Mnever',
        endToEndId: 'Enever',
        paymentId: 'PMnever',
        switchAmountPoisha: null,
        bankAmountPoisha: 1_000_00n,
        switchSays: null,
        bankSays: 'settled',
      },
    ]);
  });

  it('counts a second booking of one payment as a break, not a second match', () => {
    expect(compareBooks([sent('1'), sent('1')], [held(sent('1'), 'settled')]).breaks.map((found) => found.kind)).toEqual(['missing_in_bank']);
  });

  it('reads a statement’s debit as a payment out and its credit as money in', () => {
    const entry = { amountPoisha: 5n, bookedAt: new Date(), rail: 'NPSB', messageId: 'M', endToEndId: 'E', clearingReference: 'R' } as const;
    expect(switchItemOf({ ...entry, direction: 'DBIT', kind: 'payment' })).toMatchObject({ direction: 'out', kind: 'payment' });
    expect(switchItemOf({ ...entry, direction: 'CRDT', kind: 'return' })).toMatchObject({ direction: 'in', kind: 'return' });
  });

  it('accounts for every item of either side exactly once, whatever the two books hold', () => {
    const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    const switchItem = fc.record({ id: ids, amount: fc.constantFrom(100n, 200n) }).map(({ id, amount }) => sent(id, amount));
    const bankItem = fc
      .record({ id: ids, amount: fc.constantFrom(100n, 200n), status: fc.constantFrom(...paymentStatuses), expected: fc.boolean() })
      .map(({ id, amount, status, expected }) => held(sent(id, amount), status, expected));
    const uniqueBank = fc.uniqueArray(bankItem, { selector: itemKey });
    fc.assert(
      fc.property(fc.array(switchItem, { maxLength: 8 }), uniqueBank, (switchItems, bankItems) => {
        const { matched, breaks } = compareBooks(switchItems, bankItems);
        const fromSwitch = breaks.filter((found) => found.switchSays !== null).length;
        // Every switch item is matched or in exactly one break.
        expect(matched + fromSwitch).toBe(switchItems.length);
        // Every expected bank item the switch did not name is missing there, and nothing else is.
        const named = new Set(switchItems.map(itemKey));
        const missing = bankItems.filter((item) => item.expected && !named.has(itemKey(item)));
        expect(breaks.filter((found) => found.kind === 'missing_in_switch').map((found) => found.messageId)).toEqual(missing.map((item) => item.messageId));
        // A match is an item both sides hold at one amount, with the bank saying it was booked.
        for (const found of breaks.filter((each) => each.kind === 'status_differs'))
          expect(bankSaysBooked({ direction: 'out', kind: 'payment', status: found.bankSays as BankItem['status'] })).toBe(false);
      }),
    );
  });
});
