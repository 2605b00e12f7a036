import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { staffRole } from '../../../shared/constants';
import { cookieFrom, createTestApp, multipartImage, onePixelPng, registerCustomer, signIn, signInStaff, testPublicUrl, uploadAvatar, type TestApp } from '../../test-support/test-app';
import { emailsTo } from '../../test-support/emails';
import { enrolTwoFactor } from '../../test-support/two-factor';
import type { Access } from '../../plugins/access-guard';

/**
 * Every route under /api/auth and the rule it declares: the two set-up exemptions (`setup`,
 * `public-with-setup-session`) are the ones decision 041 names. The documentation test below
 * checks that the server serves exactly these.
 */
const authRouteRules: Array<{ method: 'GET' | 'POST'; url: string; access: Access }> = [
  { method: 'POST', url: '/api/auth/sign-up/phone-code', access: 'public' },
  { method: 'POST', url: '/api/auth/sign-up/email', access: 'public' },
  { method: 'POST', url: '/api/auth/sign-in/email', access: 'public' },
  { method: 'GET', url: '/api/auth/get-session', access: 'public-with-setup-session' },
  { method: 'POST', url: '/api/auth/update-user', access: 'customer' },
  { method: 'POST', url: '/api/auth/change-password', access: 'setup' },
  { method: 'POST', url: '/api/auth/sign-out', access: 'public' },
  { method: 'POST', url: '/api/auth/sign-out-everywhere', access: 'customer' },
  { method: 'POST', url: '/api/auth/request-password-reset', access: 'public' },
  { method: 'POST', url: '/api/auth/reset-password', access: 'public' },
  { method: 'POST', url: '/api/auth/two-factor/enable', access: 'setup' },
  { method: 'POST', url: '/api/auth/two-factor/verify-totp', access: 'public-with-setup-session' },
  { method: 'POST', url: '/api/auth/two-factor/verify-backup-code', access: 'public' },
  { method: 'POST', url: '/api/auth/two-factor/generate-backup-codes', access: 'customer' },
  { method: 'POST', url: '/api/auth/two-factor/replace', access: 'customer' },
  { method: 'POST', url: '/api/auth/two-factor/confirm-replacement', access: 'customer' },
  { method: 'POST', url: '/api/auth/two-factor/disable', access: 'customer' },
];

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => harness.close());

const signUp = (payload: Record<string, unknown>) => harness.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload, headers: { origin: testPublicUrl } });

async function userCount(): Promise<number> {
  return (await harness.database.db.select({ id: schema.user.id }).from(schema.user)).length;
}

describe('registration', () => {
  it('signs the new user in, records the photo and claims the upload', async () => {
    const image = await uploadAvatar(harness.app);
    const response = await signUp({ name: 'Karim Uddin', email: 'Karim.Uddin@Example.com', password: 'monsoon evenings in sylhet', image });
    expect(response.statusCode).toBe(200);
    const cookie = cookieFrom(response.headers['set-cookie']);
    expect(response.headers['set-cookie']?.toString()).toMatch(/HttpOnly/i);
    const session = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json().user).toMatchObject({ email: 'karim.uddin@example.com', name: 'Karim Uddin', image, role: 'user' });
    const [upload] = await harness.database.db
      .select()
      .from(schema.upload)
      .where(eq(schema.upload.id, image.split('/').pop() ?? ''));
    expect(upload?.claimedAt).not.toBeNull();
    expect(upload?.ownerUserId).toBe(session.json().user.id);
  });

  it('refuses bad input with the field named and writes nothing', async () => {
    const before = await userCount();
    const image = await uploadAvatar(harness.app);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ email: 'a@example.com', password: 'long enough password 1', image }, 'name', /Name is required/],
      [{ name: 'A', email: 'a@example.com', password: 'long enough password 1', image }, 'name', /at least 2/],
      [{ name: 'Ab Cd', email: 'not-an-email', password: 'long enough password 1', image }, 'email', /valid email/],
      [{ name: 'Ab Cd', email: 'a@example.com', password: 'short', image }, 'password', /at least 12/],
      [{ name: 'Ab Cd', email: 'a@example.com', password: 'x'.repeat(129), image }, 'password', /at most 128/],
      [{ name: 'Ab Cd', email: 'a@example.com', password: 'qwerty123456', image }, 'password', /too easy to guess/],
      [{ name: 'Ab Cd', email: 'a@example.com', password: 'long enough password 1', image: 'https://evil.example/x.png' }, 'image', /not one of ours/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await signUp(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields[field]).toMatch(message);
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a photo someone else already uses, or one that does not exist', async () => {
    const existing = await registerCustomer(harness.app);
    for (const image of [existing.image, '/api/images/00000000-0000-4000-8000-000000000000']) {
      const response = await signUp({ name: 'Photo Thief', email: `thief${Date.now()}@example.com`, password: 'a long enough passphrase', image });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.image).toMatch(/upload the image again/);
    }
  });

  it('answers 422 for an email already registered', async () => {
    const existing = await registerCustomer(harness.app);
    const image = await uploadAvatar(harness.app);
    const response = await signUp({ name: 'Someone Else', email: existing.email, password: 'another long passphrase', image });
    expect(response.statusCode).toBe(422);
  });
});

describe('sign-in', () => {
  it('signs in, answers the session and signs out', async () => {
    const customer = await registerCustomer(harness.app);
    const response = await signIn(harness.app, customer.email.toUpperCase(), customer.password);
    expect(response.statusCode).toBe(200);
    const cookie = cookieFrom(response.headers['set-cookie']);
    const session = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json().user.email).toBe(customer.email);
    const signOut = await harness.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: testPublicUrl }, payload: {} });
    expect(signOut.statusCode).toBe(200);
    const after = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(after.json()).toBeNull();
  });

  it('refuses a wrong password with 401 and bad input with 400', async () => {
    const customer = await registerCustomer(harness.app);
    const wrong = await signIn(harness.app, customer.email, 'not the right password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
    const missing = await harness.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: customer.email }, headers: { origin: testPublicUrl } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.password).toBe('Password is required');
  });

  it('throttles after 10 failed sign-ins for one email, even with the right password', async () => {
    const customer = await registerCustomer(harness.app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(harness.app, customer.email, 'wrong password attempt')).statusCode).toBe(401);
    }
    const blocked = await signIn(harness.app, customer.email, customer.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error.code).toBe('too_many_requests');
    const other = await registerCustomer(harness.app);
    expect((await signIn(harness.app, other.email, other.password)).statusCode).toBe(200);
  });

  const signInFrom = (address: string, email: string, password: string) =>
    harness.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers: { origin: testPublicUrl }, remoteAddress: address });

  it('throttles failures per e-mail and address: guesses from elsewhere do not lock the owner out', async () => {
    const customer = await registerCustomer(harness.app);
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await signInFrom('203.0.113.9', customer.email, 'wrong password attempt')).statusCode).toBe(401);
    expect((await signInFrom('203.0.113.9', customer.email, customer.password)).statusCode).toBe(429);
    expect((await signInFrom('198.51.100.20', customer.email, customer.password)).statusCode).toBe(200);
  });

  it('throttles one address guessing at many people’s passwords after 50 failures', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => registerCustomer(harness.app)));
    let failures = 0;
    for (const person of people.slice(0, 5)) {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await signInFrom('203.0.113.50', person.email, 'wrong password attempt')).statusCode).toBe(401);
        failures += 1;
      }
    }
    expect(failures).toBe(50);
    const sixth = people[5];
    if (!sixth) throw new Error('six people');
    expect((await signInFrom('203.0.113.50', sixth.email, sixth.password)).statusCode).toBe(429);
    expect((await signInFrom('198.51.100.21', sixth.email, sixth.password)).statusCode).toBe(200);
    // Fifty password hashes one after another: under a minute on a quiet machine, not on a loaded one.
  }, 180_000);

  it('throttles one e-mail guessed at from many addresses once the hour’s allowance is spent', async () => {
    // A tenth of every allowance (10 per e-mail an hour), as RATE_LIMIT_MULTIPLIER allows: each
    // guess costs a password hash, and a hundred of them take a minute on a busy machine.
    const scaled = await createTestApp({ rateLimitMultiplier: 0.1 });
    try {
      const customer = await registerCustomer(scaled.app);
      const from = (address: string, password: string) =>
        scaled.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: customer.email, password }, headers: { origin: testPublicUrl }, remoteAddress: address });
      const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => from(`192.0.2.${index + 1}`, 'wrong password attempt')));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(401));
      expect((await from('198.51.100.22', customer.password)).statusCode).toBe(429);
      // The refusal checked no password, so it took nothing from the owner's own address.
      const counters = await scaled.database.db.execute<{ key: string; hits: number }>(sql`SELECT key, hits FROM rate_limit_counter WHERE key LIKE ${`%${customer.email}%`}`);
      const hitsOf = (key: string) => Number(counters.rows.find((row) => row.key === key)?.hits);
      expect(hitsOf(`sign-in-failure-email:${customer.email}`)).toBe(11);
      expect(hitsOf(`sign-in-failure:${customer.email} 198.51.100.22`)).toBe(0);
    } finally {
      await scaled.close();
    }
  });

  it('checks at most 10 passwords when 100 wrong ones arrive at once, and lets a good sign-in through without using the allowance', async () => {
    const customer = await registerCustomer(harness.app);
    for (let attempt = 0; attempt < 12; attempt += 1) expect((await signIn(harness.app, customer.email, customer.password)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 100 }, () => signIn(harness.app, customer.email, 'wrong password attempt')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
  });

  it('refuses a request from a foreign origin', async () => {
    const customer = await registerCustomer(harness.app);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: customer.email, password: customer.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('invalid_origin');
  });
});

describe('profile update', () => {
  it('changes the name and photo, refusing a photo that is not ours', async () => {
    const customer = await registerCustomer(harness.app);
    const image = await uploadAvatar(harness.app, customer.cookie);
    const update = (payload: Record<string, unknown>) => harness.app.inject({ method: 'POST', url: '/api/auth/update-user', payload, headers: { cookie: customer.cookie, origin: testPublicUrl } });
    expect((await update({ name: 'Renamed Person', image })).statusCode).toBe(200);
    const session = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: customer.cookie } });
    expect(session.json().user).toMatchObject({ name: 'Renamed Person', image });
    const foreign = await update({ image: 'https://tracker.example/pixel.png' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.image).toMatch(/not one of ours/);
    expect((await update({ name: 'X' })).json().error.fields.name).toMatch(/at least 2/);
  });
});

describe('password change', () => {
  it('needs the current password, follows the password policy, and signs out every other device', async () => {
    const customer = await registerCustomer(harness.app);
    const otherDevice = cookieFrom((await signIn(harness.app, customer.email, customer.password)).headers['set-cookie']);
    const change = (body: Record<string, unknown>, cookie = customer.cookie) =>
      harness.app.inject({ method: 'POST', url: '/api/auth/change-password', payload: body, headers: { cookie, origin: testPublicUrl } });
    expect((await change({ newPassword: 'boats on the buriganga river' })).json().error.fields.currentPassword).toBe('Current password is required');
    expect((await change({ currentPassword: customer.password, newPassword: 'boats on the buriganga river' }, '')).statusCode).toBe(401);
    const changed = await change({ currentPassword: customer.password, newPassword: 'boats on the buriganga river' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.body).not.toContain(decodeURIComponent(cookieFrom(changed.headers['set-cookie']).split('=')[1] ?? '').split('.')[0]);
    const renewed = cookieFrom(changed.headers['set-cookie']);
    expect((await harness.app.inject({ method: 'GET', url: '/api/userAccount', headers: { cookie: renewed } })).statusCode).toBe(200);
    expect((await harness.app.inject({ method: 'GET', url: '/api/userAccount', headers: { cookie: otherDevice } })).statusCode).toBe(401);
    expect((await signIn(harness.app, customer.email, customer.password)).statusCode).toBe(401);
    expect((await signIn(harness.app, customer.email, 'boats on the buriganga river')).statusCode).toBe(200);
    // The owner is told, once, from where: a change they did not make does not go unnoticed.
    const notices = await emailsTo(harness.database.db, customer.userId);
    expect(notices.map((notice) => notice.kind)).toEqual(['password-changed']);
    expect(notices[0]).toMatchObject({ recipient: customer.email, subject: 'Padma Bank: your password was changed' });
    expect(notices[0]?.body).toContain('127.0.0.1');
  });

  it('stores no notice when the change is refused', async () => {
    const customer = await registerCustomer(harness.app);
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'not my password at all', newPassword: 'boats on the buriganga river' },
      headers: { cookie: customer.cookie, origin: testPublicUrl },
    });
    expect(refused.statusCode).toBe(400);
    expect(await harness.database.db.select().from(schema.emailNotice).where(eq(schema.emailNotice.userId, customer.userId))).toEqual([]);
  });
});

describe('better-auth endpoints the product does not use', () => {
  it('answer 404 to staff and customers alike, and change nothing: no promotion, impersonation or hard delete around the audit trail', async () => {
    const staff = await signInStaff(harness.app);
    const customer = await registerCustomer(harness.app);
    const attempts: Array<[string, string, Record<string, unknown>]> = [
      [staff, '/api/auth/admin/set-role', { userId: customer.userId, role: 'staff' }],
      [staff, '/api/auth/admin/impersonate-user', { userId: customer.userId }],
      [staff, '/api/auth/admin/remove-user', { userId: customer.userId }],
      [staff, '/api/auth/admin/ban-user', { userId: customer.userId }],
      [staff, '/api/auth/admin/set-user-password', { userId: customer.userId, newPassword: 'a password staff chose 123' }],
      [staff, '/api/auth/admin/create-user', { email: 'made.by.staff@example.com', password: 'a password staff chose 123', name: 'Made By Staff', role: 'staff' }],
      [customer.cookie, '/api/auth/change-email', { newEmail: 'another.address@example.com' }],
      [customer.cookie, '/api/auth/delete-user', {}],
    ];
    for (const [cookie, url, payload] of attempts) {
      const response = await harness.app.inject({ method: 'POST', url, payload, headers: { origin: testPublicUrl, cookie } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('not_found');
    }
    const [stored] = await harness.database.db.select().from(schema.user).where(eq(schema.user.id, customer.userId));
    expect(stored).toMatchObject({ role: 'user', banned: false, email: customer.email });
    expect(await harness.database.db.select().from(schema.user).where(eq(schema.user.email, 'made.by.staff@example.com'))).toEqual([]);
    expect((await signIn(harness.app, customer.email, customer.password)).statusCode).toBe(200);
    const listed = await harness.app.inject({ method: 'GET', url: '/api/auth/admin/list-users', headers: { origin: testPublicUrl, cookie: staff } });
    expect(listed.statusCode).toBe(404);
  });

  it('never put the session token in a body a script could read: only in the HTTP-only cookie', async () => {
    const customer = await registerCustomer(harness.app);
    const signedIn = await signIn(harness.app, customer.email, customer.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).not.toHaveProperty('token');
    expect(String(signedIn.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const cookie = cookieFrom(signedIn.headers['set-cookie']);
    const session = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json().user.email).toBe(customer.email);
    expect(session.json().session).not.toHaveProperty('token');
    const rawToken = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(rawToken.length).toBeGreaterThan(10);
    expect(session.body).not.toContain(rawToken);
    expect(signedIn.body).not.toContain(rawToken);
    const signedUp = await signUp({ name: 'Nasrin Akter', email: `nasrin.${Date.now()}@example.com`, password: 'a long new passphrase 77', image: await uploadAvatar(harness.app) });
    expect(signedUp.statusCode).toBe(200);
    expect(signedUp.json()).not.toHaveProperty('token');
  });

  it('still answer the session and sign out', async () => {
    const customer = await registerCustomer(harness.app);
    const session = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: customer.cookie } });
    expect(session.json().user.email).toBe(customer.email);
    const out = await harness.app.inject({ method: 'POST', url: '/api/auth/sign-out', payload: {}, headers: { origin: testPublicUrl, cookie: customer.cookie } });
    expect(out.statusCode).toBe(200);
    const after = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: customer.cookie } });
    expect(after.json()).toBeNull();
  });
});

/** Sessions still being set up: a staff member without an authenticator app, and a user who must replace a password someone else chose. */
async function sessionsBeingSetUp() {
  // The role and flag are set before either cookie is first used, so no instance has cached the session as it was.
  const staffWithoutApp = await registerCustomer(harness.app, { name: 'New Officer' });
  await harness.database.db.update(schema.user).set({ role: staffRole }).where(eq(schema.user.id, staffWithoutApp.userId));
  const passwordToChange = await registerCustomer(harness.app, { name: 'Given Password' });
  await harness.database.db.update(schema.user).set({ mustChangePassword: true }).where(eq(schema.user.id, passwordToChange.userId));
  return [
    { person: staffWithoutApp, refusal: 'two_factor_setup_required' },
    { person: passwordToChange, refusal: 'password_change_required' },
  ] as const;
}

const guardRefusals = ['unauthenticated', 'password_change_required', 'two_factor_setup_required', 'staff_only'];

describe('sessions still being set up', () => {
  // Made once: the file's registrations share one address's sign-up allowance.
  let beingSetUp: Awaited<ReturnType<typeof sessionsBeingSetUp>>;
  let owner: Awaited<ReturnType<typeof registerCustomer>>;
  beforeAll(async () => {
    beingSetUp = await sessionsBeingSetUp();
    owner = await registerCustomer(harness.app, { name: 'Document Owner' });
  });
  const send = (method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: unknown, headers: Record<string, string> = {}) =>
    harness.app.inject({
      method,
      url,
      headers: { origin: testPublicUrl, ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('meet every /api/auth endpoint’s declared rule, as the guard applies it to any route', async () => {
    const passable = new Set(['setup', 'public-with-setup-session']);
    for (const endpoint of authRouteRules.filter((entry) => entry.access !== 'public')) {
      const method = endpoint.method;
      const payload = method === 'POST' ? {} : undefined;
      const label = `${endpoint.method} ${endpoint.url} (${endpoint.access})`;
      const anonymous = await send(method, endpoint.url, undefined, payload);
      if (endpoint.access === 'setup' || endpoint.access === 'customer' || endpoint.access === 'staff') expect(anonymous.statusCode, label).toBe(401);
      for (const { person, refusal } of beingSetUp) {
        const response = await send(method, endpoint.url, person.cookie, payload);
        const code = response.statusCode === 200 ? undefined : (response.json() as { error?: { code?: string } }).error?.code;
        if (passable.has(endpoint.access ?? '')) expect(guardRefusals, `${label} ${response.body}`).not.toContain(code);
        else expect(code, label).toBe(refusal);
      }
      if (endpoint.access === 'staff') expect((await send(method, endpoint.url, owner.cookie, payload)).json().error.code, label).toBe('staff_only');
    }
  });

  it('reach only what finishes the set-up: documents, uploads, renaming and signing out everywhere answer 403', async () => {
    const document = multipartImage(onePixelPng, { purpose: 'document' });
    const uploaded = await send('POST', '/api/images', owner.cookie, document.payload, document.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const documentUrl = (uploaded.json() as { data: { url: string } }).data.url;
    for (const { person, refusal } of beingSetUp) {
      const avatar = multipartImage(onePixelPng);
      const refused = [
        await send('GET', documentUrl, person.cookie),
        await send('POST', '/api/images', person.cookie, avatar.payload, avatar.headers),
        await send('POST', '/api/auth/update-user', person.cookie, { name: 'Renamed Meanwhile' }),
        await send('POST', '/api/auth/sign-out-everywhere', person.cookie, {}),
      ];
      for (const response of refused) {
        expect(response.statusCode, `${refusal} ${response.body}`).toBe(403);
        expect(response.json().error.code).toBe(refusal);
      }
      const [stored] = await harness.database.db.select({ name: schema.user.name }).from(schema.user).where(eq(schema.user.id, person.userId));
      expect(stored?.name).not.toBe('Renamed Meanwhile');
      // What finishes the set-up still works with the same session.
      expect((await send('GET', '/api/auth/get-session', person.cookie)).json().user.id).toBe(person.userId);
      if (refusal === 'two_factor_setup_required') {
        const enrolled = await enrolTwoFactor(harness.app, person.cookie, person.password);
        expect((await send('GET', documentUrl, enrolled.cookie)).statusCode).toBe(200);
      } else {
        const changed = await send('POST', '/api/auth/change-password', person.cookie, { currentPassword: person.password, newPassword: 'a fresh passphrase of my own 31' });
        expect(changed.statusCode, changed.body).toBe(200);
        expect((await send('POST', '/api/auth/update-user', cookieFrom(changed.headers['set-cookie']), { name: 'Renamed Afterwards' })).statusCode).toBe(200);
      }
      expect((await send('POST', '/api/auth/sign-out', person.cookie, {})).statusCode).toBe(200);
    }
  });

  it('keep sign-in, registration and password reset public', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { description: string; security?: unknown }>> };
    for (const url of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/auth/request-password-reset', '/api/auth/reset-password', '/api/auth/two-factor/verify-backup-code']) {
      const operation = document.paths[url]?.post;
      expect(operation?.description, url).toBe('Who may call it: Anyone, signed in or not.');
      expect(operation?.security, url).toBeUndefined();
    }
  });
});
