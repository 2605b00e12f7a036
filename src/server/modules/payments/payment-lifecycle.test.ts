import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../../shared/schemas/payments';
import { nextPaymentStep, sendingPostings, type PaymentEvent, type PaymentLedgerSide, type PaymentMoney, type PaymentPosting } from './payment-lifecycle';

const money: PaymentMoney = { amountPoisha: 10_000_00n, feePoisha: 10_00n, vatPoisha: 1_50n };
const sum = (postings: PaymentPosting[]) => postings.reduce((total, posting) => total + posting.amountPoisha, 0n);
const settled: PaymentEvent = { kind: 'status', status: 'ACSC' };
const accepted: PaymentEvent = { kind: 'status', status: 'ACSP' };
const refused: PaymentEvent = { kind: 'status', status: 'RJCT', reasonCode: 'AC04' };
const returned: PaymentEvent = { kind: 'return', reasonCode: 'AC04' };

describe('a payment to another bank, step by step', () => {
  it('takes the amount and the charge from the customer into the clearing, income and VAT accounts', () => {
    expect(sendingPostings(money)).toEqual([
      { side: 'customer', amountPoisha: -10_011_50n },
      { side: 'clearing', amountPoisha: 10_000_00n },
      { side: 'feeIncome', amountPoisha: 10_00n },
      { side: 'vatPayable', amountPoisha: 1_50n },
    ]);
    expect(sendingPostings({ ...money, feePoisha: 0n, vatPoisha: 0n })).toEqual([
      { side: 'customer', amountPoisha: -10_000_00n },
      { side: 'clearing', amountPoisha: 10_000_00n },
    ]);
  });

  it('moves the amount to the settlement account when the switch settles it', () => {
    expect(nextPaymentStep('sending', money, settled)).toEqual({
      kind: 'moved',
      status: 'settled',
      entry: {
        movement: 'payment_settled',
        postings: [
          { side: 'clearing', amountPoisha: -10_000_00n },
          { side: 'settlement', amountPoisha: 10_000_00n },
        ],
      },
    });
    expect(nextPaymentStep('accepted', money, settled)).toMatchObject({ kind: 'moved', status: 'settled' });
  });

  it('gives the customer everything back, charge included, when it is refused or returned', () => {
    const back = nextPaymentStep('accepted', money, refused);
    expect(back).toMatchObject({ kind: 'moved', status: 'rejected', entry: { movement: 'payment_back', why: 'rejected' } });
    expect(back.kind === 'moved' && back.entry?.postings).toEqual([
      { side: 'customer', amountPoisha: 10_011_50n },
      { side: 'clearing', amountPoisha: -10_000_00n },
      { side: 'feeIncome', amountPoisha: -10_00n },
      { side: 'vatPayable', amountPoisha: -1_50n },
    ]);
    const returnedStep = nextPaymentStep('settled', money, returned);
    expect(returnedStep).toMatchObject({ kind: 'moved', status: 'returned', entry: { movement: 'payment_back', why: 'returned' } });
    expect(returnedStep.kind === 'moved' && returnedStep.entry?.postings.find((posting) => posting.side === 'settlement')).toEqual({ side: 'settlement', amountPoisha: -10_000_00n });
  });

  it('changes nothing for a message heard again or arriving late', () => {
    expect(nextPaymentStep('settled', money, settled)).toEqual({ kind: 'unchanged' });
    expect(nextPaymentStep('settled', money, accepted)).toEqual({ kind: 'unchanged' });
    expect(nextPaymentStep('accepted', money, accepted)).toEqual({ kind: 'unchanged' });
    expect(nextPaymentStep('rejected', money, refused)).toEqual({ kind: 'unchanged' });
    expect(nextPaymentStep('returned', money, returned)).toEqual({ kind: 'unchanged' });
    expect(nextPaymentStep('returned', money, settled)).toEqual({ kind: 'unchanged' });
  });

  it('flags what contradicts the books for staff instead of moving money', () => {
    expect(nextPaymentStep('settled', money, refused)).toMatchObject({ kind: 'anomaly' });
    expect(nextPaymentStep('rejected', money, settled)).toMatchObject({ kind: 'anomaly' });
    expect(nextPaymentStep('sending', money, returned)).toMatchObject({ kind: 'anomaly' });
    expect(nextPaymentStep('rejected', money, returned)).toMatchObject({ kind: 'anomaly' });
  });

  it('keeps every entry balanced and leaves the money where the final status says, whatever the switch sends in whatever order', () => {
    const event = fc.constantFrom<PaymentEvent>(settled, accepted, refused, returned);
    const amounts = fc.record({ amountPoisha: fc.bigInt({ min: 1n, max: 10n ** 12n }), feePoisha: fc.bigInt({ min: 0n, max: 10_000n }), vatPoisha: fc.bigInt({ min: 0n, max: 1_500n }) });
    fc.assert(
      fc.property(amounts, fc.array(event, { maxLength: 12 }), (payment, events) => {
        const net = new Map<PaymentLedgerSide, bigint>();
        const post = (postings: PaymentPosting[]) => {
          expect(sum(postings)).toBe(0n);
          for (const posting of postings) net.set(posting.side, (net.get(posting.side) ?? 0n) + posting.amountPoisha);
        };
        post(sendingPostings(payment));
        let status: PaymentStatus = 'sending';
        for (const next of events) {
          const step = nextPaymentStep(status, payment, next);
          if (step.kind !== 'moved') continue;
          if (step.entry) post(step.entry.postings);
          status = step.status;
        }
        const total = payment.amountPoisha + payment.feePoisha + payment.vatPoisha;
        const charged = status === 'rejected' || status === 'returned' ? 0n : 1n;
        expect(net.get('customer') ?? 0n).toBe(-total * charged);
        expect(net.get('clearing') ?? 0n).toBe(status === 'sending' || status === 'accepted' ? payment.amountPoisha : 0n);
        expect(net.get('settlement') ?? 0n).toBe(status === 'settled' ? payment.amountPoisha : 0n);
        expect(net.get('feeIncome') ?? 0n).toBe(payment.feePoisha * charged);
        expect(net.get('vatPayable') ?? 0n).toBe(payment.vatPoisha * charged);
      }),
    );
  });
});
