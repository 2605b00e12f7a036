import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { call } from '../../test-support/banking';
import { createTestApp, registerCustomer, signIn, signInStaff, type TestApp } from '../../test-support/test-app';
import { resetLinkAnswer } from './auth.routes';

let harness: TestApp;
const oldPassword = 'a long customer passphrase 42';
const newPassword = 'river boats at dawn 7731';

beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => harness.close());

let addressCounter = 0;
/** Each test asks from its own address unless told, so the per-address allowance is one test's alone. */
const askForLink = (email: string, remoteAddress = `10.9.0.${(addressCounter += 1)}`) =>
  harness.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', remoteAddress, headers: { origin: harness.app.services.publicUrl }, payload: { email } });
const reset = (token: string, password = newPassword) => call(harness.app, 'POST', '/api/auth/reset-password', undefined, { token, newPassword: password });

async function noticesTo(email: string, kind: 'password-reset' | 'password-changed') {
  return harness.database.db
    .select()
    .from(schema.emailNotice)
    .where(and(eq(schema.emailNotice.recipient, email), eq(schema.emailNotice.kind, kind)))
    .orderBy(desc(schema.emailNotice.createdAt));
}

const cookieOf = (response: { headers: Record<string, unknown> }) => String(response.headers['set-cookie']).split(';')[0] ?? '';

/** The token of the newest link e-mailed to `email`, read from the e-mail as its reader would. */
async function tokenMailedTo(email: string): Promise<string> {
  const [notice] = await noticesTo(email, 'password-reset');
  const match = /\/resetPassword#token=([^\s]+)/.exec(notice?.body ?? '');
  if (!match?.[1]) throw new Error(`no reset link e-mailed to ${email}`);
  return decodeURIComponent(match[1]);
}

describe('setting a new password from an e-mailed link', () => {
  it('answers the same for a registered and an unknown address, and e-mails only the registered one', async () => {
    const customer = await registerCustomer(harness.app);
    const known = await askForLink(customer.email);
    const unknown = await askForLink('nobody.here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(resetLinkAnswer);
    expect(unknown.json()).toEqual(known.json());
    expect(await noticesTo(customer.email, 'password-reset')).toHaveLength(1);
    expect(await noticesTo('nobody.here@example.com', 'password-reset')).toHaveLength(0);
    const token = await tokenMailedTo(customer.email);
    // Only the token's hash is stored: the database alone cannot open the link.
    const stored = await harness.database.db.select({ identifier: schema.verification.identifier }).from(schema.verification);
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.identifier).not.toContain(token);
  });

  it('sets the password once, ends every session, and tells the owner', async () => {
    const customer = await registerCustomer(harness.app);
    const otherDevice = await signIn(harness.app, customer.email, oldPassword);
    expect(otherDevice.statusCode).toBe(200);
    await askForLink(customer.email);
    const token = await tokenMailedTo(customer.email);

    const done = await reset(token);
    expect(done.statusCode, done.body).toBe(200);
    expect((await call(harness.app, 'GET', '/api/auth/get-session', customer.cookie)).json()).toBeNull();
    expect((await call(harness.app, 'GET', '/api/auth/get-session', cookieOf(otherDevice))).json()).toBeNull();
    expect((await signIn(harness.app, customer.email, oldPassword)).statusCode).toBe(401);
    expect((await signIn(harness.app, customer.email, newPassword)).statusCode).toBe(200);
    expect(await noticesTo(customer.email, 'password-changed')).toHaveLength(1);
    const [audit] = await harness.database.db
      .select()
      .from(schema.auditEvent)
      .where(and(eq(schema.auditEvent.subjectId, customer.userId), eq(schema.auditEvent.action, 'user.password_reset')));
    expect(audit).toBeDefined();

    const again = await reset(token, 'another fine passphrase 55');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'invalid_token', fields: { token: expect.any(String) } });
  });

  it('lets only one of two tries with the same link through', async () => {
    const customer = await registerCustomer(harness.app);
    await askForLink(customer.email);
    const token = await tokenMailedTo(customer.email);
    const answers = await Promise.all([reset(token, 'first of two passphrases 81'), reset(token, 'second of two passphrases 82')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link, a made-up token and a weak password, each with a 400 naming the field', async () => {
    const customer = await registerCustomer(harness.app);
    await askForLink(customer.email);
    const token = await tokenMailedTo(customer.email);
    const weak = await reset(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.newPassword).toBeTruthy();
    expect((await reset('x'.repeat(32))).json().error.fields.token).toBeTruthy();
    expect((await reset('short')).json().error.fields.token).toBeTruthy();
    await harness.database.db.update(schema.verification).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await reset(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid_token');
    expect((await signIn(harness.app, customer.email, oldPassword)).statusCode).toBe(200);
  });

  it('sends at most three links an hour to one e-mail address, answering the same each time', async () => {
    const customer = await registerCustomer(harness.app);
    for (let index = 0; index < 5; index += 1) expect((await askForLink(customer.email)).json()).toEqual(resetLinkAnswer);
    expect(await noticesTo(customer.email, 'password-reset')).toHaveLength(3);
  });

  it('answers 429 past ten requests an hour from one internet address', async () => {
    const answers = await Promise.all(Array.from({ length: 11 }, (_, index) => askForLink(`someone${index}@example.com`, '10.8.0.1')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it('sends nothing to a disabled user', async () => {
    const customer = await registerCustomer(harness.app);
    await harness.database.db.update(schema.user).set({ banned: true }).where(eq(schema.user.id, customer.userId));
    expect((await askForLink(customer.email)).json()).toEqual(resetLinkAnswer);
    expect(await noticesTo(customer.email, 'password-reset')).toHaveLength(0);
  });
});

describe('signing out everywhere', () => {
  it('ends every session of the user, this one included, and no one else’s', async () => {
    const customer = await registerCustomer(harness.app);
    const second = await signIn(harness.app, customer.email, oldPassword);
    const secondCookie = cookieOf(second);
    const staff = await signInStaff(harness.app);
    const answer = await call(harness.app, 'POST', '/api/auth/sign-out-everywhere', customer.cookie);
    expect(answer.statusCode).toBe(200);
    expect(String(answer.headers['set-cookie'])).toContain('Max-Age=0');
    for (const cookie of [customer.cookie, secondCookie]) expect((await call(harness.app, 'GET', '/api/auth/get-session', cookie)).json()).toBeNull();
    expect((await call(harness.app, 'GET', '/api/auth/get-session', staff)).json()).not.toBeNull();
    expect((await call(harness.app, 'POST', '/api/auth/sign-out-everywhere', undefined)).statusCode).toBe(401);
  });
});
