import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import type { SignedInUser } from '../auth/signed-in-user';
import { call, depositApproved, openFundedAccount, signedInCustomer } from '../../test-support/banking';
import { startTestSwitch, type TestSwitch } from '../../test-support/clearing';
import { bdtNumberToPoisha as bdt } from '../../../shared/money';
import { sendTestPayment } from '../../test-support/payments';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import type { ClearingClient } from './clearing-client';
import { sendAllDue } from './clearing-outbox';
import { dhakaDayOf, lastSessionCloseAtOrBefore, reconcileAfterSessionClose, reconciliationAfterCloseMs, runReconciliation } from './reconciliation';
import { breaksOfRun } from './reconciliation.repository';

const key = 'padma-reconciliation-test-key-'.padEnd(40, 'r');

let harness: TestApp;
let testSwitch: TestSwitch;
let client: ClearingClient;
let user: SignedInUser;
let account: string;
let staff: string;

const pay = (amount: number) => sendTestPayment(harness.database.db, { user, accountId: account, change: { amountPoisha: bdt(amount) } });

/** Around now: the switch's and the bank's clocks both fall in it. */
const aroundNow = () => ({ from: new Date(Date.now() - 60 * 60_000), to: new Date(Date.now() + 60 * 60_000) });
const reconcile = () => runReconciliation(harness.database.db, client, aroundNow(), null);

beforeAll(async () => {
  // The bank's rules say a Wednesday noon, but the switch keeps the machine's time, so its bookings fall in today's period.
  testSwitch = await startTestSwitch(key);
  client = testSwitch.client;
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  const customer = await registerCustomer(harness.app, { name: 'Nasima Begum' });
  user = signedInCustomer(customer, 'Nasima Begum');
  account = await openFundedAccount(harness.app, customer, staff, 1_000_000, { user: 'Nasima Begum' });
  await depositApproved(harness.app, customer, staff, account, 500_000);
});

afterEach(async () => {
  await testSwitch.control('DELETE', 'faults');
});

afterAll(async () => {
  await harness.close();
  await testSwitch.house.close();
});

describe('reconciliation with the clearing house', () => {
  it('finds no break when every payment the switch booked is settled in the bank’s books, and keeps the statement', async () => {
    await pay(1_000);
    await pay(2_000);
    await sendAllDue(harness.database.db, client);
    const run = await reconcile();
    expect(run).toMatchObject({ state: 'compared', switchItems: 2, bankItems: 2, matchedItems: 2, breakCount: 0 });
    const kept = await harness.database.db
      .select()
      .from(schema.clearingMessage)
      .where(eq(schema.clearingMessage.messageId, run.statementMessageId ?? ''));
    expect(kept.map((message) => `${message.direction} ${message.messageType}`)).toEqual(['in camt.053']);
    expect(kept[0]?.xml).toContain('BkToCstmrStmt');
  });

  it('shows a payment the switch booked but whose answer the bank never got as a status break, until the outbox asks and settles it', async () => {
    await testSwitch.control('POST', 'faults', { kind: 'timeout' });
    const payment = await pay(1_500);
    await sendAllDue(harness.database.db, client);
    const [outbox] = await harness.database.db.select().from(schema.clearingOutbox).where(eq(schema.clearingOutbox.messageId, payment.messageId));
    expect(outbox?.state).toBe('unknown');

    const before = await reconcile();
    expect(before).toMatchObject({ state: 'compared', breakCount: 1 });
    expect(await breaksOfRun(harness.database.db, before.id)).toEqual([
      expect.objectContaining({
        kind: 'status_differs',
        direction: 'out',
        messageId: payment.messageId,
        paymentId: payment.id,
        switchAmountPoisha: bdt(1_500),
        bankAmountPoisha: bdt(1_500),
        switchSays: 'booked',
        bankSays: 'sending',
      }),
    ]);

    // The outbox's next attempt, after its back-off, is a pacs.028 that learns the settlement.
    await sendAllDue(harness.database.db, client, () => new Date(Date.now() + 60_000));
    const after = await reconcile();
    expect(after).toMatchObject({ state: 'compared', breakCount: 0, matchedItems: 3 });
  });

  it('clears an open break a later run over its period no longer finds, carries one it finds again, and keeps a staff explanation for the same break found again', async () => {
    const period = aroundNow();
    const reconcileSame = () => runReconciliation(harness.database.db, client, period, null);
    const stateOf = async (id: bigint) => (await harness.database.db.select().from(schema.reconciliationBreak).where(eq(schema.reconciliationBreak.id, id)))[0];
    const answerLost = async (amount: number) => {
      await testSwitch.control('POST', 'faults', { kind: 'timeout' });
      const payment = await pay(amount);
      await sendAllDue(harness.database.db, client);
      await testSwitch.control('DELETE', 'faults');
      return payment;
    };
    const settleLost = () => sendAllDue(harness.database.db, client, () => new Date(Date.now() + 60_000));

    const lost = await answerLost(310);
    const [first] = await breaksOfRun(harness.database.db, (await reconcileSame()).id);
    const second = await reconcileSame();
    const [again] = await breaksOfRun(harness.database.db, second.id);
    expect(again).toMatchObject({ messageId: lost.messageId, state: 'open' });
    expect(await stateOf(first!.id)).toMatchObject({ state: 'carried', laterRunId: second.id });

    await settleLost();
    const clean = await reconcileSame();
    expect(clean).toMatchObject({ breakCount: 0 });
    expect(await stateOf(again!.id)).toMatchObject({ state: 'cleared', laterRunId: clean.id });

    // Staff explain a break; the next run finds it again, explained in their words.
    const stillLost = await answerLost(320);
    const [found] = await breaksOfRun(harness.database.db, (await reconcileSame()).id);
    const explained = await call(harness.app, 'POST', `/api/staff/reconciliation-breaks/${found!.id}/explanation`, staff, {
      explanation: 'The switch answered after our timeout; the outbox asks again.',
    });
    expect(explained.statusCode).toBe(200);
    expect(explained.json()).toMatchObject({
      id: found!.id.toString(),
      state: 'explained',
      explanation: 'The switch answered after our timeout; the outbox asks again.',
      explainedBy: expect.any(String),
    });
    const [inherited] = await breaksOfRun(harness.database.db, (await reconcileSame()).id);
    expect(inherited).toMatchObject({ messageId: stillLost.messageId, state: 'explained', explanation: 'The switch answered after our timeout; the outbox asks again.' });
    const listed = (await call(harness.app, 'GET', '/api/staff/reconciliations', staff)).json() as { openBreaks: Array<{ messageId: string }> };
    expect(listed.openBreaks.map((open) => open.messageId)).not.toContain(stillLost.messageId);
    await settleLost();
  });

  it('takes a break’s explanation only for an open break of staff’s words, and writes nothing when it refuses', async () => {
    await testSwitch.control('POST', 'faults', { kind: 'timeout' });
    await pay(330);
    await sendAllDue(harness.database.db, client);
    await testSwitch.control('DELETE', 'faults');
    const [found] = await breaksOfRun(harness.database.db, (await reconcile()).id);
    const explain = (id: string, body: unknown, cookie = staff) => call(harness.app, 'POST', `/api/staff/reconciliation-breaks/${id}/explanation`, cookie, body);
    const audits = async () => (await harness.database.db.select().from(schema.auditEvent).where(eq(schema.auditEvent.subjectType, 'reconciliation_break'))).length;
    const auditsBefore = await audits();

    for (const body of [{}, { explanation: '' }, { explanation: 'x'.repeat(501) }, { explanation: 'looked\u202Einto it' }]) {
      const refused = await explain(found!.id.toString(), body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toHaveProperty('explanation');
    }
    expect((await explain('not-a-number', { explanation: 'Looked into it' })).statusCode).toBe(400);
    expect((await explain('999999999', { explanation: 'Looked into it' })).statusCode).toBe(404);
    const customer = await registerCustomer(harness.app, { name: 'Karim Hossain' });
    expect((await explain(found!.id.toString(), { explanation: 'Looked into it' }, customer.cookie)).statusCode).toBe(403);
    expect(await audits()).toBe(auditsBefore);
    expect((await harness.database.db.select().from(schema.reconciliationBreak).where(eq(schema.reconciliationBreak.id, found!.id)))[0]?.state).toBe('open');

    expect((await explain(found!.id.toString(), { explanation: 'Looked into it: a late answer.' })).statusCode).toBe(200);
    const twice = await explain(found!.id.toString(), { explanation: 'Looked into it again.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: { code: 'break_not_open' } });
    expect(await audits()).toBe(auditsBefore + 1);
    await sendAllDue(harness.database.db, client, () => new Date(Date.now() + 60_000));
  });

  it('records a failed run, with nothing compared, when the switch gives no statement', async () => {
    await testSwitch.control('POST', 'down', { seconds: 30 });
    const run = await reconcile();
    expect(run).toMatchObject({ state: 'failed', failure: 'no answer: switch_down', breakCount: 0 });
  });

  it('reconciles a Dhaka calendar day by default', () => {
    expect(dhakaDayOf(new Date('2026-11-24T20:00:00Z'))).toEqual({ from: new Date('2026-11-24T18:00:00Z'), to: new Date('2026-11-25T18:00:00Z') });
  });
});

describe('the reconciliation after each BEFTN session', () => {
  it('takes the last close: noon, three in the afternoon, or midnight before noon', () => {
    const dhaka = (time: string) => new Date(`${time}+06:00`);
    expect(lastSessionCloseAtOrBefore(dhaka('2026-11-25T11:59:59'))).toEqual(dhaka('2026-11-25T00:00:00'));
    expect(lastSessionCloseAtOrBefore(dhaka('2026-11-25T12:00:00'))).toEqual(dhaka('2026-11-25T12:00:00'));
    expect(lastSessionCloseAtOrBefore(dhaka('2026-11-25T16:30:00'))).toEqual(dhaka('2026-11-25T15:00:00'));
    expect(lastSessionCloseAtOrBefore(dhaka('2026-11-25T23:59:00'))).toEqual(dhaka('2026-11-25T15:00:00'));
  });

  it('compares the day up to the last close once, by itself, and not before the bank ever talked to the switch', async () => {
    const quiet = await createTestApp();
    try {
      expect(await reconcileAfterSessionClose(quiet.database.db, client)).toBeUndefined();
      expect(await quiet.database.db.select().from(schema.reconciliationRun)).toEqual([]);
    } finally {
      await quiet.close();
    }

    await pay(75);
    await sendAllDue(harness.database.db, client);
    const now = new Date();
    const run = await reconcileAfterSessionClose(harness.database.db, client, now);
    const close = lastSessionCloseAtOrBefore(new Date(now.getTime() - reconciliationAfterCloseMs));
    expect(run).toMatchObject({ state: 'compared', requestedByUserId: null, periodTo: close });
    expect(run!.periodFrom.getTime()).toBeLessThan(close.getTime());
    // The same close again: nothing more to run until the next session closes.
    expect(await reconcileAfterSessionClose(harness.database.db, client, now)).toBeUndefined();
  });
});
