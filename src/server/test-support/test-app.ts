import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type AppOptions } from '../app';
import type { DatabaseHandle } from '../db/client';
import type { PaymentsClock } from '../modules/payments/payment-orders';
import { catalogueSeed } from '../modules/catalogue/catalogue-seed';
import { seedCatalogue } from '../modules/catalogue/catalogue.repository';
import { bootstrapStaff, staffCredentialsPathIn } from '../modules/users/staff-bootstrap';
import { createTestDatabase } from './test-database';
import { testPasswordHashing } from './test-password-hashing';
import { enrolTwoFactor, signInWithCode, testAuthenticatorTime, type Authenticator } from './two-factor';

export const testPublicUrl = 'http://localhost:3000';
export const staffCredentials = { email: 'staff@bank.test', password: 'staff passphrase for tests 2026' };

/** A tiny valid PNG (1×1 pixel), for uploads. */
export const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The secret test instances sign sessions with. */
export const testAuthSecret = 'test-secret-that-is-long-enough-for-better-auth-0123456789';

export type TestApp = {
  app: App;
  database: DatabaseHandle;
  dataDir: string;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Hash passwords as the server does (better-auth's scrypt at full cost) rather than the suite's cheaper scrypt. */
  productionPasswordHashing?: boolean;
  webRoot?: string;
  rateLimitMultiplier?: number;
  publicUrl?: string;
  uploadStore?: 'disk' | 'database';
  trustProxy?: false | number | string[];
  metricsToken?: string;
  /** Another server secret than the one every other test instance has (an instance set up differently). */
  authSecret?: string;
  /**
   * The embedded clearing house: by default it starts on first use, in memory, and neither it nor
   * the outbox's worker runs on a timer (a test calls `drainClearing` and `house.tick()`).
   */
  clearing?: AppOptions['clearing'];
  /** A clearing house elsewhere (`CLEARING_URL` and `CLEARING_KEY`) instead of the embedded one: the payments benchmark's separate process. */
  clearingUrl?: string;
  clearingKey?: string;
  /** The bank's time for payments: a test of the rails' hours fixes it. */
  paymentsClock?: PaymentsClock;
};

/** A test instance's clearing house: it starts in memory when first needed, and nothing runs on a timer. */
const testClearing: NonNullable<AppOptions['clearing']> = { startEmbedded: 'on-first-use', workerIntervalMs: false, embeddedTickMs: false };

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedCatalogue(database.db, catalogueSeed);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-test-'));
  const app = await buildTestInstance(database, dataDir, options);
  await bootstrapStaff(database.db, app.services.auth, { ...{ staffEmail: staffCredentials.email, staffPassword: staffCredentials.password }, dataDir });
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

/** One server instance on `database`; a second call gives a second instance behind the same database. */
export function buildTestInstance(database: DatabaseHandle, dataDir: string, options: TestAppOptions = {}): Promise<App> {
  return buildApp({
    config: {
      publicUrl: options.publicUrl ?? testPublicUrl,
      rateLimitMultiplier: options.rateLimitMultiplier ?? 1,
      logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
      trustProxy: options.trustProxy ?? false,
      nodeEnv: 'test',
      clearingUrl: options.clearingUrl,
      clearingKey: options.clearingKey,
    },
    db: database.db,
    batchDb: database.batchDb,
    authSecret: options.authSecret ?? testAuthSecret,
    uploadsDir: path.join(dataDir, 'uploads'),
    uploadStore: options.uploadStore,
    webRoot: options.webRoot,
    staffCredentialsPath: staffCredentialsPathIn(dataDir),
    metricsToken: options.metricsToken,
    poolStats: database.poolStats,
    clearing: { ...testClearing, ...options.clearing },
    paymentsClock: options.paymentsClock,
    passwordHashing: options.productionPasswordHashing ? undefined : testPasswordHashing,
    authenticatorTime: testAuthenticatorTime.now,
  });
}

/** Multipart body for POST /api/images. */
export function multipartImage(bytes: Buffer, fields: Record<string, string> = {}, fileName = 'photo.png') {
  const boundary = `----bank-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`));
  chunks.push(bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function cookieFrom(setCookie: string | string[] | undefined): string {
  const values = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return values.map((value) => value.split(';')[0]).join('; ');
}

export async function uploadAvatar(app: App, cookie?: string): Promise<string> {
  const { payload, headers } = multipartImage(onePixelPng);
  const response = await app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { url: string } }).data.url;
}

let userCounter = 0;

/** Registers a customer through the real endpoints and answers the session cookie. */
export async function registerCustomer(app: App, overrides: { email?: string; name?: string; password?: string } = {}) {
  userCounter += 1;
  const email = overrides.email ?? `customer${userCounter}.${Date.now()}@example.com`;
  const password = overrides.password ?? 'a long customer passphrase 42';
  const image = await uploadAvatar(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name: overrides.name ?? 'Rahima Khatun', email, password, image },
    headers: { origin: app.services.publicUrl },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { user: { id: string } };
  return { cookie: cookieFrom(response.headers['set-cookie']), email, password, userId: body.user.id, image };
}

export async function signIn(app: App, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers: { origin: app.services.publicUrl } });
}

/** The staff members' authenticator apps, by e-mail: enrolled by `signInStaff` on first use. */
const staffAuthenticators = new Map<string, Authenticator>();
/** Staff sessions already made, by server and e-mail: each sign-in spends a 30-second code, so a live one is reused. */
const staffSessions = new Map<string, string>();

/** Who each staff session `signInStaff` made belongs to, by cookie: for the step-up code of a request sent with it. */
const staffOfCookie = new Map<string, string>();

/** The authenticator app of the staff member whose session `cookie` is, when `signInStaff` made it. */
export function staffAuthenticatorOfCookie(cookie: string): Authenticator | undefined {
  const email = staffOfCookie.get(cookie);
  return email === undefined ? undefined : staffAuthenticators.get(email);
}

/** The authenticator app of a staff member `signInStaff` signed in (for step-up codes). */
export function staffAuthenticator(email = staffCredentials.email): Authenticator {
  const authenticator = staffAuthenticators.get(email.toLowerCase());
  if (!authenticator) throw new Error(`no authenticator for ${email}: sign in with signInStaff first`);
  return authenticator;
}

async function stillSignedIn(app: App, cookie: string): Promise<boolean> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  return response.statusCode === 200 && response.body !== 'null' && response.body !== '';
}

/**
 * A staff session as the bank requires it: password, then a code from the authenticator app (a
 * real TOTP computation). A staff member who has no app yet (a fresh database) is enrolled first,
 * through the same endpoints the web app uses. A session this helper made and that is still live
 * is reused.
 */
export async function signInStaff(app: App, person: { email: string; password: string } = staffCredentials): Promise<string> {
  const email = person.email.toLowerCase();
  const cacheKey = `${app.services.publicUrl} ${email}`;
  const cached = staffSessions.get(cacheKey);
  if (cached && (await stillSignedIn(app, cached))) return cached;
  const response = await signIn(app, person.email, person.password);
  if (response.statusCode !== 200) throw new Error(`staff sign-in failed: ${response.statusCode} ${response.body}`);
  let cookie: string;
  if ((response.json() as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
    cookie = await signInWithCode(app, person.email, person.password, staffAuthenticator(email));
  } else {
    const enrolment = await enrolTwoFactor(app, cookieFrom(response.headers['set-cookie']), person.password);
    staffAuthenticators.set(email, enrolment.authenticator);
    cookie = enrolment.cookie;
  }
  staffSessions.set(cacheKey, cookie);
  staffOfCookie.set(cookie, email);
  return cookie;
}
