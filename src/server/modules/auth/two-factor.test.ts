import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { call } from '../../test-support/banking';
import { emailsTo } from '../../test-support/emails';
import { cookieFrom, createTestApp, registerCustomer, signIn, type TestApp } from '../../test-support/test-app';
import { enrolTwoFactor, freshTotpCode, signInWithCode, testAuthenticatorTime, unspentTotpCode, wrongTotpCode, type Authenticator } from '../../test-support/two-factor';
import { base32Decode, hotpCode, timeStepAt } from '../two-factor/totp';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => harness.close());

const post = (url: string, cookie: string | undefined, payload: unknown) => call(harness.app, 'POST', url, cookie, payload);
const sessionOf = async (cookie: string) => (await call(harness.app, 'GET', '/api/auth/get-session', cookie)).json() as { user: { twoFactorEnabled: boolean } } | null;

/** A password sign-in that stops at the code: answers the challenge cookie. */
async function passwordStep(email: string, password: string, remoteAddress?: string): Promise<string> {
  const response = remoteAddress
    ? await harness.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress, payload: { email, password }, headers: { origin: harness.app.services.publicUrl } })
    : await signIn(harness.app, email, password);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ twoFactorRedirect: true });
  // No session yet: only the short-lived challenge cookie.
  expect(String(response.headers['set-cookie'])).not.toMatch(/session_token=[^;]/);
  return cookieFrom(response.headers['set-cookie']);
}

/** The in-app notifications and the e-mails of a user, by kind, oldest first. */
async function noticesOf(userId: string) {
  const notifications = await harness.database.db
    .select({ kind: schema.notification.kind, params: schema.notification.params })
    .from(schema.notification)
    .where(eq(schema.notification.userId, userId))
    .orderBy(schema.notification.createdAt);
  return { notifications, emails: await emailsTo(harness.database.db, userId) };
}

/** The user's stored factor: the current secret and a replacement waiting, if any. */
async function storedFactorOf(userId: string) {
  const [row] = await harness.database.db
    .select({ secret: schema.twoFactor.secret, replacement: schema.twoFactor.replacementSecret })
    .from(schema.twoFactor)
    .where(eq(schema.twoFactor.userId, userId));
  return row;
}

/** Waits until the user's code has been claimed (the bank's check before better-auth's), polling a few milliseconds apart. */
async function untilCodeSpent(userId: string): Promise<void> {
  for (;;) {
    const [row] = await harness.database.db.select({ step: schema.twoFactor.lastUsedTimeStep }).from(schema.twoFactor).where(eq(schema.twoFactor.userId, userId));
    if (row?.step) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function enrolledCustomer() {
  const customer = await registerCustomer(harness.app);
  const enrolment = await enrolTwoFactor(harness.app, customer.cookie, customer.password);
  return { ...customer, ...enrolment };
}

describe('enrolling an authenticator app', () => {
  it('shows a secret, its QR code and ten recovery codes, and turns on only with a first code', async () => {
    const customer = await registerCustomer(harness.app);
    const wrongPassword = await post('/api/auth/two-factor/enable', customer.cookie, { password: 'not my password at all' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields.password).toBe('The password is not correct');
    const started = await post('/api/auth/two-factor/enable', customer.cookie, { password: customer.password });
    expect(started.statusCode).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const body = started.json() as { secret: string; otpauthUri: string; qrModules: string[]; recoveryCodes: string[] };
    expect(body.secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(body.otpauthUri).toContain(`secret=${body.secret}`);
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Padma%20Bank:/);
    expect(body.qrModules.length).toBeGreaterThan(20);
    expect(body.qrModules.every((row) => row.length === body.qrModules.length && /^[01]+$/.test(row))).toBe(true);
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    // Not on yet: a sign-in now needs the password only.
    expect((await sessionOf(customer.cookie))?.user.twoFactorEnabled).toBe(false);
    const unfinished = await signIn(harness.app, customer.email, customer.password);
    expect(unfinished.json()).not.toHaveProperty('twoFactorRedirect');

    const authenticator: Authenticator = { secret: body.secret, lastStep: 0 };
    const wrong = await post('/api/auth/two-factor/verify-totp', customer.cookie, { code: wrongTotpCode(authenticator) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_second_factor_code');
    const badShape = await post('/api/auth/two-factor/verify-totp', customer.cookie, { code: '12ab' });
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().error.fields.code).toBe('Enter the 6-digit code from your authenticator app');
    const confirmed = await post('/api/auth/two-factor/verify-totp', customer.cookie, { code: await freshTotpCode(authenticator) });
    expect(confirmed.statusCode).toBe(200);
    const newCookie = cookieFrom(confirmed.headers['set-cookie']);
    expect((await sessionOf(newCookie))?.user.twoFactorEnabled).toBe(true);
    // The session signed in with the password only (the one from sign-up) ended with it.
    expect(await sessionOf(customer.cookie)).toBeNull();
    expect(await sessionOf(cookieFrom(unfinished.headers['set-cookie']))).toBeNull();
    const again = await post('/api/auth/two-factor/enable', newCookie, { password: customer.password });
    expect(again.statusCode).toBe(409);
    // The owner is told, in the app and by e-mail, with what to do if it was not them.
    const { notifications, emails } = await noticesOf(customer.userId);
    expect(notifications).toEqual([{ kind: 'two-factor-on', params: { address: '127.0.0.1' } }]);
    expect(emails.map((email) => [email.kind, email.recipient, email.subject])).toEqual([['two-factor-on', customer.email, 'Padma Bank: two-step verification was turned on']]);
    expect(emails[0]?.body).toContain('If it was not you, someone knows your password');
  });

  it('ends every password-only session, even those whose sign-in raced the confirmation (50 at once)', async () => {
    const customer = await registerCustomer(harness.app);
    const started = (await post('/api/auth/two-factor/enable', customer.cookie, { password: customer.password })).json() as { secret: string };
    const authenticator: Authenticator = { secret: started.secret, lastStep: 0 };
    const code = await freshTotpCode(authenticator);
    // The confirmation starts first; once it has spent the code, the fifty sign-ins start: they
    // read the user (two-step still off) before the confirmation commits, and store their sessions
    // after it, their password hashes taking turns in Node's thread pool. (Before session
    // generations, this arrangement left sessions alive in about half the runs on PostgreSQL.)
    const confirming = post('/api/auth/two-factor/verify-totp', customer.cookie, { code });
    await untilCodeSpent(customer.userId);
    const signIns = Array.from({ length: 50 }, (_, index) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: `10.9.0.${index + 1}`,
        payload: { email: customer.email, password: customer.password },
        headers: { origin: harness.app.services.publicUrl },
      }),
    );
    const confirmed = await confirming;
    expect(confirmed.statusCode).toBe(200);
    const racing = (await Promise.all(signIns)).map((answer) => cookieFrom(answer.headers['set-cookie'])).filter((cookie) => /session_token=[^;]/.test(cookie));
    const guarded = await Promise.all(racing.map((cookie) => call(harness.app, 'GET', '/api/notifications/unread-count', cookie)));
    // Every session still working passed a code: the confirming one (replaced) and none of the racers.
    expect(guarded.map((answer) => answer.statusCode)).toEqual(racing.map(() => 401));
    const confirmedCookie = cookieFrom(confirmed.headers['set-cookie']);
    expect((await call(harness.app, 'GET', '/api/notifications/unread-count', confirmedCookie)).statusCode).toBe(200);
  }, 120_000);

  it('refuses enrolment without a session and answers 400 naming the field for bad input', async () => {
    expect((await post('/api/auth/two-factor/enable', undefined, { password: 'whatever it is' })).statusCode).toBe(401);
    const customer = await registerCustomer(harness.app);
    const missing = await post('/api/auth/two-factor/enable', customer.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.password).toBe('Password is required');
  });
});

describe('signing in with two-step verification', () => {
  it('asks for a code after the password, and signs in with it; the same code is refused a second time', async () => {
    const customer = await enrolledCustomer();
    const challenge = await passwordStep(customer.email, customer.password);
    const code = await freshTotpCode(customer.authenticator);
    const done = await post('/api/auth/two-factor/verify-totp', challenge, { code });
    expect(done.statusCode).toBe(200);
    const cookie = cookieFrom(done.headers['set-cookie']);
    expect(done.body).not.toContain('token');
    expect((await sessionOf(cookie))?.user.twoFactorEnabled).toBe(true);

    // Someone who saw the code (over a shoulder, in a log) and knows the password cannot use it again.
    const replayChallenge = await passwordStep(customer.email, customer.password);
    const replayed = await post('/api/auth/two-factor/verify-totp', replayChallenge, { code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.code).toBe('second_factor_code_used');
    expect(replayed.json().error.message).toBe('That code was already used. Wait for the next code in your authenticator app.');
    expect(replayed.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/);
  });

  it('signs in with a recovery code once; the code then no longer works', async () => {
    const customer = await enrolledCustomer();
    const [recovery] = customer.recoveryCodes;
    const challenge = await passwordStep(customer.email, customer.password);
    const malformed = await post('/api/auth/two-factor/verify-backup-code', challenge, { code: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.code).toMatch(/recovery code/);
    const done = await post('/api/auth/two-factor/verify-backup-code', challenge, { code: recovery });
    expect(done.statusCode).toBe(200);
    expect((await sessionOf(cookieFrom(done.headers['set-cookie'])))?.user.twoFactorEnabled).toBe(true);
    const second = await post('/api/auth/two-factor/verify-backup-code', await passwordStep(customer.email, customer.password), { code: recovery });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.code).toBe('invalid_recovery_code');
  });

  it('refuses a code without a password step first', async () => {
    const refused = await post('/api/auth/two-factor/verify-totp', undefined, { code: '123456' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('sign_in_expired');
    const forged = await post('/api/auth/two-factor/verify-totp', 'better-auth.two_factor=2fa-abc.forged', { code: '123456' });
    expect(forged.statusCode).toBe(401);
  });

  it('throttles wrong codes: the sixth try in a quarter hour is refused even with the right code', async () => {
    const customer = await enrolledCustomer();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const challenge = await passwordStep(customer.email, customer.password);
      statuses.push((await post('/api/auth/two-factor/verify-totp', challenge, { code: wrongTotpCode(customer.authenticator) })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const challenge = await passwordStep(customer.email, customer.password);
    const throttled = await post('/api/auth/two-factor/verify-totp', challenge, { code: await freshTotpCode(customer.authenticator) });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeTruthy();
  });

  it('lets one of fifty sign-ins with the same recovery code through', async () => {
    const customer = await enrolledCustomer();
    const [recovery] = customer.recoveryCodes;
    // Fifty sign-ins that passed the password, from fifty addresses (the password throttle counts those in flight per address).
    const challenges = await Promise.all(Array.from({ length: 50 }, (_, index) => passwordStep(customer.email, customer.password, `10.7.0.${index + 1}`)));
    const answers = await Promise.all(challenges.map((challenge) => post('/api/auth/two-factor/verify-backup-code', challenge, { code: recovery })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => status === 200 || status === 400 || status === 429)).toBe(true);
  }, 180_000);
});

/** A code sent to finish a sign-in, from `remoteAddress`. */
const codeFrom = (remoteAddress: string, challenge: string, code: string) =>
  harness.app.inject({ method: 'POST', url: '/api/auth/two-factor/verify-totp', remoteAddress, payload: { code }, headers: { origin: harness.app.services.publicUrl, cookie: challenge } });

/** A customer with two-step verification who signed in from `home` before: the bank knows that device. */
async function customerAtHome(home: string) {
  const customer = await registerCustomer(harness.app);
  const before = await harness.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: home,
    payload: { email: customer.email, password: customer.password },
    headers: { origin: harness.app.services.publicUrl },
  });
  expect(before.statusCode).toBe(200);
  return { ...customer, ...(await enrolTwoFactor(harness.app, customer.cookie, customer.password)) };
}

async function throttleNotices(userId: string) {
  const notes = await harness.database.db.select().from(schema.notification).where(eq(schema.notification.userId, userId));
  const mails = await emailsTo(harness.database.db, userId);
  return { notes: notes.filter((note) => note.kind === 'second-factor-throttled'), mails: mails.filter((mail) => mail.kind === 'second-factor-throttled') };
}

describe('the second-factor throttle', () => {
  it('stops an attacker’s address without locking the owner out, and tells the owner once', async () => {
    const owner = await customerAtHome('10.40.1.7');
    const attacker = '10.66.1.1';
    const challenge = await passwordStep(owner.email, owner.password, attacker);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await codeFrom(attacker, challenge, wrongTotpCode(owner.authenticator))).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    expect((await codeFrom(attacker, challenge, wrongTotpCode(owner.authenticator))).statusCode).toBe(429);
    // Even the right code: that address is stopped for this account.
    expect((await codeFrom(attacker, challenge, unspentTotpCode(owner.authenticator))).statusCode).toBe(429);
    // The owner signs in with the right code from another address, even one new to the bank.
    const elsewhere = '10.88.1.1';
    const signedIn = await codeFrom(elsewhere, await passwordStep(owner.email, owner.password, elsewhere), await freshTotpCode(owner.authenticator));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { notes, mails } = await throttleNotices(owner.userId);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.params).toMatchObject({ address: attacker, scope: 'address' });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Padma Bank: we stopped repeated wrong codes for your account');
    expect(mails[0]?.body).toContain(`internet address ${attacker}`);
    expect(mails[0]?.body).toContain('someone knows your password');
  });

  it('checks at most the allowance of fifty wrong codes at once from fifty places, and the owner’s own device still signs in', async () => {
    const owner = await customerAtHome('10.41.1.7');
    const challenge = await passwordStep(owner.email, owner.password, '10.67.0.1');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => codeFrom(`10.67.${index + 1}.9`, challenge, wrongTotpCode(owner.authenticator))));
    const statuses = answers.map((answer) => answer.statusCode);
    // Places new to the owner share ten failures an hour; everything past them is refused unchecked.
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    const late = await codeFrom('10.89.1.1', await passwordStep(owner.email, owner.password, '10.89.1.1'), unspentTotpCode(owner.authenticator));
    expect(late.statusCode).toBe(429);
    const home = await codeFrom('10.41.1.7', await passwordStep(owner.email, owner.password, '10.41.1.7'), await freshTotpCode(owner.authenticator));
    expect(home.statusCode, home.body).toBe(200);
    const { notes, mails } = await throttleNotices(owner.userId);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.params).toMatchObject({ scope: 'new-places' });
    expect(mails).toHaveLength(1);
  }, 120_000);

  it('stops one address trying codes on many people’s accounts, and nobody is locked out elsewhere', async () => {
    const spray = '10.68.1.1';
    const targets = await Promise.all(Array.from({ length: 5 }, () => enrolledCustomer()));
    for (const target of targets.slice(0, 4)) {
      const challenge = await passwordStep(target.email, target.password, spray);
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await codeFrom(spray, challenge, wrongTotpCode(target.authenticator))).statusCode).toBe(400);
    }
    const last = targets[4]!;
    const refused = await codeFrom(spray, await passwordStep(last.email, last.password, spray), unspentTotpCode(last.authenticator));
    expect(refused.statusCode).toBe(429);
    const elsewhere = await codeFrom('10.90.1.1', await passwordStep(last.email, last.password, '10.90.1.1'), await freshTotpCode(last.authenticator));
    expect(elsewhere.statusCode).toBe(200);
    // The count of one address across people tells nobody: it would write to everyone on an attacker's list.
    expect((await throttleNotices(last.userId)).notes).toEqual([]);
  }, 120_000);
});

describe('managing two-step verification', () => {
  it('replaces the recovery codes with the password and a fresh code; the old ones stop working', async () => {
    const customer = await enrolledCustomer();
    const missingCode = await post('/api/auth/two-factor/generate-backup-codes', customer.cookie, { password: customer.password });
    expect(missingCode.statusCode).toBe(400);
    expect(missingCode.json().error.fields.code).toBe('Code is required');
    const renewed = await post('/api/auth/two-factor/generate-backup-codes', customer.cookie, { password: customer.password, code: await freshTotpCode(customer.authenticator) });
    expect(renewed.statusCode).toBe(200);
    const { recoveryCodes } = renewed.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    const old = await post('/api/auth/two-factor/verify-backup-code', await passwordStep(customer.email, customer.password), { code: customer.recoveryCodes[0] });
    expect(old.statusCode).toBe(400);
    const fresh = await post('/api/auth/two-factor/verify-backup-code', await passwordStep(customer.email, customer.password), { code: recoveryCodes[0] });
    expect(fresh.statusCode).toBe(200);
    const { notifications, emails } = await noticesOf(customer.userId);
    expect(notifications.map((notification) => notification.kind)).toEqual(['two-factor-on', 'recovery-codes-renewed']);
    expect(emails.map((email) => email.kind)).toEqual(['two-factor-on', 'recovery-codes-renewed']);
    expect(emails[1]?.subject).toBe('Padma Bank: new recovery codes were made');
  });

  it('turns off for a customer with the password and a current code', async () => {
    const customer = await enrolledCustomer();
    const wrongCode = await post('/api/auth/two-factor/disable', customer.cookie, { password: customer.password, code: wrongTotpCode(customer.authenticator) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.fields.code).toBeTruthy();
    const off = await post('/api/auth/two-factor/disable', customer.cookie, { password: customer.password, code: await freshTotpCode(customer.authenticator) });
    expect(off.statusCode).toBe(200);
    const [row] = await harness.database.db.select({ on: schema.user.twoFactorEnabled }).from(schema.user).where(eq(schema.user.email, customer.email));
    expect(row?.on).toBe(false);
    const plain = await signIn(harness.app, customer.email, customer.password);
    expect(plain.json()).not.toHaveProperty('twoFactorRedirect');
    const { notifications, emails } = await noticesOf(customer.userId);
    expect(notifications.map((notification) => notification.kind)).toEqual(['two-factor-on', 'two-factor-off']);
    expect(emails.map((email) => [email.kind, email.subject])).toEqual([
      ['two-factor-on', 'Padma Bank: two-step verification was turned on'],
      ['two-factor-off', 'Padma Bank: two-step verification was turned off'],
    ]);
    expect(emails[1]?.body).toContain('If it was not you, change your password at once');
  });
});

describe('replacing the authenticator app', () => {
  it('refuses without the password and a valid code of the current app, and changes nothing', async () => {
    const customer = await enrolledCustomer();
    const before = await storedFactorOf(customer.userId);
    const attempts = [
      { payload: { password: customer.password, code: wrongTotpCode(customer.authenticator) }, code: 'invalid_second_factor_code', field: 'code' },
      { payload: { password: customer.password, code: 'abcde-12345' }, code: 'invalid_recovery_code', field: 'code' },
      { payload: { password: 'not my password at all', code: await freshTotpCode(customer.authenticator) }, code: 'invalid_password', field: 'password' },
      { payload: { password: customer.password, code: '12ab' }, code: 'validation_error', field: 'code' },
      { payload: { password: customer.password }, code: 'validation_error', field: 'code' },
    ];
    for (const attempt of attempts) {
      const refused = await post('/api/auth/two-factor/replace', customer.cookie, attempt.payload);
      expect(refused.statusCode, JSON.stringify(attempt.payload)).toBe(400);
      expect(refused.json().error.fields[attempt.field]).toBeTruthy();
      if (attempt.code !== 'validation_error') expect(refused.json().error.code).toBe(attempt.code);
    }
    expect((await post('/api/auth/two-factor/replace', undefined, { password: customer.password, code: '123456' })).statusCode).toBe(401);
    // Nothing waits to be confirmed, the app is the same, and nobody was told of a change.
    expect(await storedFactorOf(customer.userId)).toEqual(before);
    expect((await post('/api/auth/two-factor/confirm-replacement', customer.cookie, { code: '123456' })).json().error.code).toBe('no_replacement_waiting');
    expect((await noticesOf(customer.userId)).notifications.map((notification) => notification.kind)).toEqual(['two-factor-on']);
    // Without an app there is nothing to replace: enrolment is the way.
    const plain = await registerCustomer(harness.app);
    expect((await post('/api/auth/two-factor/replace', plain.cookie, { password: plain.password, code: '123456' })).statusCode).toBe(409);
  });

  it('keeps the current app until the new one’s first code, which ends every other session and tells the owner', async () => {
    const customer = await enrolledCustomer();
    // Another device signed in (with a recovery code, which leaves the app's next code for the replacement).
    const elsewhereSignIn = await post('/api/auth/two-factor/verify-backup-code', await passwordStep(customer.email, customer.password), { code: customer.recoveryCodes[1] });
    const elsewhere = cookieFrom(elsewhereSignIn.headers['set-cookie']);
    const before = await storedFactorOf(customer.userId);
    const started = await post('/api/auth/two-factor/replace', customer.cookie, { password: customer.password, code: await freshTotpCode(customer.authenticator) });
    expect(started.statusCode).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const body = started.json() as { secret: string; otpauthUri: string; qrModules: string[]; recoveryCodes: string[] };
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Padma%20Bank:/);
    expect(body.otpauthUri).toContain(`secret=${body.secret}`);
    expect(body.recoveryCodes).toHaveLength(10);
    // Until confirmed, the current app is the one in force, and every session goes on.
    expect((await storedFactorOf(customer.userId))?.secret).toBe(before?.secret);
    expect((await call(harness.app, 'GET', '/api/notifications/unread-count', elsewhere)).statusCode).toBe(200);
    const newApp: Authenticator = { secret: body.secret, lastStep: 0 };
    const wrong = await post('/api/auth/two-factor/confirm-replacement', customer.cookie, { code: wrongTotpCode(newApp) });
    expect(wrong.statusCode).toBe(400);
    expect((await storedFactorOf(customer.userId))?.secret).toBe(before?.secret);

    const confirmed = await post('/api/auth/two-factor/confirm-replacement', customer.cookie, { code: await freshTotpCode(newApp) });
    expect(confirmed.statusCode).toBe(200);
    const kept = cookieFrom(confirmed.headers['set-cookie']);
    expect((await call(harness.app, 'GET', '/api/notifications/unread-count', kept)).statusCode).toBe(200);
    // Every other session ended with the change, the confirming one's old token too.
    expect((await call(harness.app, 'GET', '/api/notifications/unread-count', elsewhere)).statusCode).toBe(401);
    expect((await call(harness.app, 'GET', '/api/notifications/unread-count', customer.cookie)).statusCode).toBe(401);
    expect(await storedFactorOf(customer.userId)).toMatchObject({ replacement: null });
    // The new app signs in; the old recovery codes no longer do, the new ones do.
    await signInWithCode(harness.app, customer.email, customer.password, newApp);
    expect((await post('/api/auth/two-factor/verify-backup-code', await passwordStep(customer.email, customer.password), { code: customer.recoveryCodes[0] })).statusCode).toBe(400);
    expect((await post('/api/auth/two-factor/verify-backup-code', await passwordStep(customer.email, customer.password), { code: body.recoveryCodes[0] })).statusCode).toBe(200);
    const { notifications, emails } = await noticesOf(customer.userId);
    expect(notifications.map((notification) => notification.kind)).toEqual(['two-factor-on', 'two-factor-replaced']);
    expect(emails.map((email) => [email.kind, email.subject])).toEqual([
      ['two-factor-on', 'Padma Bank: two-step verification was turned on'],
      ['two-factor-replaced', 'Padma Bank: your authenticator app was replaced'],
    ]);
    expect(emails[1]?.body).toContain('If it was not you, someone knows your password and had a code from your app');
  });

  it('starts with a recovery code when the phone is lost; that code is then spent', async () => {
    const customer = await enrolledCustomer();
    const [recovery] = customer.recoveryCodes;
    const started = await post('/api/auth/two-factor/replace', customer.cookie, { password: customer.password, code: recovery });
    expect(started.statusCode).toBe(200);
    const again = await post('/api/auth/two-factor/replace', customer.cookie, { password: customer.password, code: recovery });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_recovery_code');
  });
});

describe('the code itself', () => {
  it('is the RFC 6238 code of the secret shown, as any authenticator app computes it', async () => {
    const customer = await registerCustomer(harness.app);
    const started = (await post('/api/auth/two-factor/enable', customer.cookie, { password: customer.password })).json() as { secret: string };
    const code = hotpCode(base32Decode(started.secret), timeStepAt(testAuthenticatorTime.now()));
    expect((await post('/api/auth/two-factor/verify-totp', customer.cookie, { code })).statusCode).toBe(200);
  });
});
