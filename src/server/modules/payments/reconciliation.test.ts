import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import type { SignedInUser } from '../auth/signed-in-user';
import { depositApproved, openFundedAccount, signedInCustomer } from '../../test-support/banking';
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

const pay = (amount: number) => sendTestPayment(harness.database.db, { user, accountId: account, change: { amountPoisha: bdt(amount) } });

/** Around now: the switch's and the bank's clocks both fall in it. */
const aroundNow = () => ({ from: new Date(Date.now() - 60 * 60_000), to: new Date(Date.now() + 60 * 60_000) });
const reconcile = () => runReconciliation(harness.database.db, client, aroundNow(), null);

beforeAll(async () => {
  // The bank's rules say a Wednesday noon, but the switch keeps the machine's time, so its bookings fall in today's period.
  testSwitch = await startTestSwitch(key);
  client = testSwitch.client;
  harness = await createTestApp();
  const staff = await signInStaff(harness.app);
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
