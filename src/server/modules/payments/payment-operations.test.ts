import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import type { SignedInUser } from '../auth/signed-in-user';
import { balanceOf, call, callWithStepUp, depositApproved, openFundedAccount, signedInCustomer, type Customer } from '../../test-support/banking';
import { controlClearing, drainClearing } from '../../test-support/clearing';
import { bdtNumberToPoisha as bdt } from '../../../shared/money';
import { sendTestPayment } from '../../test-support/payments';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';

let harness: TestApp;
let staffA: string;
let staffB: string;
let customer: Customer;
let user: SignedInUser;
let account: string;

const pay = (amount: number) => sendTestPayment(harness.database.db, { user, accountId: account, change: { amountPoisha: bdt(amount) } });

const repairCount = async () => (await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM payment_repair`)).rows[0]?.count;
const fileRepair = (staff: string, paymentId: string, body: unknown) => call(harness.app, 'POST', `/api/staff/payments/${paymentId}/repairs`, staff, body);
const approve = (staff: string, repairId: string) => call(harness.app, 'PUT', `/api/staff/payment-repairs/${repairId}/approve`, staff, {});

beforeAll(async () => {
  harness = await createTestApp();
  staffA = await signInStaff(harness.app);
  const second = await registerCustomer(harness.app, { name: 'Nasrin Sultana' });
  await harness.database.db.update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, second.userId));
  staffB = await signInStaff(harness.app, { email: second.email, password: second.password });
  customer = await registerCustomer(harness.app, { name: 'Nasima Begum' });
  user = signedInCustomer(customer, 'Nasima Begum');
  account = await openFundedAccount(harness.app, customer, staffA, 400_000, { user: 'Nasima Begum' });
  await depositApproved(harness.app, customer, staffA, account, 50_000);
});

afterEach(async () => {
  await controlClearing(harness.app, 'DELETE', 'faults');
});

afterAll(async () => harness.close());

describe('the staff’s payments operations', () => {
  it('lists a payment whose outcome is unknown as stuck, shows its messages, and re-enquires once a second staff member approves', async () => {
    await controlClearing(harness.app, 'POST', 'down', { seconds: 30 });
    const payment = await pay(1_200);
    await drainClearing(harness.app);

    const stuck = await call(harness.app, 'GET', '/api/staff/payments?stuck=true', staffA);
    expect(stuck.statusCode).toBe(200);
    expect(stuck.headers['x-total-count']).toBe('1');
    expect(stuck.json()[0]).toMatchObject({ direction: 'out', id: payment.id, status: 'sending', amount: 1_200, stuck: true, outbox: { state: 'unknown', attempts: 1 } });
    expect((await call(harness.app, 'GET', '/api/staff/payments?rail=RTGS', staffA)).json()).toEqual([]);

    const detail = (await call(harness.app, 'GET', `/api/staff/payments/${payment.id}`, staffA)).json();
    expect(detail.events.map((event: { status: string }) => event.status)).toEqual(['sending']);
    expect(detail.messages.map((message: { direction: string; messageType: string }) => `${message.direction} ${message.messageType}`)).toEqual(['out pacs.008']);

    const filed = await fileRepair(staffA, payment.id, { action: 're_enquire', reason: 'The switch was down when it went' });
    expect(filed.statusCode).toBe(200);
    const repairId = filed.json().insertedId as string;
    expect((await fileRepair(staffB, payment.id, { action: 're_enquire', reason: 'Again' })).json().error.code).toBe('repair_pending');
    expect((await call(harness.app, 'GET', '/api/staff/payment-repairs', staffB)).json()).toEqual([
      expect.objectContaining({ id: repairId, paymentId: payment.id, action: 're_enquire', status: 'pending', requestedBy: 'Bank Staff' }),
    ]);

    // The maker may not approve their own repair; the pipeline refuses it before anything changes.
    const own = await approve(staffA, repairId);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('second_approver_required');

    await controlClearing(harness.app, 'DELETE', 'faults');
    // A re-enquiry moves no money: the second staff member approves it without a code.
    expect((await approve(staffB, repairId)).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    await drainClearing(harness.app);
    const after = (await call(harness.app, 'GET', `/api/staff/payments/${payment.id}`, staffA)).json();
    expect(after.payment).toMatchObject({ status: 'settled', stuck: false });
    expect(after.repairs).toEqual([expect.objectContaining({ id: repairId, status: 'approved' })]);
    const audit = await harness.database.db.select().from(schema.auditEvent).where(eq(schema.auditEvent.subjectId, repairId)).orderBy(schema.auditEvent.id);
    expect(audit.map((event) => event.action)).toEqual(['payment_repair.request', 'payment_repair.approve']);
  });

  it('marks a settled payment returned only with a second staff member’s fresh code, and gives the customer the amount and the charge back', async () => {
    const before = await balanceOf(harness.app, customer.cookie, account);
    const payment = await pay(2_000);
    await drainClearing(harness.app);
    expect((await call(harness.app, 'GET', `/api/staff/payments/${payment.id}`, staffA)).json().payment.status).toBe('settled');

    const filed = await fileRepair(staffA, payment.id, { action: 'mark_returned', reasonCode: 'AC04', reason: 'DBBL confirmed by phone that the account is closed and the money came back' });
    const repairId = filed.json().insertedId as string;
    const withoutCode = await approve(staffB, repairId);
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json().error.code).toBe('second_factor_required');
    const approved = await callWithStepUp(harness.app, 'PUT', `/api/staff/payment-repairs/${repairId}/approve`, staffB, {});
    expect(approved.statusCode).toBe(200);

    const after = (await call(harness.app, 'GET', `/api/staff/payments/${payment.id}`, staffA)).json();
    expect(after.payment).toMatchObject({ status: 'returned', reasonCode: 'AC04' });
    expect(after.events.map((event: { status: string; messageId: string | null }) => [event.status, event.messageId === null])).toEqual([
      ['sending', true],
      ['settled', false],
      ['returned', true],
    ]);
    expect(await balanceOf(harness.app, customer.cookie, account)).toBe(before);
    // A returned payment cannot come back twice.
    expect((await fileRepair(staffA, payment.id, { action: 'mark_returned', reasonCode: 'AC04', reason: 'Twice' })).json().error.code).toBe('payment_not_settled');
  });

  it('runs a reconciliation now and lists it with its breaks', async () => {
    const ran = await call(harness.app, 'POST', '/api/staff/reconciliations', staffA, {});
    expect(ran.statusCode).toBe(200);
    expect(ran.json().run).toMatchObject({ state: 'compared' });
    const listed = (await call(harness.app, 'GET', '/api/staff/reconciliations', staffB)).json();
    expect(listed.runs[0]).toMatchObject({ id: ran.json().run.id });
    expect(listed.latestBreaks).toEqual(ran.json().breaks);
  });

  it('refuses customers and strangers, and bad input with the field named and nothing written', async () => {
    const payment = await pay(300);
    for (const [method, url] of [
      ['GET', '/api/staff/payments'],
      ['GET', `/api/staff/payments/${payment.id}`],
      ['POST', `/api/staff/payments/${payment.id}/repairs`],
      ['GET', '/api/staff/reconciliations'],
      ['POST', '/api/staff/reconciliations'],
    ] as const) {
      expect((await call(harness.app, method, url, customer.cookie, method === 'POST' ? { action: 're_enquire', reason: 'x' } : undefined)).statusCode).toBe(403);
      expect((await call(harness.app, method, url, undefined, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
    }
    const count = await repairCount();
    const noCode = await fileRepair(staffA, payment.id, { action: 'mark_returned', reason: 'It came back' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields).toHaveProperty('reasonCode');
    const noReason = await fileRepair(staffA, payment.id, { action: 're_enquire', reason: '  ' });
    expect(noReason.json().error.fields).toHaveProperty('reason');
    expect((await fileRepair(staffA, payment.id, { action: 'delete', reason: 'x' })).json().error.fields).toHaveProperty('action');
    expect((await fileRepair(staffA, 'not-a-uuid', { action: 're_enquire', reason: 'x' })).json().error.fields).toHaveProperty('id');
    expect(await repairCount()).toBe(count);

    expect((await call(harness.app, 'GET', '/api/staff/payments?direction=sideways', staffA)).json().error.fields).toHaveProperty('direction');
    // A filter of the other direction is refused, never dropped: the list would look filtered when it is not.
    for (const url of ['/api/staff/payments?direction=out&status=credited', '/api/staff/payments?status=refused', '/api/staff/payments?direction=in&status=settled']) {
      const mismatched = await call(harness.app, 'GET', url, staffA);
      expect(mismatched.statusCode).toBe(400);
      expect(Object.keys(mismatched.json().error.fields)).toEqual(['status']);
    }
    const stuckInward = await call(harness.app, 'GET', '/api/staff/payments?direction=in&stuck=true', staffA);
    expect(stuckInward.statusCode).toBe(400);
    expect(Object.keys(stuckInward.json().error.fields)).toEqual(['stuck']);
    expect((await call(harness.app, 'GET', '/api/staff/payments?direction=in&status=credited', staffA)).statusCode).toBe(200);
    expect((await call(harness.app, 'GET', '/api/staff/payments?direction=out&status=settled&stuck=false', staffA)).statusCode).toBe(200);
    const runs = (await call(harness.app, 'GET', '/api/staff/reconciliations', staffA)).json().runs.length;
    const halfPeriod = await call(harness.app, 'POST', '/api/staff/reconciliations', staffA, { from: '2026-11-25T00:00:00+06:00' });
    expect(halfPeriod.statusCode).toBe(400);
    expect(halfPeriod.json().error.fields).toHaveProperty('to');
    expect((await call(harness.app, 'GET', '/api/staff/reconciliations', staffA)).json().runs.length).toBe(runs);
    expect((await call(harness.app, 'GET', `/api/staff/payments/${crypto.randomUUID()}`, staffA)).statusCode).toBe(404);
  });
});
