import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { call } from '../../test-support/banking';
import { emailsTo } from '../../test-support/emails';
import { cookieFrom, createTestApp, registerCustomer, signIn, signInStaff, testAuthSecret, type TestApp } from '../../test-support/test-app';
import { signedSessionValue } from '../auth/session-generation';
import { bootstrapStaff } from '../users/staff-bootstrap';
import { invitationTokenHash } from './staff.service';

let harness: TestApp;
let administrator: string;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
let counter = 0;

const newPassword = 'a staff passphrase nobody guesses 77';

beforeAll(async () => {
  harness = await createTestApp();
  administrator = await signInStaff(harness.app);
  customer = await registerCustomer(harness.app, { name: 'Shapla Begum' });
});
afterAll(async () => harness.close());

const uniqueEmail = (name: string) => {
  counter += 1;
  return `${name}.${counter}.${Date.now()}@bank.test`;
};

/** The link's token from the invitation e-mail the outbox holds for `userId`. */
async function invitationTokenOf(userId: string): Promise<string> {
  const mails = (await emailsTo(harness.database.db, userId)).filter((mail) => mail.kind === 'staff-invitation');
  const match = /\/staffInvitation#token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.body ?? '');
  if (!match?.[1]) throw new Error('no invitation link in the e-mail');
  return match[1];
}

async function invite(name: string, options: { administrator?: boolean; by?: string } = {}) {
  const email = uniqueEmail(name.split(' ')[0]?.toLowerCase() ?? 'staff');
  const response = await call(harness.app, 'POST', '/api/staffInvitations', options.by ?? administrator, { name, email, administrator: options.administrator ?? false });
  if (response.statusCode !== 200) throw new Error(`invitation failed: ${response.statusCode} ${response.body}`);
  const userId = (response.json() as { insertedId: string }).insertedId;
  return { userId, email, name, token: await invitationTokenOf(userId) };
}

const accept = (token: string, password = newPassword) => call(harness.app, 'POST', '/api/staffInvitations/accept', undefined, { token, password });

/** Invited, accepted and signed in with two-step verification set up (signInStaff enrols at the first sign-in). */
async function staffMember(name: string, options: { administrator?: boolean } = {}) {
  const invited = await invite(name, options);
  expect((await accept(invited.token)).statusCode).toBe(200);
  return { ...invited, cookie: await signInStaff(harness.app, { email: invited.email, password: newPassword }) };
}

const userRow = async (userId: string) => (await harness.database.db.select().from(schema.user).where(eq(schema.user.id, userId)))[0];

describe('who manages staff members', () => {
  it('lets only an administrator list, invite, disable and re-enable staff, and a refused invitation writes nothing', async () => {
    const colleague = await staffMember('Karim Hossain');
    const email = uniqueEmail('refused');
    const body = { name: 'Refused Invitee', email };
    for (const [cookie, status] of [
      [undefined, 401],
      [customer.cookie, 403],
      [colleague.cookie, 403],
    ] as const) {
      expect((await call(harness.app, 'GET', '/api/staffMembers', cookie)).statusCode).toBe(status);
      const refused = await call(harness.app, 'POST', '/api/staffInvitations', cookie, body);
      expect(refused.statusCode).toBe(status);
      if (status === 403) expect(refused.json().error.code).toBe(cookie === customer.cookie ? 'staff_only' : 'administrator_only');
      expect((await call(harness.app, 'POST', `/api/staffMembers/${colleague.userId}/disable`, cookie, {})).statusCode).toBe(status);
    }
    expect(await harness.database.db.select().from(schema.user).where(eq(schema.user.email, email))).toEqual([]);
    expect((await userRow(colleague.userId))?.banned).toBe(false);
    // A colleague's request to disable another staff member on the users page is refused too.
    expect((await call(harness.app, 'DELETE', `/api/allUsers/${colleague.userId}`, (await staffMember('Other Colleague')).cookie)).statusCode).toBe(403);
  });

  it('lists staff with their own names, role, status, invitation and last sign-in', async () => {
    const member = await staffMember('Nasrin Sultana');
    const pending = await invite('Farhana Yeasmin', { administrator: true });
    const list = (await call(harness.app, 'GET', '/api/staffMembers', administrator)).json() as Array<Record<string, unknown>>;
    expect(list.find((row) => row._id === member.userId)).toMatchObject({
      name: 'Nasrin Sultana',
      email: member.email,
      administrator: false,
      status: 'active',
      twoFactorEnabled: true,
      invitedBy: 'Bank Staff',
      lastSignedInAt: expect.any(String),
    });
    expect(list.find((row) => row._id === pending.userId)).toMatchObject({
      name: 'Farhana Yeasmin',
      administrator: true,
      status: 'invited',
      lastSignedInAt: null,
      invitationExpiresAt: expect.any(String),
    });
    expect(list.find((row) => row.email === 'staff@bank.test')).toMatchObject({ administrator: true, status: 'active' });
    const session = await call(harness.app, 'GET', '/api/auth/get-session', member.cookie);
    expect(session.json().user).toMatchObject({ name: 'Nasrin Sultana', staffAdministrator: false });
  });
});

describe('an invitation', () => {
  it('e-mails a one-time link whose token is stored only as its hash, and audits it', async () => {
    const invited = await invite('Rafiq Islam');
    const [stored] = await harness.database.db.select().from(schema.staffInvitation).where(eq(schema.staffInvitation.userId, invited.userId));
    expect(stored?.tokenHash).toBe(invitationTokenHash(invited.token));
    const dump = await harness.database.db.execute(sql`SELECT * FROM staff_invitation`);
    expect(JSON.stringify(dump.rows)).not.toContain(invited.token);
    const [mail] = await emailsTo(harness.database.db, invited.userId);
    expect(mail).toMatchObject({ recipient: invited.email, subject: 'Padma Bank: your invitation to the staff dashboard' });
    expect(mail?.body).toContain('Bank Staff invited you');
    const audit = await harness.database.db
      .select()
      .from(schema.auditEvent)
      .where(and(eq(schema.auditEvent.subjectId, invited.userId), eq(schema.auditEvent.action, 'staff.invite')));
    expect(audit).toHaveLength(1);
    // Until accepted, the invitee cannot sign in, and no password reset link is sent to them.
    expect((await signIn(harness.app, invited.email, newPassword)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call(harness.app, 'POST', '/api/staffInvitations/lookup', undefined, { token: invited.token })).json()).toEqual({ name: 'Rafiq Islam', email: invited.email });
  });

  it('works once: a second acceptance, a wrong token and an expired link are refused and change nothing', async () => {
    const invited = await invite('Sumaiya Akter');
    const wrong = await accept(`${invited.token.slice(0, -4)}AAAA`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.code).toBe('invitation_not_found');
    expect((await accept(invited.token)).statusCode).toBe(200);
    const again = await accept(invited.token, 'another passphrase entirely 123');
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('invitation_used');
    // The first password stands.
    expect((await signIn(harness.app, invited.email, newPassword)).statusCode).toBe(200);
    expect((await signIn(harness.app, invited.email, 'another passphrase entirely 123')).statusCode).toBeGreaterThanOrEqual(400);

    const late = await invite('Late Invitee');
    await harness.database.db
      .update(schema.staffInvitation)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.staffInvitation.userId, late.userId));
    const expired = await accept(late.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('invitation_expired');
    expect(await harness.database.db.select().from(schema.account).where(eq(schema.account.userId, late.userId))).toEqual([]);
    expect((await userRow(late.userId))?.banned).toBe(true);
  });

  it('is accepted by one of two acceptances sent at once', async () => {
    const invited = await invite('Twice Clicked');
    const answers = await Promise.all([accept(invited.token), accept(invited.token, 'a second passphrase at the same time 9')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    expect(await harness.database.db.select().from(schema.account).where(eq(schema.account.userId, invited.userId))).toHaveLength(1);
  });

  it('leaves the invitee unable to do anything but set up two-step verification at the first sign-in', async () => {
    const invited = await invite('Mizanur Rahman');
    await accept(invited.token);
    const signedIn = await signIn(harness.app, invited.email, newPassword);
    const cookie = cookieFrom(signedIn.headers['set-cookie']);
    for (const path of ['/api/userAccounts?limit=5', '/api/allUsers?limit=5', '/api/contactMessages?limit=5']) {
      const refused = await call(harness.app, 'GET', path, cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('two_factor_setup_required');
    }
    const enrolled = await signInStaff(harness.app, { email: invited.email, password: newPassword });
    expect((await call(harness.app, 'GET', '/api/userAccounts?limit=5', enrolled)).statusCode).toBe(200);
  });

  it('refuses an e-mail that belongs to a customer or a staff member, and a weak password', async () => {
    const taken = await call(harness.app, 'POST', '/api/staffInvitations', administrator, { name: 'Shapla Begum', email: customer.email });
    expect(taken.statusCode).toBe(409);
    expect((await userRow(customer.userId))?.role).toBe('user');
    const bad = await call(harness.app, 'POST', '/api/staffInvitations', administrator, { name: 'X', email: 'not an e-mail' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['name', 'email']));
    const invited = await invite('Weak Password');
    expect((await accept(invited.token, 'password1234')).statusCode).toBe(400);
    expect((await accept(invited.token)).statusCode).toBe(200);
  });
});

describe('disabling a staff member', () => {
  it('ends their sessions at once, is audited, and re-enabling does not revive a session made meanwhile', async () => {
    const leaver = await staffMember('Leaving Member');
    expect((await call(harness.app, 'GET', '/api/userAccounts?limit=5', leaver.cookie)).statusCode).toBe(200);
    const disabled = await call(harness.app, 'POST', `/api/staffMembers/${leaver.userId}/disable`, administrator, {});
    expect(disabled.json()).toEqual({ changed: true });
    expect((await call(harness.app, 'GET', '/api/userAccounts?limit=5', leaver.cookie)).statusCode).toBe(401);
    expect((await signIn(harness.app, leaver.email, newPassword)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call(harness.app, 'POST', `/api/staffMembers/${leaver.userId}/disable`, administrator, {})).json()).toEqual({ changed: false });

    // A sign-in that raced the disabling stores its session after it, in the generation it read then.
    const row = await userRow(leaver.userId);
    const raced = await harness.database.db
      .insert(schema.session)
      .values({ id: `raced-${leaver.userId}`, token: `raced-token-${leaver.userId}`, userId: leaver.userId, expiresAt: new Date(Date.now() + 3_600_000), generation: row?.sessionGeneration ?? 0 })
      .returning();
    expect((await call(harness.app, 'POST', `/api/staffMembers/${leaver.userId}/enable`, administrator, {})).json()).toEqual({ changed: true });
    const racedCookie = `better-auth.session_token=${encodeURIComponent(signedSessionValue(raced[0]?.token ?? '', testAuthSecret))}`;
    expect((await call(harness.app, 'GET', '/api/userAccounts?limit=5', racedCookie)).statusCode).toBe(401);
    expect((await signIn(harness.app, leaver.email, newPassword)).statusCode).toBe(200);

    const actions = (await harness.database.db.select().from(schema.auditEvent).where(eq(schema.auditEvent.subjectId, leaver.userId))).map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.invite', 'staff.invitation_accepted', 'staff.disable', 'staff.enable']));
  });

  it('withdraws an invitation not yet accepted', async () => {
    const invited = await invite('Withdrawn Invitee');
    expect((await call(harness.app, 'POST', `/api/staffMembers/${invited.userId}/disable`, administrator, {})).json()).toEqual({ changed: true });
    expect((await accept(invited.token)).statusCode).toBe(410);
    const enable = await call(harness.app, 'POST', `/api/staffMembers/${invited.userId}/enable`, administrator, {});
    expect(enable.statusCode).toBe(409);
    expect(enable.json().error.code).toBe('invitation_not_accepted');
    // Invited again, they get a new link; the old one stays spent.
    const again = await call(harness.app, 'POST', '/api/staffInvitations', administrator, { name: 'Withdrawn Invitee', email: invited.email });
    expect(again.statusCode).toBe(200);
    expect((await accept(await invitationTokenOf(invited.userId))).statusCode).toBe(200);
  });

  it('is refused for oneself, for a customer (404 here) and for the last administrator', async () => {
    const self = (await call(harness.app, 'GET', '/api/auth/get-session', administrator)).json().user.id as string;
    expect((await call(harness.app, 'POST', `/api/staffMembers/${self}/disable`, administrator, {})).statusCode).toBe(400);
    expect((await call(harness.app, 'POST', `/api/staffMembers/${customer.userId}/disable`, administrator, {})).statusCode).toBe(404);

    // Two administrators disabling each other at once: one wins, the other would leave none.
    const first = await staffMember('First Administrator', { administrator: true });
    const second = await staffMember('Second Administrator', { administrator: true });
    await harness.database.db.update(schema.user).set({ staffAdministrator: false }).where(eq(schema.user.id, self));
    try {
      const answers = await Promise.all([
        call(harness.app, 'POST', `/api/staffMembers/${second.userId}/disable`, first.cookie, {}),
        call(harness.app, 'POST', `/api/staffMembers/${first.userId}/disable`, second.cookie, {}),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const active = await harness.database.db
        .select()
        .from(schema.user)
        .where(and(eq(schema.user.staffAdministrator, true), eq(schema.user.banned, false)));
      expect(active).toHaveLength(1);
    } finally {
      await harness.database.db.update(schema.user).set({ staffAdministrator: true }).where(eq(schema.user.id, self));
    }
  });

  it('keeps the last administrator on the users page’s two-person path too', async () => {
    const loneAdministrator = await staffMember('Lone Administrator', { administrator: true });
    const approver = await staffMember('Approving Colleague');
    const self = (await call(harness.app, 'GET', '/api/auth/get-session', administrator)).json().user.id as string;
    // Asked by the bootstrap administrator, who then stops being one before the approval.
    expect((await call(harness.app, 'DELETE', `/api/allUsers/${loneAdministrator.userId}`, administrator)).json()).toMatchObject({ pendingApproval: true });
    const others = await harness.database.db
      .select({ id: schema.user.id })
      .from(schema.user)
      .where(and(eq(schema.user.staffAdministrator, true), eq(schema.user.banned, false)));
    const demoted = others.map((row) => row.id).filter((id) => id !== loneAdministrator.userId);
    for (const id of demoted) await harness.database.db.update(schema.user).set({ staffAdministrator: false }).where(eq(schema.user.id, id));
    try {
      const approval = await call(harness.app, 'POST', `/api/allUsers/${loneAdministrator.userId}/approveChange`, approver.cookie, {});
      expect(approval.statusCode).toBe(409);
      expect(approval.json().error.code).toBe('last_administrator');
      expect((await userRow(loneAdministrator.userId))?.banned).toBe(false);
    } finally {
      for (const id of demoted) await harness.database.db.update(schema.user).set({ staffAdministrator: true }).where(eq(schema.user.id, id));
      void self;
    }
  });
});

describe('the first administrator', () => {
  it('is the STAFF_EMAIL account while the bank has none; a later STAFF_EMAIL is plain staff', async () => {
    const list = (await call(harness.app, 'GET', '/api/staffMembers', administrator)).json() as Array<{ email: string; administrator: boolean }>;
    expect(list.find((row) => row.email === 'staff@bank.test')?.administrator).toBe(true);
    const promoted = await registerCustomer(harness.app, { name: 'Promoted Later' });
    await bootstrapStaff(harness.database.db, harness.app.services.auth, { staffEmail: promoted.email, staffPassword: promoted.password, dataDir: harness.dataDir });
    expect((await userRow(promoted.userId))?.staffAdministrator).toBe(false);
  });
});
