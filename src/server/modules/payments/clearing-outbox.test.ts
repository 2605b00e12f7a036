import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../../clearing-house/clock';
import { schema } from '../../db/client';
import type { SignedInUser } from '../auth/signed-in-user';
import { bankAccountBalance, bankAccounts, verifyLedger } from '../ledger/ledger';
import { depositApproved, openFundedAccount, signedInCustomer, type Customer } from '../../test-support/banking';
import { startTestSwitch, type TestSwitch } from '../../test-support/clearing';
import { bdtNumberToPoisha as bdt } from '../../../shared/money';
import { sendTestPayment, wednesdayNoon } from '../../test-support/payments';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { clearingClient, type ClearingClient } from './clearing-client';
import { sendAllDue } from './clearing-outbox';
import { applyToPayment } from './payment-application';
import { storedEmailNoticesOf } from '../notices/notices.repository';
import { emailTextOf } from '../notices/notices.service';
import type { PaymentCommand } from './payments.service';

const key = 'padma-outbox-test-key-'.padEnd(40, 'o');

let harness: TestApp;
let testSwitch: TestSwitch;
let client: ClearingClient;
let customer: Customer;
let user: SignedInUser;
let account: string;

const pay = (change: Partial<PaymentCommand> = {}) => sendTestPayment(harness.database.db, { user, accountId: account, change: { amountPoisha: bdt(1_000), ...change } });

async function paymentNow(id: string) {
  const [row] = await harness.database.db.select().from(schema.payment).where(eq(schema.payment.id, id));
  return row;
}

/** A bank account's balance, all its slots together. */
const balanceOf = (code: string) => bankAccountBalance(harness.database.db, code);

/** The notifications of one payment (by its reference) and how many e-mails each has. */
async function noticesOf(reference: string) {
  const result = await harness.database.db.execute<{ kind: string; params: Record<string, string>; mails: number }>(
    sql`SELECT n.kind, n.params, (SELECT count(*)::int FROM email_notice m WHERE m.user_id = n.user_id AND m.kind = n.kind AND m.facts -> 'params' ->> 'reference' = ${reference}) AS mails
        FROM notification n WHERE n.params ->> 'reference' = ${reference} ORDER BY n.created_at`,
  );
  return result.rows;
}

const switchPosition = async () => (await testSwitch.control<{ positions: Record<string, string> }>('GET', 'books')).positions.PADMA ?? '0';

beforeAll(async () => {
  testSwitch = await startTestSwitch(key, new Clock({ at: wednesdayNoon, frozen: true }));
  client = testSwitch.client;
  harness = await createTestApp();
  const staff = await signInStaff(harness.app);
  customer = await registerCustomer(harness.app, { name: 'Nasima Begum' });
  user = signedInCustomer(customer, 'Nasima Begum');
  account = await openFundedAccount(harness.app, customer, staff, 1_000_000, { user: 'Nasima Begum' });
  await depositApproved(harness.app, customer, staff, account, 500_000);
});

afterEach(async () => {
  await testSwitch.control('DELETE', 'faults');
  await sendAllDue(harness.database.db, client);
});

afterAll(async () => {
  await harness.close();
  await testSwitch.house.close();
});

describe('the clearing outbox', () => {
  it('sends a committed payment and, when the switch settles it, moves the amount from clearing to settlement', async () => {
    const before = { clearing: await balanceOf(bankAccounts.clearingOutward), settlement: await balanceOf(bankAccounts.settlement), position: BigInt(await switchPosition()) };
    const payment = await pay();
    expect(await sendAllDue(harness.database.db, client)).toBe(1);
    expect(await paymentNow(payment.id)).toMatchObject({ status: 'settled', reasonCode: null });
    expect(await balanceOf(bankAccounts.clearingOutward)).toBe(before.clearing);
    expect(await balanceOf(bankAccounts.settlement)).toBe(before.settlement + bdt(1_000));
    // The switch's books moved by the same amount: the bank's position went down by it.
    expect(BigInt(await switchPosition())).toBe(before.position - bdt(1_000));
    const kept = await harness.database.db.select().from(schema.clearingMessage).where(eq(schema.clearingMessage.paymentId, payment.id));
    expect(kept.map((message) => `${message.direction} ${message.messageType}`)).toEqual(['out pacs.008', 'in pacs.002']);
    const history = await harness.database.db.select().from(schema.paymentEvent).where(eq(schema.paymentEvent.paymentId, payment.id)).orderBy(schema.paymentEvent.id);
    expect(history.map((event) => event.status)).toEqual(['sending', 'settled']);
    expect(await noticesOf(payment.reference)).toEqual([
      {
        kind: 'payment-settled',
        params: { amountPoisha: '100000', accountId: account, participant: 'DBBL', receiverAccount: '1011100012345', receiverName: 'RA*** UD***', rail: 'NPSB', reference: payment.reference },
        mails: 1,
      },
    ]);
    // The switch's answer again changes nothing, and tells nobody twice.
    await harness.database.db.transaction((tx) => applyToPayment(tx, payment.messageId, { kind: 'status', status: 'ACSC' }, { messageId: 'REPEAT' }));
    expect(await noticesOf(payment.reference)).toHaveLength(1);
  });

  it('gives the customer the amount and the charge back when the switch refuses the payment', async () => {
    const before = await balanceOf(account);
    await testSwitch.control('POST', 'faults', { kind: 'reject', reason: 'AC04' });
    const payment = await pay({ amountPoisha: bdt(150_000), rail: 'RTGS' });
    expect(await balanceOf(account)).toBe(before - bdt(150_115));
    await sendAllDue(harness.database.db, client);
    expect(await paymentNow(payment.id)).toMatchObject({ status: 'rejected', reasonCode: 'AC04' });
    expect(await balanceOf(account)).toBe(before);
    expect(await noticesOf(payment.reference)).toEqual([
      { kind: 'payment-rejected', params: expect.objectContaining({ amountPoisha: '15000000', backPoisha: '15011500', reasonCode: 'AC04', rail: 'RTGS' }), mails: 1 },
    ]);
    const [mail] = await storedEmailNoticesOf(harness.database.db, customer.userId).then((mails) => mails.filter((notice) => notice.kind === 'payment-rejected'));
    expect(emailTextOf(mail!).body).toContain('The receiver’s account is closed');
  });

  it('settles a payment whose answer never came by asking the switch, never by paying twice', async () => {
    await testSwitch.control('POST', 'faults', { kind: 'timeout' });
    const position = BigInt(await switchPosition());
    const payment = await pay();
    expect(await sendAllDue(harness.database.db, client)).toBe(1);
    expect(await paymentNow(payment.id)).toMatchObject({ status: 'sending' });
    // The next attempt, after its back-off, asks for the payment's status.
    await sendAllDue(harness.database.db, client, () => new Date(Date.now() + 60_000));
    expect(await paymentNow(payment.id)).toMatchObject({ status: 'settled' });
    expect(BigInt(await switchPosition())).toBe(position - bdt(1_000));
  });

  it('sends again, with the same message id, a payment the switch never received while it was down', async () => {
    await testSwitch.control('POST', 'down', { seconds: 30 });
    const position = BigInt(await switchPosition());
    const payment = await pay();
    await sendAllDue(harness.database.db, client);
    expect(await paymentNow(payment.id)).toMatchObject({ status: 'sending' });
    await testSwitch.control('DELETE', 'faults');
    await sendAllDue(harness.database.db, client, () => new Date(Date.now() + 60_000));
    expect(await paymentNow(payment.id)).toMatchObject({ status: 'settled' });
    const sent = await harness.database.db.select().from(schema.clearingMessage).where(eq(schema.clearingMessage.paymentId, payment.id)).orderBy(schema.clearingMessage.id);
    const payments = sent.filter((message) => message.direction === 'out' && message.messageType === 'pacs.008');
    expect(new Set(payments.map((message) => message.messageId))).toEqual(new Set([payment.messageId]));
    expect(BigInt(await switchPosition())).toBe(position - bdt(1_000));
    expect(await verifyLedger(harness.database.db)).toEqual({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });

  it('applies a batch’s answers together, and when one of them cannot be applied, applies the others and sends that one again later with its id', async () => {
    const position = BigInt(await switchPosition());
    const payments = [];
    for (let index = 0; index < 3; index += 1) payments.push(await pay({ amountPoisha: bdt(20 + index) }));
    const [first, stuck, third] = payments as [(typeof payments)[number], (typeof payments)[number], (typeof payments)[number]];
    // The middle payment's settlement fails inside the database, as a constraint or a lost lock would.
    await harness.database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_one_settlement() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.payment_id = '${stuck.id}' AND NEW.status = 'settled' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$`),
    );
    await harness.database.db.execute(sql`CREATE TRIGGER refuse_one_settlement BEFORE INSERT ON payment_event FOR EACH ROW EXECUTE FUNCTION refuse_one_settlement()`);
    try {
      await expect(sendAllDue(harness.database.db, client)).rejects.toThrow();
    } finally {
      await harness.database.db.execute(sql`DROP TRIGGER refuse_one_settlement ON payment_event`);
      await harness.database.db.execute(sql`DROP FUNCTION refuse_one_settlement()`);
    }
    expect(await paymentNow(first.id)).toMatchObject({ status: 'settled' });
    expect(await paymentNow(third.id)).toMatchObject({ status: 'settled' });
    expect(await paymentNow(stuck.id)).toMatchObject({ status: 'sending' });
    expect(await outboxRowOf(stuck.messageId)).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(await noticesOf(first.reference)).toHaveLength(1);
    expect(await noticesOf(stuck.reference)).toHaveLength(0);
    // Nothing of the failed application is kept: not its messages, not its entry.
    const keptOfStuck = await harness.database.db.select().from(schema.clearingMessage).where(eq(schema.clearingMessage.paymentId, stuck.id));
    expect(keptOfStuck).toEqual([]);
    // After its claim runs out it is sent again under its own id; the switch, which settled it already, says so again.
    await drainAll();
    expect(await paymentNow(stuck.id)).toMatchObject({ status: 'settled' });
    expect(await noticesOf(stuck.reference)).toHaveLength(1);
    const sent = await harness.database.db.select().from(schema.clearingMessage).where(eq(schema.clearingMessage.paymentId, stuck.id));
    expect(sent.map((message) => `${message.direction} ${message.messageType} ${message.direction === 'out' ? message.messageId : ''}`)).toEqual([`out pacs.008 ${stuck.messageId}`, 'in pacs.002 ']);
    const history = await harness.database.db.select().from(schema.paymentEvent).where(eq(schema.paymentEvent.paymentId, stuck.id)).orderBy(schema.paymentEvent.id);
    expect(history.map((event) => event.status)).toEqual(['sending', 'settled']);
    const total = payments.reduce((sum, payment) => sum + payment.amountPoisha, 0n);
    expect(BigInt(await switchPosition())).toBe(position - total);
    expect(await verifyLedger(harness.database.db)).toEqual({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });

  it('is swept by two instances at once without sending any message twice, even one whose exchange outlasts its back-off', async () => {
    // Two instances share nothing but the database: each sweeps with its own client, and every claim is a transaction of its own.
    // Their answer timeout is longer than the suite's second: on a loaded machine an exchange that timed out is, rightly,
    // asked about and sent again under its own id when the switch had not yet recorded it, which is not what this counts.
    const instance = () => clearingClient({ url: testSwitch.house.url, participant: 'PADMA', key, answerTimeoutMs: 5_000 }, testSwitch.rememberNonce);
    const [oneInstance, otherInstance] = [instance(), instance()];
    const position = BigInt(await switchPosition());
    const payments = [];
    for (let index = 0; index < 12; index += 1) payments.push(await pay({ amountPoisha: bdt(10 + index) }));
    const [first, second] = await Promise.all([sendAllDue(harness.database.db, oneInstance), sendAllDue(harness.database.db, otherInstance)]);
    expect(first + second).toBeGreaterThanOrEqual(12);
    // An answer slower than the client's timeout on a busy machine is asked after; nothing is left due before the slow exchange.
    await drainAll();
    // A slow answer: the first sender is still waiting when the second sweeps past the first back-off (1 s).
    await testSwitch.control('POST', 'faults', { kind: 'delay', ms: 600, count: 1 });
    const slow = await pay({ amountPoisha: bdt(77) });
    const firstSweep = sendAllDue(harness.database.db, oneInstance);
    await expect.poll(async () => (await outboxRowOf(slow.messageId))?.attempts).toBe(1);
    expect(await sendAllDue(harness.database.db, otherInstance, () => new Date(Date.now() + 5_000))).toBe(0);
    expect(await firstSweep).toBe(1);
    await drainAll();
    for (const payment of [...payments, slow]) {
      expect(await paymentNow(payment.id)).toMatchObject({ status: 'settled' });
      const sent = await harness.database.db.select().from(schema.clearingMessage).where(eq(schema.clearingMessage.messageId, payment.messageId));
      expect(sent.filter((message) => message.direction === 'out')).toHaveLength(1);
    }
    const total = [...payments, slow].reduce((sum, payment) => sum + payment.amountPoisha, 0n);
    expect(BigInt(await switchPosition())).toBe(position - total);
  });
});

/** Sends until nothing is due, a minute on: answers that timed out are asked after. */
async function drainAll() {
  while ((await sendAllDue(harness.database.db, client, () => new Date(Date.now() + 60_000))) > 0);
}

async function outboxRowOf(messageId: string) {
  const [row] = await harness.database.db.select().from(schema.clearingOutbox).where(eq(schema.clearingOutbox.messageId, messageId));
  return row;
}
