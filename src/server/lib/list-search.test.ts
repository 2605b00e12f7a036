import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSearchLengthMax } from '../../shared/constants';
import { toBanglaDigits } from '../../shared/digits';
import { bangladeshMobileOfDigits, toListSearch } from '../../shared/schemas/fields';
import { approveAccount, call, openFundedAccount, requestAccount, type Customer } from '../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../test-support/test-app';
import { containing } from './list-search';

describe('what a search box holds', () => {
  it('reads digits with spaces, dashes, brackets and a leading +, in either script, as digits', () => {
    expect(toListSearch(' ১২৩৪ ৫৬-7 ')).toEqual({ kind: 'digits', digits: '1234567' });
    expect(toListSearch('20260')).toEqual({ kind: 'digits', digits: '20260' });
    expect(toListSearch('+880 (1819) 555-123')).toEqual({ kind: 'digits', digits: '8801819555123' });
  });

  it('reads a short reference as a person types it, and keeps its text in case it is a name', () => {
    expect(toListSearch(' 7k2m 9qrb-4txw ')).toEqual({ kind: 'reference', reference: '7K2M9QRB4TXW', text: '7k2m 9qrb-4txw' });
    expect(toListSearch('7K2M-9QRB-4TXV')).toEqual({ kind: 'text', text: '7k2m-9qrb-4txv' });
  });

  it('takes the text in composed form (NFC), as names are stored', () => {
    expect(toListSearch('Jose\u0301')).toEqual({ kind: 'text', text: 'jos\u00e9' });
  });

  it('knows a Bangladeshi mobile number in each of its usual forms', () => {
    for (const digits of ['01819555123', '8801819555123']) expect(bangladeshMobileOfDigits(digits)).toBe('+8801819555123');
    for (const digits of ['1819555123', '01219555123', '018195551234', '0881819555123']) expect(bangladeshMobileOfDigits(digits)).toBeUndefined();
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
let shirinAccount: string;
let anaisAccount: string;
/** Tanvir's pending deposit request and the reference he was given for it. */
let tanvirDeposit: { id: string; reference: string };
/** A transfer from Shirin to Tanvir, as both their receipts show it. */
let transferReference: string;
const tanvirPhone = '+880 1819-555123';
const tanvirNid = '19901234567890123';

beforeAll(async () => {
  harness = await createTestApp({ rateLimitMultiplier: 1_000 });
  staff = await signInStaff(harness.app);
  rahima = await registerCustomer(harness.app, { name: 'Rahima Khatun' });
  tanvir = await registerCustomer(harness.app, { name: 'Tanvir Hasan', email: `tanvir.hasan.${Date.now()}@example.com` });
  rahimaAccount = await requestAccount(harness.app, rahima, { user: 'Rahima Khatun' });
  tanvirAccount = await requestAccount(harness.app, tanvir, { user: 'Tanvir Hasan', phone: tanvirPhone, nid: tanvirNid });
  await approveAccount(harness.app, staff, tanvirAccount);
  const deposit = await call(harness.app, 'PUT', '/api/depositReq', tanvir.cookie, { accNum: tanvirAccount, depositAmount: '500.00' });
  expect(deposit.statusCode).toBe(200);
  tanvirDeposit = { id: deposit.json().insertedId, reference: deposit.json().reference };
  const shirin = await registerCustomer(harness.app, { name: 'Shirin Akter' });
  shirinAccount = await openFundedAccount(harness.app, shirin, staff, 1_000, { user: 'Shirin Akter', phone: '01911-000222', nid: '5550001112' });
  const sent = await call(harness.app, 'PUT', '/api/userMoneyTrans', shirin.cookie, { id: shirinAccount, confirmedName: 'Tanvir Hasan', accNum: tanvirAccount, sendAmount: 100 });
  expect(sent.statusCode, sent.body).toBe(200);
  transferReference = sent.json().reference;
  const anais = await registerCustomer(harness.app, { name: 'Anaïs Chowdhury' });
  anaisAccount = await requestAccount(harness.app, anais, { user: 'Anaïs Chowdhury', phone: '01511-000333', nid: '5550001113' });
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
      expect(
        found.rows.map((row) => row._id),
        q,
      ).toEqual([tanvirAccount]);
      expect(found.total, q).toBe(1);
    }
    expect((await search('/api/userAccounts', 'khatun')).rows.map((row) => row._id)).toEqual([rahimaAccount]);
  });

  it('finds an account by its last four digits', async () => {
    const found = await search('/api/userAccounts', tanvirAccount.slice(-4));
    expect(found.rows.map((row) => row._id)).toContain(tanvirAccount);
    expect(found.rows.every((row) => String(row._id).endsWith(tanvirAccount.slice(-4)))).toBe(true);
    expect((await search('/api/dashDepoShow', tanvirAccount.slice(-4))).rows.map((row) => row._id)).toContain(tanvirDeposit.id);
  });

  it('finds a customer by mobile number in every form it is written, on every list and among users', async () => {
    for (const q of ['01819555123', '01819-555123', '+8801819555123', '+880 1819 555123', '8801819555123', '০১৮১৯-৫৫৫১২৩', '(+880) 1819-555-123']) {
      const found = await search('/api/userAccounts', q);
      expect(
        found.rows.map((row) => row._id),
        q,
      ).toEqual([tanvirAccount]);
      expect(found.total, q).toBe(1);
      expect(
        (await search('/api/allUsers', q)).rows.map((row) => row._id),
        q,
      ).toEqual([tanvir.userId]);
      expect(
        (await search('/api/dashDepoShow', q)).rows.map((row) => row._id),
        q,
      ).toEqual([tanvirDeposit.id]);
    }
    expect((await search('/api/userAccounts', '01819555124')).total).toBe(0);
  });

  it('finds a customer by national ID, whole, in either script, with spaces', async () => {
    for (const q of [tanvirNid, '19901 23456 7890123', toBanglaDigits(tanvirNid)]) {
      expect(
        (await search('/api/userAccounts', q)).rows.map((row) => row._id),
        q,
      ).toEqual([tanvirAccount]);
      expect(
        (await search('/api/dashCardReq', q)).rows.map((row) => row.accNum),
        q,
      ).toEqual([tanvirAccount]);
    }
    // A piece of an NID is no NID.
    expect((await search('/api/userAccounts', tanvirNid.slice(0, 12))).total).toBe(0);
  });

  it('finds a movement by the short reference a customer quotes: a transfer’s two accounts, a deposit itself', async () => {
    for (const q of [transferReference, transferReference.toLowerCase(), transferReference.replaceAll('-', ' '), transferReference.replaceAll('0', 'O')]) {
      const found = await search('/api/userAccounts', q);
      expect(found.rows.map((row) => row._id).sort(), q).toEqual([shirinAccount, tanvirAccount].sort());
      expect(found.total, q).toBe(2);
    }
    const deposits = await search('/api/dashDepoShow', tanvirDeposit.reference.toLowerCase());
    expect(deposits.rows.map((row) => [row._id, row.reference])).toEqual([[tanvirDeposit.id, tanvirDeposit.reference]]);
    expect((await search('/api/userAccounts', tanvirDeposit.reference)).rows.map((row) => row._id)).toEqual([tanvirAccount]);
    expect((await search('/api/allUsers', tanvirDeposit.reference)).rows.map((row) => row._id)).toEqual([tanvir.userId]);
    // One character wrong: the check character refuses it, and it finds nothing rather than someone else's.
    const last = transferReference.at(-1) === 'A' ? 'B' : 'A';
    expect((await search('/api/userAccounts', `${transferReference.slice(0, -1)}${last}`)).total).toBe(0);
  });

  it('finds a name typed in decomposed form (NFC), as it is stored composed', async () => {
    expect((await search('/api/userAccounts', 'chowdhury')).rows.map((row) => row._id)).toEqual([anaisAccount]);
    expect((await search('/api/userAccounts', 'ana\u00efs')).rows.map((row) => row._id)).toEqual([anaisAccount]);
    expect((await search('/api/userAccounts', 'Anai\u0308s')).rows.map((row) => row._id)).toEqual([anaisAccount]);
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
