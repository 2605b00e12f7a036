import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDirectoryAnswerSchema } from '../../../shared/schemas/payments';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => harness.close());

describe('GET /api/banks', () => {
  it('lists every scheduled bank and the four wallets, with both names and the rails each takes, to anyone', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/banks' });
    expect(response.statusCode).toBe(200);
    const banks = bankDirectoryAnswerSchema.parse(response.json());
    expect(banks.filter((entry) => entry.kind === 'wallet').map((entry) => entry.code)).toEqual(['BKASH', 'NAGAD', 'ROCKET', 'UPAY']);
    expect(banks.filter((entry) => entry.kind === 'bank').length).toBeGreaterThanOrEqual(60);
    expect(banks.find((entry) => entry.code === 'SONALI')).toMatchObject({ nameEn: 'Sonali Bank PLC', nameBn: 'সোনালী ব্যাংক পিএলসি', rails: ['NPSB', 'BEFTN', 'RTGS'], routingNumberInvented: true });
    expect(banks.find((entry) => entry.code === 'BKASH')).toEqual({ code: 'BKASH', kind: 'wallet', group: 'wallet', nameEn: 'bKash', nameBn: 'বিকাশ', rails: ['NPSB'] });
  });

  it('answers 304 to a browser that holds the same directory', async () => {
    const first = await harness.app.inject({ method: 'GET', url: '/api/banks' });
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const again = await harness.app.inject({ method: 'GET', url: '/api/banks', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
