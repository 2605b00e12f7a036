import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { openApiPath } from '../../lib/openapi';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => harness.close());

/**
 * Every method and path Fastify's router holds, read from its own printout (a tree of path
 * pieces, four characters of indentation per level): a list the documentation code never sees.
 */
function routerRoutes(printout: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of printout.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}

type Document = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { summary: string; requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> }; parameters?: Array<{ name: string; in: string }> }
    >
  >;
};

describe('the API documentation', () => {
  it('is an OpenAPI 3.1 document that holds every route the router serves', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json() as Document;
    expect(document.openapi).toBe('3.1.0');
    const documented = new Set(Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)));

    const served = routerRoutes(harness.app.printRoutes({ commonPrefix: false }));
    expect(served.length).toBeGreaterThan(40);
    // A retired route is served only to answer 410, and is no longer part of the document.
    const retired = ['GET /api/accountStatement/:id/csv'];
    const missing = served.filter((route) => !retired.includes(route) && !documented.has(openApiPath(route)));
    expect(missing).toEqual([]);
    for (const route of retired) {
      expect(served, route).toContain(route);
      expect(documented.has(openApiPath(route)), route).toBe(false);
    }
    const undescribed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => !operation.summary)
        .map(([method]) => `${method} ${path}`),
    );
    expect(undescribed).toEqual([]);
    for (const endpoint of [
      'POST /api/auth/sign-in/email',
      'POST /api/auth/sign-up/email',
      'GET /api/auth/get-session',
      'POST /api/auth/sign-out',
      'POST /api/auth/change-password',
      'POST /api/auth/update-user',
    ]) {
      expect(documented.has(endpoint), endpoint).toBe(true);
    }
  });

  it('describes bodies and parameters from the zod schemas that validate them', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    const transfer = document.paths['/api/userMoneyTrans']?.put;
    const body = transfer?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual(['accNum', 'confirmedName', 'id', 'sendAmount']);
    expect(body?.required).toEqual(expect.arrayContaining(['sendAmount', 'accNum', 'confirmedName']));
    const enquiry = document.paths['/api/nameEnquiry']?.post?.requestBody?.content['application/json']?.schema;
    // `participant` is optional: absent, the account is at this bank.
    expect(Object.keys(enquiry?.properties ?? {})).toEqual(['accNum', 'participant']);
    expect(enquiry?.required).toEqual(['accNum']);
    expect(document.paths['/api/accountStatement/{id}']?.get?.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(expect.arrayContaining(['path:id', 'query:limit']));
    const signIn = document.paths['/api/auth/sign-in/email']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(signIn?.properties ?? {})).toEqual(['email', 'password']);
  });

  it('has a page for people that passes the site’s Content-Security-Policy: no script at all', async () => {
    const page = await harness.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('/api/userMoneyTrans');
    expect(page.body).toContain('href="/api/openapi.json"');
    expect(page.body).toContain('<code>Idempotency-Key</code>');
  });
});
