import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { call } from '../../test-support/banking';
import { createTestApp, registerCustomer, signIn, signInStaff, type TestApp } from '../../test-support/test-app';
import { bootstrapStaff } from './staff-bootstrap';

let harness: TestApp;
let first: StaffMember;
let second: StaffMember;

type StaffMember = { id: string; email: string; password: string; cookie: string };

/** Another staff member: registered as a customer, then promoted as start-up promotes STAFF_EMAIL. */
async function newStaffMember(name: string): Promise<StaffMember> {
  const customer = await registerCustomer(harness.app, { name });
  await bootstrapStaff(harness.database.db, harness.app.services.auth, { staffEmail: customer.email, staffPassword: customer.password, dataDir: harness.dataDir });
  // Staff sign in with a code from an authenticator app: signInStaff enrols the new member first.
  return { id: customer.userId, email: customer.email, password: customer.password, cookie: await signInStaff(harness.app, customer) };
}

async function listed(userId: string) {
  const response = await call(harness.app, 'GET', '/api/allUsers?limit=100', first.cookie);
  return (response.json() as Array<{ _id: string; disabled: boolean; waitingChange: unknown }>).find((user) => user._id === userId);
}

/** The user's audit trail, less turning on two-step verification (every new staff member does, on first sign-in). */
const auditOf = async (userId: string) =>
  (
    await harness.database.db
      .select()
      .from(schema.auditEvent)
      .where(and(eq(schema.auditEvent.subjectType, 'user'), eq(schema.auditEvent.subjectId, userId)))
  ).filter((event) => event.action !== 'user.two_factor_on');

beforeAll(async () => {
  harness = await createTestApp();
  first = { id: '', email: '', password: '', cookie: await signInStaff(harness.app) };
  second = await newStaffMember('Second Approver');
  // Only administrators ask to disable or re-enable staff (staff.test.ts); both are one here, so either may ask.
  await harness.database.db.update(schema.user).set({ staffAdministrator: true }).where(eq(schema.user.id, second.id));
});
afterAll(async () => harness.close());

describe('disabling a staff member', () => {
  it('waits for a second staff member, who alone can approve it; then their sessions end', async () => {
    const leaver = await newStaffMember('Leaving Staff');
    const asked = await call(harness.app, 'DELETE', `/api/allUsers/${leaver.id}`, first.cookie);
    expect(asked.json()).toEqual({ deletedCount: 0, pendingApproval: true });
    expect((await call(harness.app, 'GET', '/api/allUsers?limit=1', leaver.cookie)).statusCode).toBe(200);
    expect(await listed(leaver.id)).toMatchObject({ disabled: false, waitingChange: { action: 'disable', requestedBy: { fullName: 'Bank Staff' } } });

    const again = await call(harness.app, 'DELETE', `/api/allUsers/${leaver.id}`, second.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('change_waiting');
    const bySameStaff = await call(harness.app, 'POST', `/api/allUsers/${leaver.id}/approveChange`, first.cookie, {});
    expect(bySameStaff.statusCode).toBe(403);
    expect(bySameStaff.json().error).toMatchObject({ code: 'second_approver_required', message: 'Another staff member must approve a change you asked for' });
    const byThemselves = await call(harness.app, 'POST', `/api/allUsers/${leaver.id}/approveChange`, leaver.cookie, {});
    expect(byThemselves.statusCode).toBe(400);
    expect((await listed(leaver.id))?.disabled).toBe(false);

    const approved = await call(harness.app, 'POST', `/api/allUsers/${leaver.id}/approveChange`, second.cookie, {});
    expect(approved.json()).toEqual({ changed: true, pendingApproval: false });
    expect((await call(harness.app, 'GET', '/api/allUsers?limit=1', leaver.cookie)).statusCode).toBe(401);
    expect((await signIn(harness.app, leaver.email, leaver.password)).statusCode).not.toBe(200);
    expect(await listed(leaver.id)).toMatchObject({ disabled: true, waitingChange: null });
    const audit = await auditOf(leaver.id);
    expect(audit.map((event) => [event.action, event.actorUserId === second.id])).toEqual([
      ['user.disable_requested', false],
      ['user.disable', true],
    ]);
    expect(audit[1]?.detail).toMatchObject({ requestedBy: expect.any(String), approvedBy: second.id, before: 'enabled', after: 'disabled' });
  });

  it('can be withdrawn by any staff member, and then nothing changes', async () => {
    const colleague = await newStaffMember('Kept Colleague');
    await call(harness.app, 'DELETE', `/api/allUsers/${colleague.id}`, first.cookie);
    const withdrawn = await call(harness.app, 'POST', `/api/allUsers/${colleague.id}/cancelChange`, second.cookie, {});
    expect(withdrawn.json()).toEqual({ changed: false, pendingApproval: false });
    expect((await call(harness.app, 'POST', `/api/allUsers/${colleague.id}/approveChange`, second.cookie, {})).statusCode).toBe(404);
    expect(await listed(colleague.id)).toMatchObject({ disabled: false, waitingChange: null });
    expect((await call(harness.app, 'GET', '/api/allUsers?limit=1', colleague.cookie)).statusCode).toBe(200);
    expect((await auditOf(colleague.id)).map((event) => event.action)).toEqual(['user.disable_requested', 'user.disable_cancelled']);
  });

  it('takes effect once when 50 approvals arrive at once', async () => {
    const leaver = await newStaffMember('Raced Leaver');
    await call(harness.app, 'DELETE', `/api/allUsers/${leaver.id}`, first.cookie);
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(harness.app, 'POST', `/api/allUsers/${leaver.id}/approveChange`, second.cookie, {})));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 404)).toBe(true);
    expect((await auditOf(leaver.id)).filter((event) => event.action === 'user.disable')).toHaveLength(1);
  });
});

describe('re-enabling a user', () => {
  it('lets a disabled customer sign in again at once, audited', async () => {
    const customer = await registerCustomer(harness.app);
    await call(harness.app, 'DELETE', `/api/allUsers/${customer.userId}`, first.cookie);
    expect((await signIn(harness.app, customer.email, customer.password)).statusCode).not.toBe(200);
    const enabled = await call(harness.app, 'POST', `/api/allUsers/${customer.userId}/enable`, first.cookie, {});
    expect(enabled.json()).toEqual({ changed: true, pendingApproval: false });
    expect((await signIn(harness.app, customer.email, customer.password)).statusCode).toBe(200);
    expect((await call(harness.app, 'POST', `/api/allUsers/${customer.userId}/enable`, first.cookie, {})).json()).toEqual({ changed: false, pendingApproval: false });
    expect((await auditOf(customer.userId)).map((event) => [event.action, event.detail])).toEqual([
      ['user.disable', expect.objectContaining({ before: 'enabled', after: 'disabled' })],
      ['user.enable', expect.objectContaining({ before: 'disabled', after: 'enabled' })],
    ]);
  });

  it('gives a staff member their powers back only with a second staff member’s approval', async () => {
    const returning = await newStaffMember('Returning Staff');
    await call(harness.app, 'DELETE', `/api/allUsers/${returning.id}`, first.cookie);
    await call(harness.app, 'POST', `/api/allUsers/${returning.id}/approveChange`, second.cookie, {});
    const asked = await call(harness.app, 'POST', `/api/allUsers/${returning.id}/enable`, second.cookie, {});
    expect(asked.json()).toEqual({ changed: false, pendingApproval: true });
    expect((await signIn(harness.app, returning.email, returning.password)).statusCode).not.toBe(200);
    expect((await call(harness.app, 'POST', `/api/allUsers/${returning.id}/approveChange`, second.cookie, {})).statusCode).toBe(403);
    expect((await call(harness.app, 'POST', `/api/allUsers/${returning.id}/approveChange`, first.cookie, {})).json()).toEqual({ changed: true, pendingApproval: false });
    expect((await call(harness.app, 'GET', '/api/allUsers?limit=1', await signInStaff(harness.app, returning))).statusCode).toBe(200);
  });
});
