import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openFundedAccount } from '../test-support/banking';
import { createTestApp, registerCustomer, signIn, signInStaff, type TestApp } from '../test-support/test-app';

const metricsToken = 'a-scraper-token-for-the-metrics-test';
let harness: TestApp;
let closed: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ metricsToken });
  closed = await createTestApp();
});
afterAll(async () => {
  await harness.close();
  await closed.close();
});

async function scrape(authorization = `Bearer ${metricsToken}`) {
  return harness.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
}

/** The value of one series in Prometheus's text format, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers 404 like an unknown address without METRICS_TOKEN, and to a missing or wrong token', async () => {
    const unset = await closed.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    expect(unset.statusCode).toBe(404);
    expect(unset.json()).toEqual({ error: { code: 'not_found', message: 'No route GET /metrics' } });
    for (const authorization of ['', `Bearer ${metricsToken}x`, `Bearer ${metricsToken.slice(0, -1)}`, metricsToken, `Basic ${metricsToken}`]) {
      const refused = await scrape(authorization);
      expect(refused.statusCode, authorization).toBe(404);
      expect(refused.body).not.toContain('http_request');
    }
  });

  it('counts requests by route pattern and status, transfers and their amounts, failed sign-ins, throttles and the outbox', async () => {
    const staff = await signInStaff(harness.app);
    const sender = await registerCustomer(harness.app, { name: 'Mitu Rahman' });
    const receiver = await registerCustomer(harness.app, { name: 'Jamal Uddin' });
    const from = await openFundedAccount(harness.app, sender, staff, 10_000);
    const to = await openFundedAccount(harness.app, receiver, staff, 0, { user: 'Jamal Uddin', role: 'Current' });
    const transfer = (amount: string) => call(harness.app, 'PUT', '/api/userMoneyTrans', sender.cookie, { id: from, confirmedName: 'Jamal Uddin', accNum: to, sendAmount: amount });
    expect((await transfer('2500')).statusCode).toBe(200);
    expect((await transfer('20000')).statusCode).toBe(400);
    for (let attempt = 0; attempt < 11; attempt += 1) await signIn(harness.app, receiver.email, 'not the right password');
    await harness.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { fullName: 'Tanvir Ahmed', email: 'tanvir@example.com', contact: '+8801911223344', message: 'Please call me about a loan.' },
    });
    await call(harness.app, 'GET', `/api/singleAccDetails/${from}`, sender.cookie);

    await harness.app.services.notices.settled();
    const scraped = await scrape();
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain/);
    const text = scraped.body;
    expect(valueOf(text, 'http_request_duration_seconds_count{method="PUT",route="/api/userMoneyTrans",status="200"}')).toBe(1);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="PUT",route="/api/userMoneyTrans",status="400"}')).toBe(1);
    // The pattern, never the account number: one series however many accounts are looked at.
    expect(text).toContain('route="/api/singleAccDetails/:id"');
    expect(text).not.toContain(from);
    expect(valueOf(text, 'bank_transfers_total{outcome="moved"}')).toBe(1);
    expect(valueOf(text, 'bank_transfers_total{outcome="refused"}')).toBe(1);
    expect(valueOf(text, 'bank_transfer_amount_bdt_sum')).toBe(2500);
    expect(valueOf(text, 'bank_failed_sign_ins_total')).toBe(10);
    expect(valueOf(text, 'bank_throttled_requests_total{policy="sign-in-failure"}')).toBe(1);
    expect(valueOf(text, 'mail_outbox_depth')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    // The transfer's notices were written out once it committed: nothing is left waiting.
    expect(valueOf(text, 'notices_deferred_waiting')).toBe(0);
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (harness.database.driver === 'postgres') {
      expect(valueOf(text, 'db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, 'db_pool_requests_waiting')).toBe(0);
    }
  });
});
