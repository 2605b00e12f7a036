import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../ledger/ledger';
import { call, openFundedAccount, type Customer } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { hasPaidReceiverBefore, newReceiverStepUpAbovePoisha, newReceiverStepUpEnforced, ordersNeedingStepUp, requiresStepUpForNewReceiver } from './new-receiver-step-up';

describe('requiresStepUpForNewReceiver', () => {
  it('asks for a code on a first transfer to a receiver above 25,000 BDT, and only then', () => {
    expect(newReceiverStepUpAbovePoisha).toBe(2_500_000n);
    expect(requiresStepUpForNewReceiver({ amountPoisha: 2_500_001n, paidBefore: false })).toBe(true);
    expect(requiresStepUpForNewReceiver({ amountPoisha: 100_000_000n, paidBefore: false })).toBe(true);
    // Exactly 25,000 BDT is not above the limit.
    expect(requiresStepUpForNewReceiver({ amountPoisha: 2_500_000n, paidBefore: false })).toBe(false);
    expect(requiresStepUpForNewReceiver({ amountPoisha: 100n, paidBefore: false })).toBe(false);
    // A receiver paid before needs no code, whatever the amount.
    expect(requiresStepUpForNewReceiver({ amountPoisha: 2_500_001n, paidBefore: true })).toBe(false);
    expect(requiresStepUpForNewReceiver({ amountPoisha: 100_000_000n, paidBefore: true })).toBe(false);
  });

  it('is not enforced until two-factor codes exist', () => {
    expect(newReceiverStepUpEnforced).toBe(false);
  });
});

describe('whether a receiver was paid before, from the journal', () => {
  let harness: TestApp;
  let alice: Customer;
  let bob: Customer;
  let aliceAccount: string;
  let bobAccount: string;

  beforeAll(async () => {
    harness = await createTestApp();
    const staff = await signInStaff(harness.app);
    alice = await registerCustomer(harness.app, { name: 'Alice Rahman' });
    bob = await registerCustomer(harness.app, { name: 'Bob Hossain' });
    aliceAccount = await openFundedAccount(harness.app, alice, staff, 100_000, { user: 'Alice Rahman' });
    bobAccount = await openFundedAccount(harness.app, bob, staff, 100_000, { user: 'Bob Hossain', role: 'Current' });
  });
  afterAll(async () => harness.close());

  const aliceToBob = (amount: number) => call(harness.app, 'PUT', '/api/userMoneyTrans', alice.cookie, { id: aliceAccount, transfer: 'Current', user: 'Bob Hossain', accNum: bobAccount, sendAmount: amount });
  const bigOrder = (senderUserId: string, receiverAccountId: string) => ({ senderUserId, receiverAccountId, amountPoisha: 3_000_000n });

  it('knows a receiver the customer has paid, by that customer only, and which big orders would need a code', async () => {
    const { db } = harness.database;
    expect(await hasPaidReceiverBefore(db, alice.userId, bobAccount)).toBe(false);
    expect(await ordersNeedingStepUp(db, [bigOrder(alice.userId, bobAccount), { ...bigOrder(alice.userId, bobAccount), amountPoisha: 2_500_000n }])).toEqual(new Set([0]));

    // Until the second factor exists a first transfer above the limit still goes through.
    const first = await aliceToBob(30_000);
    expect(first.statusCode, first.body).toBe(200);
    expect(await hasPaidReceiverBefore(db, alice.userId, bobAccount)).toBe(true);
    expect(await ordersNeedingStepUp(db, [bigOrder(alice.userId, bobAccount)])).toEqual(new Set());

    // Bob receiving money does not make Alice someone Bob has paid, and a deposit is not a transfer.
    expect(await hasPaidReceiverBefore(db, bob.userId, aliceAccount)).toBe(false);
    expect(await hasPaidReceiverBefore(db, alice.userId, aliceAccount)).toBe(false);
    expect(await verifyLedger(db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0 });
  });
});
