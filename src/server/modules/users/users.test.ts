import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { call, requestAccount } from '../../test-support/banking';
import { createTestApp, multipartImage, onePixelPng, registerCustomer, signIn, signInStaff, staffCredentials, uploadAvatar, type TestApp } from '../../test-support/test-app';

let harness: TestApp;
let staff: string;
let staffId: string;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  const [row] = await harness.database.db.select().from(schema.user).where(eq(schema.user.email, staffCredentials.email));
  staffId = row?.id ?? '';
});
afterAll(async () => harness.close());

async function userRow(id: string) {
  const [row] = await harness.database.db.select().from(schema.user).where(eq(schema.user.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

async function uploadRow(url: string) {
  const [row] = await harness.database.db
    .select()
    .from(schema.upload)
    .where(eq(schema.upload.id, url.split('/').pop() ?? ''));
  return row;
}

async function sessionUser(cookie: string) {
  const response = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { user: { id: string; name: string; image: string | null; role: string } } | null)?.user ?? null;
}

async function documentUpload(cookie: string): Promise<string> {
  const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
  const response = await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie } });
  if (response.statusCode !== 200) throw new Error(`document upload failed: ${response.body}`);
  return (response.json() as { data: { url: string } }).data.url;
}

describe('POST /api/users', () => {
  it('updates the signed-in user’s own name and photo, and claims the new photo', async () => {
    const customer = await registerCustomer(harness.app);
    const image = await uploadAvatar(harness.app);
    expect((await uploadRow(image))?.claimedAt).toBeNull();

    const response = await call(harness.app, 'POST', '/api/users', customer.cookie, { fullName: '  Rahima Begum  ', email: customer.email.toUpperCase(), image });
    expect(response.statusCode, response.body).toBe(200);
    // Exactly the acknowledgement and the user's own id: the answer's schema lets nothing else through.
    expect(response.json()).toEqual({ acknowledged: true, insertedId: customer.userId });

    expect(await userRow(customer.userId)).toMatchObject({ name: 'Rahima Begum', image, email: customer.email });
    expect(await sessionUser(customer.cookie)).toMatchObject({ name: 'Rahima Begum', image });
    expect(await uploadRow(image)).toMatchObject({ claimedAt: expect.any(Date), ownerUserId: customer.userId });
  });

  it('answers 401 without a session and changes nothing', async () => {
    const customer = await registerCustomer(harness.app);
    const response = await call(harness.app, 'POST', '/api/users', undefined, { fullName: 'Someone Else', email: customer.email, image: customer.image });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
    expect((await userRow(customer.userId)).name).toBe('Rahima Khatun');
  });

  it('refuses another e-mail address than the session’s', async () => {
    const customer = await registerCustomer(harness.app);
    const other = await registerCustomer(harness.app);
    const response = await call(harness.app, 'POST', '/api/users', customer.cookie, { fullName: 'Renamed Person', email: other.email, image: customer.image });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.email).toBe('Email must be the address you signed in with');
    expect((await userRow(customer.userId)).name).toBe('Rahima Khatun');
    expect((await userRow(other.userId)).name).toBe('Rahima Khatun');
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const customer = await registerCustomer(harness.app);
    const valid = { fullName: 'Karim Uddin', email: customer.email, image: customer.image };
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...valid, fullName: undefined }, 'fullName', /^Name is required$/],
      [{ ...valid, fullName: '   ' }, 'fullName', /^Name is required$/],
      [{ ...valid, fullName: 'K' }, 'fullName', /at least 2/],
      [{ ...valid, fullName: 'K'.repeat(101) }, 'fullName', /at most 100/],
      [{ ...valid, fullName: 42 }, 'fullName', /Name is required/],
      [{ ...valid, email: undefined }, 'email', /^Email is required$/],
      [{ ...valid, email: 'karim-at-example.com' }, 'email', /valid email/],
      [{ ...valid, image: undefined }, 'image', /^Profile Photo is required$/],
      [{ ...valid, image: 'https://evil.example/photo.png' }, 'image', /not one of ours/],
      [{ ...valid, image: '/api/images/../../etc/passwd' }, 'image', /not one of ours/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call(harness.app, 'POST', '/api/users', customer.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('invalid_input');
      expect(response.json().error.fields[field], JSON.stringify(payload)).toMatch(message);
    }
    expect(await userRow(customer.userId)).toMatchObject({ name: 'Rahima Khatun', image: customer.image });
  });

  it('refuses a photo that is not an upload of ours the user may use', async () => {
    const customer = await registerCustomer(harness.app);
    const stranger = await registerCustomer(harness.app);
    const strangersDocument = await documentUpload(stranger.cookie);
    for (const image of [`/api/images/${randomUUID()}`, strangersDocument]) {
      const response = await call(harness.app, 'POST', '/api/users', customer.cookie, { fullName: 'Karim Uddin', email: customer.email, image });
      expect(response.statusCode, image).toBe(400);
      expect(response.json().error.fields.image).toMatch(/upload the image again/);
    }
    expect(await userRow(customer.userId)).toMatchObject({ name: 'Rahima Khatun', image: customer.image });
    expect((await uploadRow(strangersDocument))?.claimedAt).toBeNull();
  });
});

describe('GET /api/allUsers', () => {
  it('answers 401 signed out and 403 to a customer', async () => {
    const customer = await registerCustomer(harness.app);
    const signedOut = await call(harness.app, 'GET', '/api/allUsers', undefined);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('unauthenticated');
    const asCustomer = await call(harness.app, 'GET', '/api/allUsers', customer.cookie);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().error.code).toBe('staff_only');
  });

  it('lists every registered user, staff included, with the spec’s fields', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Nusrat Jahan' });
    const response = await call(harness.app, 'GET', '/api/allUsers', staff);
    expect(response.statusCode).toBe(200);
    const users = response.json() as Array<Record<string, unknown>>;
    expect(users.length).toBe((await harness.database.db.select({ id: schema.user.id }).from(schema.user)).length);
    expect(users).toContainEqual({
      _id: staffId,
      fullName: 'Bank Staff',
      email: staffCredentials.email,
      image: null,
      role: 'staff',
      disabled: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      waitingChange: null,
    });
    expect(users).toContainEqual({
      _id: customer.userId,
      fullName: 'Nusrat Jahan',
      email: customer.email,
      image: customer.image,
      role: 'user',
      disabled: false,
      createdAt: expect.any(String),
      waitingChange: null,
    });
    expect(new Set(users.map((user) => user._id)).size).toBe(users.length);
  });

  it('gives ids that DELETE /api/allUsers/:id takes', async () => {
    const first = await registerCustomer(harness.app);
    const second = await registerCustomer(harness.app);
    const listed = (await call(harness.app, 'GET', '/api/allUsers', staff)).json() as Array<{ _id: string; email: string; disabled: boolean }>;
    for (const customer of [first, second]) {
      const entry = listed.find((user) => user.email === customer.email);
      expect(entry).toBeDefined();
      const response = await call(harness.app, 'DELETE', `/api/allUsers/${entry?._id}`, staff);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deletedCount: 1, pendingApproval: false });
    }
    const staffEntry = listed.find((user) => user.email === staffCredentials.email);
    expect((await call(harness.app, 'DELETE', `/api/allUsers/${staffEntry?._id}`, staff)).json().error.code).toBe('cannot_delete_self');

    const after = (await call(harness.app, 'GET', '/api/allUsers', staff)).json() as Array<{ email: string; disabled: boolean }>;
    expect(after.filter((user) => user.email === first.email || user.email === second.email).map((user) => user.disabled)).toEqual([true, true]);
  });
});

describe('DELETE /api/allUsers/:id', () => {
  it('answers 401 signed out and 403 to a customer, and changes nothing', async () => {
    const customer = await registerCustomer(harness.app);
    const target = await registerCustomer(harness.app);
    expect((await call(harness.app, 'DELETE', `/api/allUsers/${target.userId}`, undefined)).statusCode).toBe(401);
    const asCustomer = await call(harness.app, 'DELETE', `/api/allUsers/${target.userId}`, customer.cookie);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().error.code).toBe('staff_only');
    expect((await userRow(target.userId)).banned).toBe(false);
    expect(await sessionUser(target.cookie)).toMatchObject({ id: target.userId });
  });

  it('disables sign-in, ends the user’s sessions, keeps their records and writes the audit trail', async () => {
    const customer = await registerCustomer(harness.app);
    const accountId = await requestAccount(harness.app, customer);
    expect(await sessionUser(customer.cookie)).toMatchObject({ id: customer.userId });
    expect((await call(harness.app, 'GET', `/api/singleAccDetails/${accountId}`, customer.cookie)).statusCode).toBe(200);
    const otherDevice = await signIn(harness.app, customer.email, customer.password);
    expect(otherDevice.statusCode).toBe(200);

    const response = await call(harness.app, 'DELETE', `/api/allUsers/${customer.userId}`, staff);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1, pendingApproval: false });

    // The cookie the customer still holds no longer opens a session.
    expect(await sessionUser(customer.cookie)).toBeNull();
    const update = await call(harness.app, 'POST', '/api/users', customer.cookie, { fullName: 'Still Here', email: customer.email, image: customer.image });
    expect(update.statusCode).toBe(401);
    expect((await call(harness.app, 'GET', `/api/singleAccDetails/${accountId}`, customer.cookie)).statusCode).toBe(401);
    expect(await harness.database.db.select().from(schema.session).where(eq(schema.session.userId, customer.userId))).toEqual([]);

    // Nor does the right password open a new one.
    const again = await signIn(harness.app, customer.email, customer.password);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'BANNED_USER', message: 'This account has been disabled. Please contact the bank.' });
    expect(again.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/);
    expect(await harness.database.db.select().from(schema.session).where(eq(schema.session.userId, customer.userId))).toEqual([]);

    // The user and their accounts stay, marked disabled.
    expect(await userRow(customer.userId)).toMatchObject({ banned: true, banReason: 'Deleted by staff', email: customer.email });
    const [account] = await harness.database.db.select().from(schema.bankAccount).where(eq(schema.bankAccount.id, accountId));
    expect(account?.ownerUserId).toBe(customer.userId);

    const audit = await harness.database.db
      .select()
      .from(schema.auditEvent)
      .where(and(eq(schema.auditEvent.subjectType, 'user'), eq(schema.auditEvent.subjectId, customer.userId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: staffId,
      action: 'user.disable',
      detail: { before: 'enabled', after: 'disabled', email: customer.email },
    });
  });

  it('answers deletedCount 0 for a repeat, and writes no second audit event', async () => {
    const customer = await registerCustomer(harness.app);
    expect((await call(harness.app, 'DELETE', `/api/allUsers/${customer.userId}`, staff)).json()).toEqual({ deletedCount: 1, pendingApproval: false });
    const repeat = await call(harness.app, 'DELETE', `/api/allUsers/${customer.userId}`, staff);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ deletedCount: 0, pendingApproval: false });
    const audit = await harness.database.db.select().from(schema.auditEvent).where(eq(schema.auditEvent.subjectId, customer.userId));
    expect(audit).toHaveLength(1);
  });

  it('refuses to delete the signed-in staff member, who stays signed in', async () => {
    const response = await call(harness.app, 'DELETE', `/api/allUsers/${staffId}`, staff);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'cannot_delete_self', fields: { id: 'You cannot delete your own staff account' } });
    expect((await userRow(staffId)).banned).toBe(false);
    expect(await sessionUser(staff)).toMatchObject({ id: staffId, role: 'staff' });
  });

  it('answers 404 for an unknown id and 400 for an id too long', async () => {
    const unknown = await call(harness.app, 'DELETE', `/api/allUsers/${randomUUID()}`, staff);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'not_found', message: 'User was not found' });
    const tooLong = await call(harness.app, 'DELETE', `/api/allUsers/${'x'.repeat(65)}`, staff);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.id).toBe('User id is too long');
  });
});
