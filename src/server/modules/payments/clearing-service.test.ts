import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMessage, parseMessageOf, type CreditTransfer } from '../../../clearing-house/protocol/messages';
import { signMessage, switchSenderId, verifyMessage } from '../../../clearing-house/protocol/signature';
import { schema } from '../../db/client';
import { bankAccountBalance, bankAccounts, verifyLedger } from '../ledger/ledger';
import { depositApproved, openFundedAccount, signedInCustomer, type Customer } from '../../test-support/banking';
import { controlClearing, deliverAll, drainClearing, embeddedClearingOf } from '../../test-support/clearing';
import { bdtNumberToPoisha as bdt } from '../../../shared/money';
import { sendTestPayment } from '../../test-support/payments';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import type { SignedInUser } from '../auth/signed-in-user';
import { clearingInboundPath } from './clearing.routes';
import { deleteOldClearingNonces, rememberClearingNonce } from './clearing.repository';
import type { PaymentCommand } from './payments.service';

let harness: TestApp;
let staff: string;
let nasima: Customer;
let nasimaUser: SignedInUser;
let account: string;

const balanced = { unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n };

const pay = (change: Partial<PaymentCommand> = {}, holderName = 'Rahim Uddin') => sendTestPayment(harness.database.db, { user: nasimaUser, accountId: account, change, receiver: { holderName } });

/** A bank account's balance, all its slots together. */
const balanceOf = (code: string) => bankAccountBalance(harness.database.db, code);

async function statusOf(paymentId: string) {
  const [row] = await harness.database.db.select({ status: schema.payment.status, reasonCode: schema.payment.reasonCode }).from(schema.payment).where(eq(schema.payment.id, paymentId));
  return row;
}

async function inwardCredits(): Promise<number> {
  const result = await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM journal_entry WHERE kind = 'payment_in'`);
  return result.rows[0]?.count ?? -1;
}

/** What the switch's books say of a payment it received. */
async function switchStatusOf(from: string, messageId: string) {
  return (await embeddedClearingOf(harness.app)).clearing.paymentByMessage(from, messageId);
}

function inwardTransfer(change: Partial<CreditTransfer> = {}): CreditTransfer {
  const id = Math.random().toString(16).slice(2, 14);
  return {
    type: 'pacs.008',
    messageId: `MTEST${id}`,
    createdAt: new Date(),
    rail: 'NPSB',
    endToEndId: `ETEST${id}`,
    transactionId: `XTEST${id}`,
    amountPoisha: bdt(700),
    debtor: { name: 'Rahim Uddin', account: '1011100012345' },
    debtorAgent: 'DBBL',
    creditor: { name: 'Nasima Begum', account },
    creditorAgent: 'PADMA',
    ...change,
  };
}

/** A delivery as the switch makes it: signed with the shared key and a fresh nonce unless told otherwise. */
function deliver(body: string, headers: Record<string, string> = signMessage({ sender: switchSenderId, key: harness.app.services.clearing.key, body })) {
  return harness.app.inject({ method: 'POST', url: clearingInboundPath, headers: { 'content-type': 'application/xml', ...headers }, payload: body });
}

async function inboxRows(): Promise<number> {
  const result = await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM clearing_inbox`);
  return result.rows[0]?.count ?? -1;
}

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  nasima = await registerCustomer(harness.app, { name: 'Nasima Begum' });
  nasimaUser = signedInCustomer(nasima, 'Nasima Begum');
  account = await openFundedAccount(harness.app, nasima, staff, 1_000_000, { user: 'Nasima Begum' });
  await depositApproved(harness.app, nasima, staff, account, 1_000_000);
});
afterAll(async () => harness.close());

describe('the bank and the embedded clearing house', () => {
  it('sends a payment over NPSB when kicked, and the switch settles it at once', async () => {
    const before = await balanceOf(bankAccounts.settlement);
    const payment = await pay();
    await drainClearing(harness.app);
    expect(await statusOf(payment.id)).toMatchObject({ status: 'settled' });
    expect((await switchStatusOf('PADMA', payment.messageId))?.status).toBe('ACSC');
    expect(await balanceOf(bankAccounts.settlement)).toBe(before + bdt(2_500));
    expect(await verifyLedger(harness.database.db)).toEqual(balanced);
  });

  it('asks the switch who holds another bank’s account', async () => {
    expect(await harness.app.services.clearing.enquireReceiver('DBBL', '1011100012345')).toEqual({ kind: 'found', holderName: 'Rahim Uddin' });
    expect(await harness.app.services.clearing.enquireReceiver('DBBL', '1011100099999')).toEqual({ kind: 'not_found', reasonCode: 'AC04' });
    expect(await harness.app.services.clearing.enquireReceiver('DBBL', '9999999999')).toEqual({ kind: 'not_found', reasonCode: 'AC01' });
  });

  it('credits an inward payment once, even when the switch delivers it twice', async () => {
    const before = { customer: await balanceOf(account), credits: await inwardCredits() };
    await controlClearing(harness.app, 'POST', 'faults', { kind: 'duplicate', count: 1 });
    const injected = await controlClearing<{ messageId: string }>(harness.app, 'POST', 'inward', { to: 'PADMA', account, name: 'NASIMA  begum', amount: '1500.25' });
    await deliverAll(harness.app);
    expect(await balanceOf(account)).toBe(before.customer + bdt(1_500.25));
    expect(await inwardCredits()).toBe(before.credits + 1);
    expect((await switchStatusOf('DBBL', injected.messageId))?.status).toBe('ACSC');
    await harness.app.services.notices.settled();
    const told = await harness.database.db.execute<{ params: Record<string, string> }>(sql`SELECT params FROM notification WHERE user_id = ${nasima.userId} AND kind = 'transfer-in'`);
    expect(told.rows.map((row) => row.params)).toContainEqual(
      expect.objectContaining({ amountPoisha: '150025', accountId: account, counterpartyName: 'Rahim Uddin', counterpartyAccountId: '1011100012345' }),
    );
    expect(await verifyLedger(harness.database.db)).toEqual(balanced);
  });

  it('refuses an inward payment to an unknown account or under another name, crediting nothing', async () => {
    const before = { customer: await balanceOf(account), credits: await inwardCredits() };
    const wrongName = await controlClearing<{ messageId: string }>(harness.app, 'POST', 'inward', { to: 'PADMA', account, name: 'Salma Akter', amount: '100' });
    const unknown = await controlClearing<{ messageId: string }>(harness.app, 'POST', 'inward', { to: 'PADMA', account: '9999000011112222', name: 'Nasima Begum', amount: '100' });
    await deliverAll(harness.app);
    expect(await switchStatusOf('DBBL', wrongName.messageId)).toMatchObject({ status: 'RJCT', reasonCode: 'NARR' });
    expect(await switchStatusOf('DBBL', unknown.messageId)).toMatchObject({ status: 'RJCT', reasonCode: 'AC01' });
    expect(await balanceOf(account)).toBe(before.customer);
    expect(await inwardCredits()).toBe(before.credits);
    expect(await verifyLedger(harness.database.db)).toEqual(balanced);
  });

  it('refuses an inward payment to an active account whose owner staff have disabled, as blocked, crediting nothing until enabled', async () => {
    const jahid = await registerCustomer(harness.app, { name: 'Jahid Hasan' });
    const jahidAccount = await openFundedAccount(harness.app, jahid, staff, 1_000, { user: 'Jahid Hasan' });
    const setDisabled = (banned: boolean) => harness.database.db.update(schema.user).set({ banned }).where(eq(schema.user.id, jahid.userId));
    await setDisabled(true);
    const before = { customer: await balanceOf(jahidAccount), credits: await inwardCredits() };
    const blocked = await controlClearing<{ messageId: string }>(harness.app, 'POST', 'inward', { to: 'PADMA', account: jahidAccount, name: 'Jahid Hasan', amount: '250' });
    await deliverAll(harness.app);
    expect(await switchStatusOf('DBBL', blocked.messageId)).toMatchObject({ status: 'RJCT', reasonCode: 'AC06' });
    expect(await balanceOf(jahidAccount)).toBe(before.customer);
    expect(await inwardCredits()).toBe(before.credits);
    await setDisabled(false);
    const enabled = await controlClearing<{ messageId: string }>(harness.app, 'POST', 'inward', { to: 'PADMA', account: jahidAccount, name: 'Jahid Hasan', amount: '250' });
    await deliverAll(harness.app);
    expect(await switchStatusOf('DBBL', enabled.messageId)).toMatchObject({ status: 'ACSC' });
    expect(await balanceOf(jahidAccount)).toBe(before.customer + bdt(250));
    expect(await verifyLedger(harness.database.db)).toEqual(balanced);
  });

  it('settles a BEFTN payment when the switch reports its session settled, later', async () => {
    const payment = await pay({ rail: 'BEFTN', amountPoisha: bdt(3_000) });
    await drainClearing(harness.app);
    expect(await statusOf(payment.id)).toMatchObject({ status: 'accepted' });
    await controlClearing(harness.app, 'POST', 'clock', { advanceMs: 4 * 24 * 3600 * 1000 });
    await deliverAll(harness.app);
    expect(await statusOf(payment.id)).toMatchObject({ status: 'settled' });
    expect(await verifyLedger(harness.database.db)).toEqual(balanced);
  });

  it('settles a payment whose final report comes after its answer, and ignores the stale report behind it', async () => {
    await controlClearing(harness.app, 'POST', 'faults', { kind: 'out-of-order', rail: 'NPSB' });
    const payment = await pay({ amountPoisha: bdt(1_200) });
    await drainClearing(harness.app);
    expect(await statusOf(payment.id)).toMatchObject({ status: 'accepted' });
    await deliverAll(harness.app);
    expect(await statusOf(payment.id)).toMatchObject({ status: 'settled' });
    const events = await harness.database.db
      .select({ status: schema.paymentEvent.status })
      .from(schema.paymentEvent)
      .where(eq(schema.paymentEvent.paymentId, payment.id))
      .orderBy(schema.paymentEvent.id);
    expect(events.map((event) => event.status)).toEqual(['sending', 'accepted', 'settled']);
    expect(await verifyLedger(harness.database.db)).toEqual(balanced);
  });

  it('gives the money and the charge back when a settled payment is returned', async () => {
    await controlClearing(harness.app, 'POST', 'faults', { kind: 'return-later', reason: 'AC04', afterSeconds: 0, rail: 'NPSB' });
    const before = await balanceOf(account);
    const payment = await pay({ receiverParticipant: 'BKASH', receiverAccount: '01711000001', amountPoisha: bdt(1_000), confirmedReceiverName: 'KA**** BE***' }, 'Karima Begum');
    await drainClearing(harness.app);
    expect(await statusOf(payment.id)).toMatchObject({ status: 'settled' });
    expect(await balanceOf(account)).toBe(before - bdt(1_000) - payment.feePoisha - payment.vatPoisha);
    await deliverAll(harness.app);
    expect(await statusOf(payment.id)).toMatchObject({ status: 'returned', reasonCode: 'AC04' });
    expect(await balanceOf(account)).toBe(before);
    expect(await verifyLedger(harness.database.db)).toEqual(balanced);
    // The customer was told of both ends: it arrived, then it came back with everything it cost.
    const told = await harness.database.db.execute<{ kind: string; params: Record<string, string> }>(
      sql`SELECT kind, params FROM notification WHERE params ->> 'reference' = ${payment.reference} ORDER BY created_at, id`,
    );
    const back = (payment.amountPoisha + payment.feePoisha + payment.vatPoisha).toString();
    expect(told.rows).toEqual([
      { kind: 'payment-settled', params: expect.objectContaining({ participant: 'BKASH', receiverName: 'KA**** BE***' }) },
      { kind: 'payment-returned', params: expect.objectContaining({ reasonCode: 'AC04', backPoisha: back }) },
    ]);
  });
});

describe('POST /api/clearing/inbound', () => {
  it('refuses, writing nothing, an unsigned, badly signed, stale or replayed delivery', async () => {
    const body = buildMessage(inwardTransfer());
    const key = harness.app.services.clearing.key;
    const before = { inbox: await inboxRows(), customer: await balanceOf(account) };
    expect((await deliver(body, {})).statusCode).toBe(401);
    expect((await deliver(body, signMessage({ sender: switchSenderId, key: 'not-the-key-0123456789-0123456789', body }))).statusCode).toBe(401);
    expect((await deliver(body, signMessage({ sender: 'DBBL', key, body }))).statusCode).toBe(401);
    expect((await deliver(body, signMessage({ sender: switchSenderId, key, body, now: new Date(Date.now() - 10 * 60_000) }))).statusCode).toBe(401);
    const headers = signMessage({ sender: switchSenderId, key, body });
    expect((await deliver(body, headers)).statusCode).toBe(200);
    const replayed = await deliver(body, headers);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ error: { code: 'replayed' } });
    expect(await inboxRows()).toBe(before.inbox + 1);
    expect(await balanceOf(account)).toBe(before.customer + bdt(700));
  });

  it('answers a delivery heard again, re-signed, as the first time, and credits once', async () => {
    const transfer = inwardTransfer({ amountPoisha: bdt(41) });
    const body = buildMessage(transfer);
    const before = await balanceOf(account);
    const first = await deliver(body);
    const second = await deliver(body);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['x-clearing-nonce']).not.toBe(first.headers['x-clearing-nonce']);
    const check = await verifyMessage({
      headers: second.headers as Record<string, string>,
      body: second.body,
      keyOf: (sender) => (sender === 'PADMA' ? harness.app.services.clearing.key : undefined),
      rememberNonce: () => true,
      now: new Date(),
    });
    expect(check.ok).toBe(true);
    expect(parseMessageOf(second.body, 'pacs.002')).toMatchObject({ originalMessageId: transfer.messageId, status: 'ACSC' });
    expect(await balanceOf(account)).toBe(before + bdt(41));
  });

  it('credits once when fifty copies arrive at the same moment', async () => {
    const transfer = inwardTransfer({ amountPoisha: bdt(9.99) });
    const body = buildMessage(transfer);
    const before = { customer: await balanceOf(account), credits: await inwardCredits() };
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await balanceOf(account)).toBe(before.customer + bdt(9.99));
    expect(await inwardCredits()).toBe(before.credits + 1);
    expect(await verifyLedger(harness.database.db)).toEqual(balanced);
  });

  it('refuses a message that is not a delivery, and keeps nonces only while they could be replayed', async () => {
    const enquiry = buildMessage({ type: 'acmt.023', messageId: 'QTEST1', createdAt: new Date(), assigner: 'DBBL', assignee: 'PADMA', account });
    expect((await deliver(enquiry)).statusCode).toBe(400);
    expect(await rememberClearingNonce(harness.database.db, 'SWITCH', 'nonce-for-pruning')).toBe(true);
    expect(await rememberClearingNonce(harness.database.db, 'SWITCH', 'nonce-for-pruning')).toBe(false);
    expect(await deleteOldClearingNonces(harness.database.db, new Date(Date.now() + 11 * 60_000))).toBeGreaterThan(0);
    expect(await rememberClearingNonce(harness.database.db, 'SWITCH', 'nonce-for-pruning')).toBe(true);
  });
});
