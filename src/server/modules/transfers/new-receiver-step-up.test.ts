import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../ledger/ledger';
import { balanceOf, call, openFundedAccount, type Customer } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { type Authenticator, enrolTwoFactor, freshTotpCode } from '../../test-support/two-factor';
import { hasPaidReceiverAboveBefore, newReceiverStepUpAbovePoisha, requiresStepUpForNewReceiver } from './new-receiver-step-up';

describe('requiresStepUpForNewReceiver', () => {
  it('asks for a code on a transfer above 25,000 BDT to a receiver never sent that much, and only then', () => {
    expect(newReceiverStepUpAbovePoisha).toBe(2_500_000n);
    expect(requiresStepUpForNewReceiver({ amountPoisha: 2_500_001n, paidAboveBefore: false })).toBe(true);
    expect(requiresStepUpForNewReceiver({ amountPoisha: 100_000_000n, paidAboveBefore: false })).toBe(true);
    // Exactly 25,000 BDT is not above the limit.
    expect(requiresStepUpForNewReceiver({ amountPoisha: 2_500_000n, paidAboveBefore: false })).toBe(false);
    expect(requiresStepUpForNewReceiver({ amountPoisha: 100n, paidAboveBefore: false })).toBe(false);
    expect(requiresStepUpForNewReceiver({ amountPoisha: 2_500_001n, paidAboveBefore: true })).toBe(false);
  });
});

describe('a new receiver’s first transfer above 25,000 BDT', () => {
  let harness: TestApp;
  let alice: Awaited<ReturnType<typeof registerCustomer>>;
  let bob: Customer;
  let carol: Customer;
  let aliceAccount: string;
  let bobAccount: string;
  let carolAccount: string;
  let authenticator: Authenticator;

  beforeAll(async () => {
    harness = await createTestApp();
    const staff = await signInStaff(harness.app);
    alice = await registerCustomer(harness.app, { name: 'Alice Rahman' });
    bob = await registerCustomer(harness.app, { name: 'Bob Hossain' });
    carol = await registerCustomer(harness.app, { name: 'Carol Das' });
    aliceAccount = await openFundedAccount(harness.app, alice, staff, 200_000, { user: 'Alice Rahman' });
    bobAccount = await openFundedAccount(harness.app, bob, staff, 100_000, { user: 'Bob Hossain', role: 'Current' });
    carolAccount = await openFundedAccount(harness.app, carol, staff, 1_000, { user: 'Carol Das' });
    const enrolment = await enrolTwoFactor(harness.app, alice.cookie, alice.password);
    alice.cookie = enrolment.cookie;
    authenticator = enrolment.authenticator;
  });
  afterAll(async () => harness.close());

  const send = (from: Customer, fromAccount: string, to: { account: string; type: string; name: string }, amount: number, headers: Record<string, string> = {}) =>
    call(harness.app, 'PUT', '/api/userMoneyTrans', from.cookie, { id: fromAccount, confirmedName: to.name, accNum: to.account, sendAmount: amount }, headers);
  const toBob = () => ({ account: bobAccount, type: 'Current', name: 'Bob Hossain' });
  const toCarol = () => ({ account: carolAccount, type: 'Savings', name: 'Carol Das' });

  it('is refused without a code, moving nothing, and goes through with one; later ones to that receiver need none', async () => {
    const { db } = harness.database;
    // A token payment first does not make the receiver trusted for a large one.
    expect((await send(alice, aliceAccount, toBob(), 100)).statusCode).toBe(200);
    const before = await balanceOf(harness.app, alice.cookie, aliceAccount);
    const refused = await send(alice, aliceAccount, toBob(), 30_000);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'second_factor_required' });
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(before);
    expect(await hasPaidReceiverAboveBefore(db, alice.userId, bobAccount)).toBe(false);

    const confirmed = await send(alice, aliceAccount, toBob(), 30_000, { 'second-factor-code': await freshTotpCode(authenticator) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await hasPaidReceiverAboveBefore(db, alice.userId, bobAccount)).toBe(true);
    expect((await send(alice, aliceAccount, toBob(), 40_000)).statusCode).toBe(200);
    // Exactly the limit to a new receiver needs no code; one taka more does. (The next hour: 40,100
    // BDT went without a code in this one, and the hour allows 50,000.)
    await db.execute(sql`UPDATE unconfirmed_amount SET window_key = 'an earlier hour' WHERE user_id = ${alice.userId} AND kind = 'transfer-hour'`);
    await db.execute(sql`UPDATE unconfirmed_amount SET window_key = 'an earlier day' WHERE user_id = ${alice.userId} AND kind = 'transfer-day'`);
    expect((await send(alice, aliceAccount, toCarol(), 25_000)).statusCode).toBe(200);
    await db.execute(sql`UPDATE unconfirmed_amount SET window_key = 'an earlier day' WHERE user_id = ${alice.userId} AND kind = 'transfer-day'`);
    expect((await send(alice, aliceAccount, toCarol(), 25_001)).json().error).toMatchObject({ code: 'second_factor_required' });
    expect(await verifyLedger(db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0 });
  });

  it('counts only the sender’s own transfers: money received or sent by someone else does not trust a receiver', async () => {
    const { db } = harness.database;
    expect(await hasPaidReceiverAboveBefore(db, bob.userId, aliceAccount)).toBe(false);
    expect(await hasPaidReceiverAboveBefore(db, carol.userId, bobAccount)).toBe(false);
    // A customer without an authenticator app cannot send above the limit to a new receiver.
    const withoutApp = await send(bob, bobAccount, { account: aliceAccount, type: 'Savings', name: 'Alice Rahman' }, 30_000);
    expect(withoutApp.statusCode).toBe(403);
    expect(withoutApp.json().error).toMatchObject({ code: 'second_factor_enrolment_required' });
    expect((await send(bob, bobAccount, { account: aliceAccount, type: 'Savings', name: 'Alice Rahman' }, 25_000)).statusCode).toBe(200);
  });
});
