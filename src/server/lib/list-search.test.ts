import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSearchLengthMax } from '../../shared/constants';
import { toBanglaDigits } from '../../shared/digits';
import { toListSearch } from '../../shared/schemas/fields';
import { approveAccount, call, requestAccount, type Customer } from '../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../test-support/test-app';
import { containing } from './list-search';

describe('what a search box holds', () => {
  it('reads digits with spaces and dashes, in either script, as an account number', () => {
    expect(toListSearch(' ১২৩৪ ৫৬-7 ')).toEqual({ kind: 'account-number', digits: '1234567' });
    expect(toListSearch('20260')).toEqual({ kind: 'account-number', digits: '20260' });
  });

  it('reads anything else as a piece of a name or e-mail, lower-cased, and blank as no search', () => {
    expect(toListSearch('  Rahima KH ')).toEqual({ kind: 'text', text: 'rahima kh' });
    expect(toListSearch('rahim@example')).toEqual({ kind: 'text', text: 'rahim@example' });
    expect(toListSearch('   ')).toBeUndefined();
  });

  it('looks for LIKE’s own characters as written', () => {
    expect(containing('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

let harness: TestApp;
let staff: string;
let rahima: Customer;
let tanvir: Customer;
let rahimaAccount: string;
let tanvirAccount: string;

beforeAll(async () => {
  harness = await createTestApp({ rateLimitMultiplier: 1_000 });
  staff = await signInStaff(harness.app);
  rahima = await registerCustomer(harness.app, { name: 'Rahima Khatun' });
  tanvir = await registerCustomer(harness.app, { name: 'Tanvir Hasan', email: `tanvir.hasan.${Date.now()}@example.com` });
  rahimaAccount = await requestAccount(harness.app, rahima, { user: 'Rahima Khatun' });
  tanvirAccount = await requestAccount(harness.app, tanvir, { user: 'Tanvir Hasan' });
  await approveAccount(harness.app, staff, tanvirAccount);
  expect((await call(harness.app, 'PUT', '/api/depositReq', tanvir.cookie, { accNum: tanvirAccount, depositAmount: '500.00' })).statusCode).toBe(200);
  expect((await call(harness.app, 'POST', '/api/cardsReq', tanvir.cookie, { card: 'Debit Card', accNum: tanvirAccount })).statusCode).toBe(200);
  const contact = { fullName: 'Nasrin Akter', email: 'nasrin@example.com', contact: '+8801712345678', message: 'What is the profit rate of a savings account?' };
  expect((await harness.app.inject({ method: 'POST', url: '/api/contact', payload: contact })).statusCode).toBe(200);
});
afterAll(async () => harness.close());

/** The list's rows and its X-Total-Count for one search. */
async function search(url: string, q: string): Promise<{ rows: Array<Record<string, unknown>>; total: number }> {
  const response = await call(harness.app, 'GET', `${url}?q=${encodeURIComponent(q)}`, staff);
  expect(response.statusCode, `${url}?q=${q}: ${response.body}`).toBe(200);
  return { rows: response.json(), total: Number(response.headers['x-total-count']) };
}

const staffLists = ['/api/userAccounts', '/api/dashCardReq', '/api/userLoanReq', '/api/dashDepoShow', '/api/allUsers', '/api/contactMessages'];

describe('the search of the staff lists', () => {
  it('finds an account by its whole number or its first digits, typed in Bangla with spaces and dashes', async () => {
    const spaced = `${toBanglaDigits(tanvirAccount.slice(0, 4))} ${tanvirAccount.slice(4, 8)}-${toBanglaDigits(tanvirAccount.slice(8))}`;
    const exact = await search('/api/userAccounts', spaced);
    expect(exact.rows.map((row) => row._id)).toEqual([tanvirAccount]);
    expect(exact.total).toBe(1);
    const prefix = tanvirAccount.slice(0, 5);
    const byPrefix = await search('/api/userAccounts', prefix);
    expect(byPrefix.rows.map((row) => row._id)).toContain(tanvirAccount);
    expect(byPrefix.rows.every((row) => String(row._id).startsWith(prefix))).toBe(true);
    expect(byPrefix.total).toBe(byPrefix.rows.length);
    // Digits from the middle of a number are not its beginning.
    expect((await search('/api/userAccounts', tanvirAccount.slice(3))).total).toBe(0);
  });

  it('finds an account by any part of the holder’s name or e-mail, whatever the case', async () => {
    for (const q of ['TANVIR', 'vir has', tanvir.email.slice(3, 15).toUpperCase()]) {
      const found = await search('/api/userAccounts', q);
      expect(found.rows.map((row) => row._id), q).toEqual([tanvirAccount]);
      expect(found.total, q).toBe(1);
    }
    expect((await search('/api/userAccounts', 'khatun')).rows.map((row) => row._id)).toEqual([rahimaAccount]);
  });

  it('narrows a status filter further and counts only what both keep', async () => {
    const response = await call(harness.app, 'GET', '/api/userAccounts?status=pending&q=tanvir', staff);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
    const pending = await call(harness.app, 'GET', '/api/userAccounts?status=pending&q=rahima', staff);
    expect(pending.headers['x-total-count']).toBe('1');
  });

  it('finds deposit and card requests through their account, and users by name or by an account they hold', async () => {
    expect((await search('/api/dashDepoShow', 'tanvir')).rows.map((row) => row.accNum)).toEqual([tanvirAccount]);
    expect((await search('/api/dashDepoShow', 'rahima')).total).toBe(0);
    expect((await search('/api/dashCardReq', tanvirAccount)).rows.map((row) => row.accNum)).toEqual([tanvirAccount]);
    expect((await search('/api/allUsers', 'hasan')).rows.map((row) => row._id)).toEqual([tanvir.userId]);
    expect((await search('/api/allUsers', rahimaAccount)).rows.map((row) => row._id)).toEqual([rahima.userId]);
    expect((await search('/api/contactMessages', 'NASRIN')).total).toBe(1);
    expect((await search('/api/contactMessages', '01712')).total).toBe(1);
  });

  it('looks for % and _ as written, not as wildcards', async () => {
    for (const url of staffLists) {
      expect(await search(url, '%'), url).toEqual({ rows: [], total: 0 });
      expect(await search(url, '_'), url).toEqual({ rows: [], total: 0 });
    }
  });

  it('treats a blank search as none', async () => {
    const all = await call(harness.app, 'GET', '/api/userAccounts', staff);
    expect(await search('/api/userAccounts', '   ')).toEqual({ rows: all.json(), total: Number(all.headers['x-total-count']) });
  });

  it('refuses a search longer than its bound on every list with a 400 naming q', async () => {
    for (const url of staffLists) {
      const response = await call(harness.app, 'GET', `${url}?q=${'a'.repeat(listSearchLengthMax + 1)}`, staff);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.fields.q, url).toBe(`q must be at most ${listSearchLengthMax} characters`);
      expect((await call(harness.app, 'GET', `${url}?q=${'a'.repeat(listSearchLengthMax)}`, staff)).statusCode, url).toBe(200);
    }
  });

  it('answers a customer 403 and a visitor 401, search or not', async () => {
    expect((await call(harness.app, 'GET', '/api/userAccounts?q=tanvir', tanvir.cookie)).statusCode).toBe(403);
    expect((await call(harness.app, 'GET', '/api/userAccounts?q=tanvir', undefined)).statusCode).toBe(401);
  });
});
