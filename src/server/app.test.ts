import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress';
import { buildApp, requestBodyBytesMax } from './app';
import { openDatabase, schema } from './db/client';
import { call, openFundedAccount } from './test-support/banking';
import { createTestApp, registerCustomer, signInStaff, testPublicUrl, uploadAvatar, type TestApp } from './test-support/test-app';
import { createScratchDatabase } from './test-support/test-database';

let harness: TestApp;
let routeWithoutRuleError: unknown;
const internalErrorDetail = 'connection to 10.0.0.5 refused: password hunter2';

beforeAll(async () => {
  harness = await createTestApp();
  // buildApp answers an app not yet started, so routes may still be added before the first request.
  harness.app.get('/api/test-only/failure', { config: { access: 'public' } }, async () => {
    throw new Error(internalErrorDetail);
  });
  try {
    harness.app.get('/api/test-only/without-rule', async () => ({}));
  } catch (error) {
    routeWithoutRuleError = error;
  }
});
afterAll(async () => harness.close());

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function directives(policy: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const directive of (policy ?? '').split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectSecurityHeaders(response: LightMyRequestResponse, label: string): void {
  const policy = directives(response.headers['content-security-policy'] as string | undefined);
  expect(policy.get('frame-ancestors'), label).toEqual(["'none'"]);
  const scriptSources = policy.get('script-src') ?? policy.get('default-src');
  expect(scriptSources, label).toContain("'self'");
  expect(scriptSources, label).not.toContain("'unsafe-inline'");
  expect(scriptSources, label).not.toContain("'unsafe-eval'");
  expect(policy.get('object-src'), label).toEqual(["'none'"]);
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['referrer-policy'], label).toEqual(expect.stringMatching(/^(no-referrer|strict-origin-when-cross-origin|same-origin|strict-origin)$/));
  expect(response.headers['x-request-id'], label).toEqual(expect.stringMatching(uuidPattern));
}

describe('health probes', () => {
  it('answers /healthz and /readyz on a migrated database', async () => {
    const health = await harness.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await harness.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers /readyz with 503 while the migrations have not run', async () => {
    const serverUrl = process.env.DATABASE_URL;
    const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
    const database = await openDatabase({ databaseUrl: scratch?.url });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-unmigrated-'));
    const app = await buildApp({
      config: { publicUrl: testPublicUrl, rateLimitMultiplier: 1, logLevel: 'silent', trustProxy: false, nodeEnv: 'test' },
      db: database.db,
      authSecret: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
      uploadsDir: path.join(dataDir, 'uploads'),
    });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).not.toBe('ready');
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('errors', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/noSuchThing'],
      ['POST', '/api/noSuchThing'],
      ['GET', '/api/accountsTypes/extra/segments?x=1'],
      ['GET', '/api'],
    ] as const) {
      const response = await harness.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json().error, url).toMatchObject({ code: 'not_found', message: expect.stringContaining('No route') });
    }
  });

  it('answers a body that is not JSON with 400 in the one error shape, and writes nothing', async () => {
    const customer = await registerCustomer(harness.app);
    const contactCount = async () => (await harness.database.db.select({ id: schema.contactMessage.id }).from(schema.contactMessage)).length;
    const before = await contactCount();
    for (const [url, cookie, payload] of [
      ['/api/contact', undefined, '{"fullName": "Rahima", '],
      ['/api/contact', undefined, ''],
      ['/api/users', customer.cookie, "{'fullName': 'single quotes'}"],
    ] as const) {
      const response = await harness.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', origin: testPublicUrl, ...(cookie ? { cookie } : {}) },
      });
      expect(response.statusCode, `${url} ${payload}`).toBe(400);
      expect(response.json()).toEqual({ error: { code: expect.stringMatching(/^fst_err_ctp_(invalid|empty)_json_body$/), message: 'The request body is not valid JSON' } });
    }
    expect(await contactCount()).toBe(before);
  });

  it('answers a body over the limit with 413 in the one error shape', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: JSON.stringify({ message: 'x'.repeat(requestBodyBytesMax) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 'fst_err_ctp_body_too_large', message: 'The request body is too large' } });
  });

  it('answers an internal failure with a generic 500 that tells nothing of the cause but names the request', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/test-only/failure' });
    expect(response.statusCode).toBe(500);
    const requestId = String(response.headers['x-request-id']);
    expect(requestId).toMatch(uuidPattern);
    expect(response.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.', requestId } });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toMatch(/stack|at .*\.ts|Error:/);
    expectSecurityHeaders(response, 'internal failure');
  });

  it('refuses to register an /api route that declares no access rule', () => {
    expect(routeWithoutRuleError).toBeInstanceOf(Error);
    expect((routeWithoutRuleError as Error).message).toMatch(/GET \/api\/test-only\/without-rule declares no access rule/);
  });
});

describe('security headers', () => {
  it('are on every answer: success, refusal, error, image, auth and probe', async () => {
    const customer = await registerCustomer(harness.app);
    const staff = await signInStaff(harness.app);
    const answers: Array<[string, LightMyRequestResponse]> = [
      ['healthz', await harness.app.inject({ method: 'GET', url: '/healthz' })],
      ['readyz', await harness.app.inject({ method: 'GET', url: '/readyz' })],
      ['catalogue', await harness.app.inject({ method: 'GET', url: '/api/accountsTypes' })],
      ['image', await harness.app.inject({ method: 'GET', url: await uploadAvatar(harness.app) })],
      ['auth session', await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: customer.cookie } })],
      ['staff list', await call(harness.app, 'GET', '/api/allUsers', staff)],
      ['401', await call(harness.app, 'GET', '/api/allUsers', undefined)],
      ['403', await call(harness.app, 'GET', '/api/allUsers', customer.cookie)],
      ['404', await harness.app.inject({ method: 'GET', url: '/api/noSuchThing' })],
      ['400', await call(harness.app, 'POST', '/api/contact', undefined, {})],
      ['foreign origin', await call(harness.app, 'POST', '/api/users', customer.cookie, {}, { origin: 'https://evil.example' })],
    ];
    const requestIds = new Set<string>();
    for (const [label, response] of answers) {
      expectSecurityHeaders(response, label);
      requestIds.add(String(response.headers['x-request-id']));
    }
    expect(requestIds.size).toBe(answers.length);
    // Plain HTTP: no HSTS (a browser would ignore it, and it would pin localhost to HTTPS).
    expect(answers[0]?.[1].headers['strict-transport-security']).toBeUndefined();
    // Nothing an API answers may be cached by a shared cache.
    expect(answers.find(([label]) => label === 'staff list')?.[1].headers['cache-control']).toBe('no-store');
  });
});

describe('request ids', () => {
  it('keeps a proxy’s well-formed request id and replaces anything else with its own', async () => {
    const kept = await harness.app.inject({ method: 'GET', url: '/api/accountsTypes', headers: { 'x-request-id': 'proxy-7f3a9c21-0042' } });
    expect(kept.headers['x-request-id']).toBe('proxy-7f3a9c21-0042');
    for (const hostile of ['short', 'x'.repeat(65), 'line\nbreak-00000', 'spaces are not ids', '<script>alert(1)</script>']) {
      const response = await harness.app.inject({ method: 'GET', url: '/api/accountsTypes', headers: { 'x-request-id': hostile } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-request-id'], hostile).toEqual(expect.stringMatching(uuidPattern));
    }
  });
});

describe('cross-site request forgery', () => {
  it('refuses a state-changing call from a foreign Origin with 403, and changes nothing', async () => {
    const customer = await registerCustomer(harness.app);
    const body = { fullName: 'Changed By Attacker', email: customer.email, image: customer.image };
    for (const origin of ['https://evil.example', 'http://localhost:3000.evil.example', 'null', 'http://localhost:3001']) {
      const response = await call(harness.app, 'POST', '/api/users', customer.cookie, body, { origin });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json().error.code).toBe('invalid_origin');
    }
    const [row] = (await harness.database.db.select().from(schema.user)).filter((user) => user.id === customer.userId);
    expect(row?.name).toBe('Rahima Khatun');

    // The bank's own origin is let through, and a read from anywhere is harmless.
    expect((await call(harness.app, 'POST', '/api/users', customer.cookie, body, { origin: testPublicUrl })).statusCode).toBe(200);
    expect((await call(harness.app, 'GET', '/api/accountsTypes', undefined, undefined, { origin: 'https://evil.example' })).statusCode).toBe(200);
  });

  it('checks a percent-encoded spelling of the address too, and keeps its answer out of caches', async () => {
    const staff = await signInStaff(harness.app);
    const customer = await registerCustomer(harness.app);
    const accountId = await openFundedAccount(harness.app, customer, staff, 0);
    const forged = await call(harness.app, 'PUT', '/%61pi/depositReq', customer.cookie, { accNum: accountId, depositAmount: 100 }, { origin: 'http://evil.test' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('invalid_origin');
    const deposits = (await call(harness.app, 'GET', '/api/myDeposits', customer.cookie)).json() as unknown[];
    expect(deposits).toHaveLength(0);
    const read = await call(harness.app, 'GET', '/%61pi/userAccount', customer.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
  });
});

const indexHtml = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>';
// Long enough that its compressed copies are smaller than it, as a real bundle's are.
const mainScript = Array.from({ length: 200 }, (_, index) => `console.log("bank ${index}");`).join('\n');

describe('with the web app served over HTTPS', () => {
  let site: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'main.js'), mainScript);
    await precompressDirectory(webRoot);
    site = await createTestApp({ webRoot, publicUrl: 'https://bank.example' });
  });
  afterAll(async () => {
    await site.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers the SPA’s own routes with the page, and unknown /api paths and assets with a JSON 404', async () => {
    for (const url of ['/', '/myAccounts', '/dashboard/allUsers']) {
      const page = await site.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body).toContain('<div id="root">');
      expectSecurityHeaders(page, url);
      expect(page.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
    }
    for (const [method, url] of [
      ['GET', '/api/noSuchThing'],
      ['GET', '/assets/missing.js'],
      ['POST', '/myAccounts'],
    ] as const) {
      const response = await site.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('not_found');
      expect(response.body).not.toContain('<div id="root">');
    }
    const asset = await site.app.inject({ method: 'GET', url: '/assets/main.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
  });

  it('answers the precompressed copy the browser accepts, and the file itself to a browser that accepts none', async () => {
    const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    for (const [url, body, type] of [
      ['/assets/main.js', mainScript, /^text\/javascript|^application\/javascript/],
      ['/', indexHtml, /^text\/html/],
      ['/myAccounts', indexHtml, /^text\/html/],
    ] as const) {
      for (const encoding of ['br', 'gzip'] as const) {
        const response = await site.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        const label = `${url} with ${encoding}`;
        expect(response.statusCode, label).toBe(200);
        expect(response.headers['content-encoding'], label).toBe(encoding);
        expect(response.headers['content-type'], label).toMatch(type);
        expect(response.headers.vary, label).toMatch(/accept-encoding/i);
        expect(response.rawPayload.length, label).toBeLessThan(Buffer.byteLength(body));
        expect(decoders[encoding](response.rawPayload).toString(), label).toBe(body);
      }
      const plain = await site.app.inject({ method: 'GET', url });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers.vary, url).toMatch(/accept-encoding/i);
      expect(plain.body, url).toBe(body);
    }
    const preferred = await site.app.inject({ method: 'GET', url: '/assets/main.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(preferred.headers['content-encoding']).toBe('br');
    expect(preferred.headers['cache-control']).toMatch(/immutable/);
    const missing = await site.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });
});

describe('with pre-rendered first screens in the build', () => {
  const homeHtml = '<!doctype html><html><body><div id="root"><h1>Welcome</h1></div><script type="module" src="/assets/main.js"></script></body></html>';
  const logInHtml = '<!doctype html><html><body><div id="root"><h1>Log in</h1></div><script type="module" src="/assets/main.js"></script></body></html>';
  let site: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
    fs.mkdirSync(path.join(webRoot, 'first-screen'));
    fs.writeFileSync(path.join(webRoot, 'first-screen', 'index.html'), homeHtml);
    fs.writeFileSync(path.join(webRoot, 'first-screen', 'logIn.html'), logInHtml);
    fs.writeFileSync(path.join(webRoot, 'first-screen.json'), JSON.stringify({ '/': 'first-screen/index.html', '/logIn': 'first-screen/logIn.html' }));
    site = await createTestApp({ webRoot, publicUrl: 'https://bank.example' });
  });
  afterAll(async () => {
    await site.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers a visitor without a session with the page already rendered, in any spelling of its address', async () => {
    for (const [url, body] of [
      ['/', homeHtml],
      ['/?from=mail', homeHtml],
      ['/logIn', logInHtml],
      ['/login/', logInHtml],
      ['/LOGIN', logInHtml],
    ] as const) {
      const page = await site.app.inject({ method: 'GET', url, headers: { cookie: 'theme=dark' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(body);
      expect(page.headers.vary, url).toMatch(/cookie/i);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expectSecurityHeaders(page, url);
    }
    const other = await site.app.inject({ method: 'GET', url: '/faq' });
    expect(other.body).toBe(indexHtml);
  });

  it('answers a browser holding a session cookie with the empty shell, whose menu the app fills in for that person', async () => {
    for (const cookie of ['__Secure-better-auth.session_token=abc.def', 'better-auth.session_token=abc.def', 'theme=dark; __Secure-better-auth.session_token=abc.def']) {
      for (const url of ['/', '/login']) {
        const page = await site.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(page.statusCode, `${url} ${cookie}`).toBe(200);
        expect(page.body, `${url} ${cookie}`).toBe(indexHtml);
        expect(page.headers.vary, url).toMatch(/cookie/i);
      }
    }
  });
});
