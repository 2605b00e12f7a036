import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staffRole } from '../../../shared/constants';
import { schema } from '../../db/client';
import { call } from '../../test-support/banking';
import { buildTestInstance, cookieFrom, registerCustomer, signIn, signInStaff, type TestApp } from '../../test-support/test-app';
import { enrolTwoFactor, signInWithCode } from '../../test-support/two-factor';
import { createTestDatabase } from '../../test-support/test-database';
import { announceGeneratedStaff, bootstrapStaff, generatedStaffEmail, staffCredentialsFile } from './staff-bootstrap';

/** An app on an empty database: no staff user, unlike createTestApp's. */
async function createEmptyApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-bootstrap-'));
  const app = await buildTestInstance(database, dataDir);
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let harness: TestApp;
beforeEach(async () => {
  harness = await createEmptyApp();
});
afterEach(async () => harness.close());

async function staffUsers() {
  return harness.database.db.select().from(schema.user).where(eq(schema.user.role, staffRole));
}

async function credentialAccounts(userId: string) {
  return harness.database.db.select().from(schema.account).where(eq(schema.account.userId, userId));
}

/** Signs in and proves the session is a staff one by calling a staff-only endpoint. */
/** Signs in as staff do: the password, then (after enrolling an authenticator app on first sign-in) a code. */
async function expectStaffSignIn(email: string, password: string): Promise<void> {
  const cookie = await signInStaff(harness.app, { email, password });
  const session = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  expect(session.json().user).toMatchObject({ email: email.toLowerCase(), role: staffRole });
  expect((await call(harness.app, 'GET', '/api/allUsers', cookie)).statusCode).toBe(200);
}

describe('bootstrapStaff without STAFF_EMAIL and STAFF_PASSWORD', () => {
  it('creates staff@bank.local with a random password written once to a 0600 file', async () => {
    expect(await staffUsers()).toEqual([]);
    const result = await bootstrapStaff(harness.database.db, harness.app.services.auth, { dataDir: harness.dataDir });
    const credentialsPath = path.join(harness.dataDir, staffCredentialsFile);
    expect(result).toEqual({ email: generatedStaffEmail, generatedPassword: expect.any(String), credentialsPath });
    expect(generatedStaffEmail).toBe('staff@bank.local');

    expect(fs.statSync(credentialsPath).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(credentialsPath, 'utf8');
    expect(text).toContain(`email: ${generatedStaffEmail}`);
    const password = /^password: (\S+)$/m.exec(text)?.[1] ?? '';
    expect(password).toBe(result?.generatedPassword);
    expect(password.length).toBeGreaterThanOrEqual(16);

    const staff = await staffUsers();
    expect(staff.map((user) => user.email)).toEqual([generatedStaffEmail]);
    expect(staff[0]?.mustChangePassword).toBe(true);
    expect((await signIn(harness.app, generatedStaffEmail, `${password}x`)).statusCode).toBe(401);
  });

  it('makes the first sign-in with the generated password set a new one, then removes the file', async () => {
    const result = await bootstrapStaff(harness.database.db, harness.app.services.auth, { dataDir: harness.dataDir });
    const generated = result?.generatedPassword ?? '';
    const signedIn = await signIn(harness.app, generatedStaffEmail, generated);
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieFrom(signedIn.headers['set-cookie']);
    const session = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json().user).toMatchObject({ role: staffRole, mustChangePassword: true });
    const blocked = await call(harness.app, 'GET', '/api/allUsers', cookie);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('password_change_required');

    const change = (body: Record<string, unknown>) => call(harness.app, 'POST', '/api/auth/change-password', cookie, body);
    const weak = await change({ currentPassword: generated, newPassword: 'password1234' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.newPassword).toBeTruthy();
    const wrong = await change({ currentPassword: `${generated}x`, newPassword: 'tea gardens of srimangal at dawn' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBe('The current password is not correct');
    expect((await change({ currentPassword: generated, newPassword: generated })).json().error.fields.newPassword).toMatch(/differ/);
    expect(fs.existsSync(result?.credentialsPath ?? '')).toBe(true);

    const changed = await change({ currentPassword: generated, newPassword: 'tea gardens of srimangal at dawn' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(fs.existsSync(result?.credentialsPath ?? '')).toBe(false);
    const [stored] = await staffUsers();
    expect(stored?.mustChangePassword).toBe(false);
    const [audit] = await harness.database.db.select().from(schema.auditEvent).where(eq(schema.auditEvent.action, 'user.password_change'));
    expect(audit).toMatchObject({ actorUserId: stored?.id, subjectId: stored?.id, detail: expect.objectContaining({ forced: true }) });
    // The session that changed it goes on under a new cookie, and must now set up an authenticator
    // app before anything else; the generated password is dead.
    const renewed = cookieFrom(changed.headers['set-cookie']);
    const notYet = await call(harness.app, 'GET', '/api/allUsers', renewed);
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json().error.code).toBe('two_factor_setup_required');
    const enrolled = await enrolTwoFactor(harness.app, renewed, 'tea gardens of srimangal at dawn');
    expect((await call(harness.app, 'GET', '/api/allUsers', enrolled.cookie)).statusCode).toBe(200);
    expect((await signIn(harness.app, generatedStaffEmail, generated)).statusCode).toBe(401);
    const again = await signInWithCode(harness.app, generatedStaffEmail, 'tea gardens of srimangal at dawn', enrolled.authenticator);
    expect((await call(harness.app, 'GET', '/api/allUsers', again)).statusCode).toBe(200);
  });

  it('prints the generated password only to a terminal; a collected log names the file instead', () => {
    const result = { email: generatedStaffEmail, generatedPassword: 'Zq3-secret-generated', credentialsPath: '/srv/bank/data/staff-credentials.txt' };
    expect(announceGeneratedStaff(result, true)).toContain('Zq3-secret-generated');
    const logged = announceGeneratedStaff(result, false) ?? '';
    expect(logged).not.toContain('Zq3-secret-generated');
    expect(logged).toContain('/srv/bank/data/staff-credentials.txt');
    expect(logged).toMatch(/must set a new password/);
    expect(announceGeneratedStaff({ email: 'ops@bank.example' }, true)).toBeUndefined();
  });

  it('writes the file even when DATA_DIR does not exist yet', async () => {
    const dataDir = path.join(harness.dataDir, 'not', 'yet', 'there');
    const result = await bootstrapStaff(harness.database.db, harness.app.services.auth, { dataDir });
    expect(result?.credentialsPath).toBe(path.join(dataDir, staffCredentialsFile));
    expect(fs.statSync(path.join(dataDir, staffCredentialsFile)).mode & 0o777).toBe(0o600);
  });

  it('is harmless the second time: no new user, no new password, the file untouched', async () => {
    const first = await bootstrapStaff(harness.database.db, harness.app.services.auth, { dataDir: harness.dataDir });
    const credentialsPath = path.join(harness.dataDir, staffCredentialsFile);
    const text = fs.readFileSync(credentialsPath, 'utf8');

    expect(await bootstrapStaff(harness.database.db, harness.app.services.auth, { dataDir: harness.dataDir })).toBeUndefined();
    expect(fs.readFileSync(credentialsPath, 'utf8')).toBe(text);
    // Even with the file gone (an operator read and deleted it), no new password is made.
    fs.rmSync(credentialsPath);
    expect(await bootstrapStaff(harness.database.db, harness.app.services.auth, { dataDir: harness.dataDir })).toBeUndefined();
    expect(fs.existsSync(credentialsPath)).toBe(false);

    expect(await staffUsers()).toHaveLength(1);
    expect((await signIn(harness.app, generatedStaffEmail, first?.generatedPassword ?? '')).statusCode).toBe(200);
  });

  it('creates nothing when the database already has a staff user', async () => {
    await bootstrapStaff(harness.database.db, harness.app.services.auth, { staffEmail: 'manager@bank.test', staffPassword: 'manager passphrase for tests', dataDir: harness.dataDir });
    expect(await bootstrapStaff(harness.database.db, harness.app.services.auth, { dataDir: harness.dataDir })).toBeUndefined();
    expect((await staffUsers()).map((user) => user.email)).toEqual(['manager@bank.test']);
    expect(fs.existsSync(path.join(harness.dataDir, staffCredentialsFile))).toBe(false);
  });
});

describe('bootstrapStaff with STAFF_EMAIL and STAFF_PASSWORD', () => {
  const staffPassword = 'new staff passphrase 2026';

  it('promotes an existing customer and sets their password, and writes no file', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Farhana Akter' });
    const result = await bootstrapStaff(harness.database.db, harness.app.services.auth, { staffEmail: customer.email.toUpperCase(), staffPassword, dataDir: harness.dataDir });
    expect(result).toEqual({ email: customer.email.toUpperCase() });
    expect(fs.existsSync(path.join(harness.dataDir, staffCredentialsFile))).toBe(false);

    const staff = await staffUsers();
    expect(staff).toHaveLength(1);
    // The same user, promoted: not a second one, and the profile kept.
    expect(staff[0]).toMatchObject({ id: customer.userId, email: customer.email, name: 'Farhana Akter', image: customer.image, banned: false });
    expect(await credentialAccounts(customer.userId)).toHaveLength(1);

    expect((await signIn(harness.app, customer.email, customer.password)).statusCode).toBe(401);
    await expectStaffSignIn(customer.email, staffPassword);
  });

  it('is harmless the second time', async () => {
    const customer = await registerCustomer(harness.app);
    const options = { staffEmail: customer.email, staffPassword, dataDir: harness.dataDir };
    await bootstrapStaff(harness.database.db, harness.app.services.auth, options);
    await bootstrapStaff(harness.database.db, harness.app.services.auth, options);
    expect((await staffUsers()).map((user) => user.id)).toEqual([customer.userId]);
    expect(await credentialAccounts(customer.userId)).toHaveLength(1);
    expect(await harness.database.db.select().from(schema.user)).toHaveLength(1);
    await expectStaffSignIn(customer.email, staffPassword);
  });

  it('creates the staff user when no one has that e-mail', async () => {
    const result = await bootstrapStaff(harness.database.db, harness.app.services.auth, { staffEmail: 'Head.Office@Bank.test', staffPassword, dataDir: harness.dataDir });
    expect(result).toEqual({ email: 'Head.Office@Bank.test' });
    expect((await staffUsers()).map((user) => user.email)).toEqual(['head.office@bank.test']);
    await expectStaffSignIn('head.office@bank.test', staffPassword);
  });

  it('gives a password to a user who had none, and re-enables a disabled one', async () => {
    await harness.database.db.insert(schema.user).values({ id: 'legacy-user-1', name: 'Legacy Officer', email: 'legacy@bank.test', banned: true, banReason: 'Deleted by staff' });
    await bootstrapStaff(harness.database.db, harness.app.services.auth, { staffEmail: 'legacy@bank.test', staffPassword, dataDir: harness.dataDir });
    expect((await staffUsers())[0]).toMatchObject({ id: 'legacy-user-1', banned: false, banReason: null });
    expect((await credentialAccounts('legacy-user-1')).map((account) => account.providerId)).toEqual(['credential']);
    await expectStaffSignIn('legacy@bank.test', staffPassword);
  });
});
