import { sql, type SQL } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/server/modules/ledger/ledger';
import { approveAccount, balanceOf, call, openFundedAccount, type Customer } from '../../src/server/test-support/banking';
import { multipartImage, onePixelPng, registerCustomer, signInStaff, type TestApp } from '../../src/server/test-support/test-app';
import { fillAccountRequest, rokeyasDaughter } from '../support/account-request-form';
import { startBrowserHarness, type BrowserHarness } from '../support/browser-harness';
import { contextWithSession, expectOneOperation, focusedText, loseFirstAnswer, pressSend, tapModes, watchRequests, type TapMode } from '../support/safe-actions';

/**
 * Every money action and request of a customer, sent the three ways that used to send it twice:
 * a double click, a double Enter, and a first answer lost on the way back. Each must reach the
 * server as one operation (one Idempotency-Key) and happen exactly once, and the customer must
 * see its result with its reference.
 */
let harness: TestApp;
let browser: Browser;
let baseUrl: string;
let started: BrowserHarness | undefined;
let staff: string;
let customer: Customer;
let context: BrowserContext;

beforeAll(async () => {
  // One customer opens an account for each action and way of sending it: more than the hour's
  // allowance of account requests a customer has.
  started = await startBrowserHarness({ rateLimitMultiplier: 5 });
  ({ harness, browser, baseUrl } = started);
  staff = await signInStaff(harness.app);
  customer = await registerCustomer(harness.app, { name: 'Nusrat Jahan' });
  context = await contextWithSession(browser, baseUrl, customer.cookie);
});

afterAll(async () => {
  await context?.close();
  await started?.close();
});

async function count(query: SQL): Promise<number> {
  const result = await harness.database.db.execute<{ count: number }>(query);
  return Number(result.rows[0]?.count);
}

const newAccount = (amountBdt: number) => openFundedAccount(harness.app, customer, staff, amountBdt, { user: 'Nusrat Jahan' });

async function uploadPassport(): Promise<string> {
  const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
  const response = await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: customer.cookie, origin: baseUrl } });
  return (response.json() as { data: { url: string } }).data.url;
}

const loanRequestBody = async (accountId: string) => ({
  loan: 'personal',
  accNum: accountId,
  income: 65000,
  company: 'Padma Textiles',
  lAmount: 20000,
  lDuration: '12',
  document: await uploadPassport(),
  documentKind: 'salary-certificate',
});

type Prepared = {
  /** How many times the action has happened so far: must grow by exactly one. */
  effects: () => Promise<number>;
  /** Fills the form on the open page and answers the button that sends (after any confirm step). */
  fill: (page: Page) => Promise<Locator>;
  path: string;
};

type CustomerAction = { name: string; method: 'PUT' | 'POST'; receipt: string; prepare: (page: Page) => Promise<Prepared> };

const actions: CustomerAction[] = [
  {
    name: 'transfer',
    method: 'PUT',
    receipt: 'Money Transfer successfully',
    async prepare(page) {
      const receiver = await registerCustomer(harness.app, { name: 'Tanvir Ahmed' });
      const receiverAccount = await openFundedAccount(harness.app, receiver, staff, 0, { user: 'Tanvir Ahmed', role: 'Current' });
      const accountId = await newAccount(10_000);
      await page.goto(`${baseUrl}/moneyTrans/${accountId}`);
      return {
        path: '/api/userMoneyTrans',
        effects: async () => (10_000 - (await balanceOf(harness.app, customer.cookie, accountId))) / 100,
        async fill() {
          await page.getByLabel('Receiver account number').fill(receiverAccount);
          await expect.poll(() => page.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
          await page.getByLabel('Send amount (BDT)').fill('100');
          await page.getByRole('button', { name: 'Send money' }).click();
          return page.getByRole('button', { name: 'Yes, send it' });
        },
      };
    },
  },
  {
    name: 'loan repayment',
    method: 'PUT',
    receipt: 'Loan repayment received',
    async prepare(page) {
      const accountId = await newAccount(5_000);
      const loanId = (await call(harness.app, 'POST', '/api/loanReq', customer.cookie, await loanRequestBody(accountId))).json().insertedId as string;
      expect((await call(harness.app, 'PUT', '/api/userLoanUpdate', staff, { id: loanId })).statusCode).toBe(200);
      await page.goto(`${baseUrl}/debtRepay/${loanId}`);
      return {
        path: '/api/lInfoUpdate',
        effects: () => count(sql`SELECT count(*)::int AS count FROM journal_entry WHERE kind = 'loan_repayment' AND reference_id = ${loanId}`),
        async fill() {
          await page.getByLabel('Amount (BDT)').fill('500');
          await page.getByRole('button', { name: 'Repay', exact: true }).click();
          return page.getByRole('button', { name: 'Yes, repay' });
        },
      };
    },
  },
  {
    name: 'deposit request',
    method: 'PUT',
    receipt: 'Requested for the Deposit successfully',
    async prepare(page) {
      const accountId = await newAccount(0);
      await page.goto(`${baseUrl}/deposit/${accountId}`);
      return {
        path: '/api/depositReq',
        effects: () => count(sql`SELECT count(*)::int AS count FROM deposit_request WHERE bank_account_id = ${accountId}`),
        async fill() {
          await page.getByLabel('Deposit amount (BDT)').fill('2500');
          return page.getByRole('button', { name: 'Request deposit' });
        },
      };
    },
  },
  {
    name: 'card request',
    method: 'POST',
    receipt: 'Requested Successfully!!!',
    async prepare(page) {
      const accountId = await newAccount(0);
      await page.goto(`${baseUrl}/cardsReq/${accountId}`);
      return {
        path: '/api/cardsReq',
        effects: () => count(sql`SELECT count(*)::int AS count FROM card WHERE bank_account_id = ${accountId}`),
        async fill() {
          await page.getByLabel('Debit Card').check();
          return page.getByRole('button', { name: 'Request', exact: true });
        },
      };
    },
  },
  {
    name: 'loan request',
    method: 'POST',
    receipt: 'Requested for the Loan Successfully!!!',
    async prepare(page) {
      const accountId = await newAccount(0);
      await page.goto(`${baseUrl}/loanReq/${accountId}`);
      return {
        path: '/api/loanReq',
        effects: () => count(sql`SELECT count(*)::int AS count FROM loan WHERE bank_account_id = ${accountId}`),
        async fill() {
          await page.getByLabel('Loan type').selectOption('personal');
          await page.getByLabel('Duration').selectOption('12');
          await page.getByLabel('Loan amount (BDT)').fill('20000');
          await page.getByLabel('Monthly income (BDT)').fill('65000');
          await page.getByLabel('Company name').fill('Karnaphuli Shipping Ltd.');
          await page.getByLabel('Proof of income').selectOption('salary-certificate');
          await page.getByLabel('Upload the document').setInputFiles({ name: 'salary.png', mimeType: 'image/png', buffer: onePixelPng });
          return page.getByRole('button', { name: 'Request loan' });
        },
      };
    },
  },
  {
    name: 'account request',
    method: 'POST',
    receipt: 'Requested for your Account Successfully!!',
    async prepare(page) {
      // A customer may have three account requests waiting: staff open the earlier ones first.
      const waiting = await harness.database.db.execute<{ id: string }>(sql`SELECT id FROM bank_account WHERE owner_user_id = ${customer.userId} AND status = 'pending'`);
      for (const { id } of waiting.rows) await approveAccount(harness.app, staff, id);
      await page.goto(`${baseUrl}/openAcc`);
      return {
        path: '/api/requestedUsers',
        effects: () => count(sql`SELECT count(*)::int AS count FROM bank_account WHERE owner_user_id = ${customer.userId}`),
        fill: () => fillAccountRequest(page, { ...rokeyasDaughter, phone: '+880 1812-345678', birth: { day: '2', month: '6', year: '1994' } }),
      };
    },
  },
];

describe.each(actions)('the $name', (action) => {
  it.each(tapModes)('happens once on a %s, and shows its reference', async (mode: TapMode) => {
    const page = await context.newPage();
    const prepared = await action.prepare(page);
    const before = await prepared.effects();
    const button = await prepared.fill(page);
    const seen = watchRequests(page, action.method, prepared.path);
    if (mode === 'lost answer') await loseFirstAnswer(page, prepared.path);

    await pressSend(page, button, mode);

    const receipt = page.getByTestId('operation-receipt');
    await receipt.getByRole('heading', { name: action.receipt }).waitFor();
    expect(await receipt.getByTestId('receipt-reference').textContent()).toMatch(/\S/);
    expectOneOperation(seen, mode);
    expect(await prepared.effects()).toBe(before + 1);
    await page.close();
  });
});

describe('the transfer’s confirm step', () => {
  it('starts on Cancel, cancels with Escape, returns focus, and sends once on the next confirm', async () => {
    const page = await context.newPage();
    const prepared = await actions[0]!.prepare(page);
    const confirm = await prepared.fill(page);
    const seen = watchRequests(page, 'PUT', prepared.path);
    await confirm.waitFor();
    expect(await focusedText(page)).toBe('Cancel');
    // Enter on the focused Cancel, then Escape: nothing is sent either way.
    await page.keyboard.press('Enter');
    expect(await focusedText(page)).toBe('Send money');
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await focusedText(page)).toBe('Send money');
    expect(seen.keys).toHaveLength(0);

    await page.getByRole('button', { name: 'Send money' }).click();
    await confirm.click();
    await page.getByTestId('operation-receipt').waitFor();
    expect(seen.keys).toHaveLength(1);
    expect(await prepared.effects()).toBe(1);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0 });
    await page.close();
  });

  it('looks the receiver up while the customer types: the masked name, then an unknown number caught before any confirm', async () => {
    const page = await context.newPage();
    const prepared = await actions[0]!.prepare(page);
    await prepared.fill(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    const lookup = page.getByTestId('payee-lookup');
    expect(await lookup.getAttribute('data-state')).toBe('found');
    expect(await page.getByTestId('payee-name').textContent()).toBe('TA**** AH***');
    expect(await lookup.textContent()).not.toContain('Tanvir');
    await page.getByLabel('Receiver account number').fill('2081234567897');
    await expect.poll(() => lookup.getAttribute('data-state')).toBe('notFound');
    await page.getByRole('button', { name: 'Send money' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'No account that can receive money has this number.' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Yes, send it' }).count()).toBe(0);
    expect(await prepared.effects()).toBe(0);
    await page.close();
  });

  it('sends nothing when the look-up cannot be made, and looks up again on request', async () => {
    const page = await context.newPage();
    await page.route('**/api/nameEnquiry', (route) => route.abort());
    const receiver = await registerCustomer(harness.app, { name: 'Tanvir Ahmed' });
    const receiverAccount = await openFundedAccount(harness.app, receiver, staff, 0, { user: 'Tanvir Ahmed', role: 'Current' });
    const accountId = await newAccount(10_000);
    await page.goto(`${baseUrl}/moneyTrans/${accountId}`);
    await page.getByLabel('Receiver account number').fill(receiverAccount);
    const lookup = page.getByTestId('payee-lookup');
    await expect.poll(() => lookup.getAttribute('data-state')).toBe('unavailable');
    await page.getByLabel('Send amount (BDT)').fill('100');
    await page.getByRole('button', { name: 'Send money' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'The account could not be looked up now.' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Yes, send it' }).count()).toBe(0);
    await page.unroute('**/api/nameEnquiry');
    await page.getByRole('button', { name: 'Look up again' }).click();
    await expect.poll(() => lookup.getAttribute('data-state')).toBe('found');
    expect(await balanceOf(harness.app, customer.cookie, accountId)).toBe(10_000);
    await page.close();
  });
});
