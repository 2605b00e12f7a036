import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffRole } from '../../../shared/constants';
import { schema } from '../../db/client';
import { createTestApp, registerCustomer, signIn, testPublicUrl, type TestApp } from '../../test-support/test-app';

const metricsToken = 'a-scraper-token-for-the-auth-routes-test';
let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ metricsToken });
});
afterAll(async () => harness.close());

const post = (url: string, cookie: string | undefined, payload: unknown) =>
  harness.app.inject({ method: 'POST', url, headers: { origin: testPublicUrl, ...(cookie ? { cookie } : {}) }, payload: payload as Record<string, unknown> });

describe('the routes under /api/auth', () => {
  it('are each in the router with their own pattern, none behind a wildcard', () => {
    expect(harness.app.hasRoute({ method: 'POST', url: '/api/auth/*' })).toBe(false);
    expect(harness.app.hasRoute({ method: 'GET', url: '/api/auth/*' })).toBe(false);
    for (const [method, url] of [
      ['POST', '/api/auth/sign-in/email'],
      ['GET', '/api/auth/get-session'],
      ['POST', '/api/auth/change-password'],
      ['POST', '/api/auth/two-factor/enable'],
      ['POST', '/api/auth/two-factor/verify-totp'],
    ] as const) {
      expect(harness.app.hasRoute({ method, url }), `${method} ${url}`).toBe(true);
    }
  });

  it('are counted in the metrics under their own pattern', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Counted Person' });
    expect((await signIn(harness.app, customer.email, 'not the right password')).statusCode).toBe(401);
    const scraped = await harness.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    expect(scraped.body).toContain('route="/api/auth/sign-in/email",status="401"');
    expect(scraped.body).not.toContain('route="/api/auth/*"');
  });

  it('refuse a session still being set up on a route that does not finish the set-up, before its body is read', async () => {
    const staffWithoutApp = await registerCustomer(harness.app, { name: 'Officer Without App' });
    await harness.database.db.update(schema.user).set({ role: staffRole }).where(eq(schema.user.id, staffWithoutApp.userId));
    const passwordToChange = await registerCustomer(harness.app, { name: 'Password To Change' });
    await harness.database.db.update(schema.user).set({ mustChangePassword: true }).where(eq(schema.user.id, passwordToChange.userId));
    for (const [person, refusal] of [
      [staffWithoutApp, 'two_factor_setup_required'],
      [passwordToChange, 'password_change_required'],
    ] as const) {
      for (const url of ['/api/auth/two-factor/generate-backup-codes', '/api/auth/two-factor/replace', '/api/auth/update-user']) {
        // A body the schema would refuse: the guard's refusal comes first.
        const refused = await post(url, person.cookie, { password: 12, code: [], name: '' });
        expect(refused.statusCode, `${url} ${refused.body}`).toBe(403);
        expect(refused.json().error.code).toBe(refusal);
      }
    }
  });

  it('answer a malformed body with a 400 naming the field, from the route’s zod schema', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Malformed Body' });
    const cases: Array<[string, string | undefined, unknown, string]> = [
      ['/api/auth/sign-in/email', undefined, { email: 'not an address', password: 'something' }, 'email'],
      ['/api/auth/two-factor/verify-backup-code', undefined, { code: 12 }, 'code'],
      ['/api/auth/two-factor/enable', customer.cookie, { password: 42 }, 'password'],
      ['/api/auth/change-password', customer.cookie, { currentPassword: customer.password }, 'newPassword'],
      ['/api/auth/request-password-reset', undefined, { email: 'nobody at all' }, 'email'],
    ];
    for (const [url, cookie, payload, field] of cases) {
      const response = await post(url, cookie, payload);
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expect(Object.keys((response.json() as { error: { fields: Record<string, string> } }).error.fields), url).toContain(field);
    }
  });

  it('answer 404 for what better-auth serves and the bank does not register, as for any unknown address', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Unregistered Paths' });
    for (const [method, url] of [
      ['POST', '/api/auth/change-email'],
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/revoke-sessions'],
      ['POST', '/api/auth/admin/set-role'],
      ['GET', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/get-session'],
    ] as const) {
      const response = await harness.app.inject({ method, url, headers: { origin: testPublicUrl, cookie: customer.cookie }, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: `No route ${method} ${url}` } });
    }
  });
});

describe('the API documentation of /api/auth', () => {
  it('lists each auth route from the router, with its rule, body and summary', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { summary: string; description: string; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>;
    };
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/auth/'))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.length).toBe(17);
    expect(document.paths['/api/auth/*']).toBeUndefined();
    const enrol = document.paths['/api/auth/two-factor/enable']?.post;
    expect(enrol?.summary).toMatch(/two-step verification/);
    expect(enrol?.description).toMatch(/also one who must first change their password/);
    expect(Object.keys(enrol?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(['password']);
    expect(document.paths['/api/auth/update-user']?.post?.description).toMatch(/^Who may call it: A signed-in customer/);
  });
});
