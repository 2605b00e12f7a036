import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { balanceOf, call, openFundedAccount, requestAccount, type Customer } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';
import { snap } from '../support/screenshots';

const suite = browserSuite();

const rowKeys = (page: Page, prefix: string) => page.locator(`[data-testid^="${prefix}-"]`).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key')));
const tab = (page: Page, name: string) => page.getByTestId('dashboard-nav').getByRole('link', { name });
const waitingOn = (page: Page, name: string) => tab(page, name).getByTestId('waiting-count').locator('[aria-hidden="true"]').textContent();

async function requestDeposit(customer: Customer, accountId: string, amount: number): Promise<string> {
  const response = await call(suite.harness.app, 'PUT', '/api/depositReq', customer.cookie, { accNum: accountId, depositAmount: amount });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { insertedId: string }).insertedId;
}

/** Declines whatever waits, so a test starts from a known queue (the suite's database is shared by its tests). */
async function emptyQueue(staff: string): Promise<void> {
  const lists: Array<[string, (id: string) => string]> = [
    ['/api/userAccounts?status=pending&limit=100', (id) => `/api/requestedUsersDelete/${id}`],
    ['/api/dashDepoShow?status=pending&limit=100', (id) => `/api/userDepositDelete/${id}`],
  ];
  for (const [list, decline] of lists) {
    const waiting = (await call(suite.harness.app, 'GET', list, staff)).json() as Array<{ _id: string }>;
    for (const { _id } of waiting) await call(suite.harness.app, 'DELETE', decline(_id), staff, { reason: 'duplicate_request' });
  }
}

describe('the staff work queue', () => {
  it('opens on what waits, oldest first, with the count of waiting requests on every tab', async () => {
    const staff = await signInStaff(suite.harness.app);
    await emptyQueue(staff);
    const older = await registerCustomer(suite.harness.app, { name: 'Older Request' });
    const newer = await registerCustomer(suite.harness.app, { name: 'Newer Request' });
    const olderAccount = await requestAccount(suite.harness.app, older, { user: 'Older Request' });
    const newerAccount = await requestAccount(suite.harness.app, newer, { user: 'Newer Request' });

    const page = await (await suite.newContext(1280, staff)).newPage();
    await page.goto(`${suite.baseUrl}/dashboard`);
    await expect.poll(() => rowKeys(page, 'account')).toEqual([olderAccount, newerAccount]);
    expect(await page.getByLabel('Status').inputValue()).toBe('pending');
    await expect.poll(() => waitingOn(page, 'Accounts Info')).toBe('2');
    for (const name of ['Card Request', 'Loan Request', 'Deposit Request']) expect(await waitingOn(page, name)).toBe('0');
    await snap(page, 'queue-accounts-1280-en');

    // Nothing waits on accounts any more, a deposit does: the dashboard opens on it.
    for (const id of [olderAccount, newerAccount]) expect((await call(suite.harness.app, 'PUT', `/api/userStatusUpdate/${id}`, staff, {})).statusCode).toBe(200);
    const depositId = await requestDeposit(older, olderAccount, 500);
    await page.goto(`${suite.baseUrl}/dashboard`);
    await page.waitForURL(`${suite.baseUrl}/dashboard/DepositRequest?status=pending`);
    await expect.poll(() => rowKeys(page, 'deposit')).toEqual([depositId]);
    await expect.poll(() => waitingOn(page, 'Deposit Request')).toBe('1');
    expect(await waitingOn(page, 'Accounts Info')).toBe('0');
  });

  it('keeps each tab’s filter when staff switch tabs, go back and reload', async () => {
    const staff = await signInStaff(suite.harness.app);
    const page = await (await suite.newContext(1280, staff)).newPage();
    await page.goto(`${suite.baseUrl}/dashboard/DepositRequest`);
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('pending');
    await page.getByLabel('Status').selectOption('');
    await page.waitForURL(`${suite.baseUrl}/dashboard/DepositRequest?status=all`);

    await tab(page, 'Card Request').click();
    await page.waitForURL(`${suite.baseUrl}/dashboard/cardRequest?status=pending`);
    await page.getByLabel('Status').selectOption('success');
    await page.waitForURL(`${suite.baseUrl}/dashboard/cardRequest?status=success`);

    await tab(page, 'Deposit Request').click();
    await page.waitForURL(`${suite.baseUrl}/dashboard/DepositRequest?status=all`);
    // The address changes before the list re-renders, so for a moment the card list's filter may still show.
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('');
    await page.reload();
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('');
    await tab(page, 'Card Request').click();
    await page.waitForURL(`${suite.baseUrl}/dashboard/cardRequest?status=success`);
    await page.goBack();
    await page.waitForURL(`${suite.baseUrl}/dashboard/DepositRequest?status=all`);
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('');
  });

  it('approves several at once, each as if alone, and lists the one a colleague decided first', async () => {
    const staff = await signInStaff(suite.harness.app);
    await emptyQueue(staff);
    const customer = await registerCustomer(suite.harness.app, { name: 'Bulk Customer' });
    const accountId = await openFundedAccount(suite.harness.app, customer, staff, 0, { user: 'Bulk Customer' });
    const ids = [await requestDeposit(customer, accountId, 100), await requestDeposit(customer, accountId, 200), await requestDeposit(customer, accountId, 300)];

    for (const width of [1280, 360]) {
      if (width === 360) ids.push(await requestDeposit(customer, accountId, 50), await requestDeposit(customer, accountId, 60));
      const waiting = width === 1280 ? ids.slice(0, 3) : ids.slice(3);
      const page = await (await suite.newContext(width, staff)).newPage();
      await page.goto(`${suite.baseUrl}/dashboard/DepositRequest`);
      await expect.poll(() => rowKeys(page, 'deposit')).toEqual(waiting);
      await page.getByLabel('Select all on this page').check();
      // A colleague approves the first one while this staff member is choosing.
      expect((await call(suite.harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: waiting[0] })).statusCode).toBe(200);
      await page.getByRole('button', { name: `Approve ${waiting.length} selected` }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByTestId('confirm-facts').locator('dd').count()).toBe(waiting.length);
      await dialog.getByRole('button', { name: `Approve ${waiting.length}`, exact: true }).click();
      await expect.poll(() => page.getByText(`${waiting.length - 1} of ${waiting.length} approved`, { exact: true }).count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('bulk-refused').textContent()).toContain('Already decided by someone else.');
      await expect.poll(() => rowKeys(page, 'deposit')).toEqual([]);
      await snap(page, `queue-bulk-done-${width}-en`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(await balanceOf(suite.harness.app, customer.cookie, accountId)).toBe(710);
  });

  it('moves through the list with j and k, selects with x, and types j in the search box as a letter', async () => {
    const staff = await signInStaff(suite.harness.app);
    await emptyQueue(staff);
    const customer = await registerCustomer(suite.harness.app, { name: 'Keyboard Customer' });
    const accountId = await openFundedAccount(suite.harness.app, customer, staff, 0, { user: 'Keyboard Customer' });
    const ids = [await requestDeposit(customer, accountId, 10), await requestDeposit(customer, accountId, 20)];
    const page = await (await suite.newContext(1280, staff)).newPage();
    await page.goto(`${suite.baseUrl}/dashboard/DepositRequest`);
    await expect.poll(() => rowKeys(page, 'deposit')).toEqual(ids);
    expect(await page.getByTestId('keys-hint').textContent()).toBe('Keys: j next · k previous · x select');
    const focusedRow = () => page.evaluate(() => document.activeElement?.getAttribute('data-row-key'));
    await page.keyboard.press('j');
    await expect.poll(focusedRow).toBe(ids[0]);
    await page.keyboard.press('j');
    await expect.poll(focusedRow).toBe(ids[1]);
    await page.keyboard.press('k');
    await expect.poll(focusedRow).toBe(ids[0]);
    await page.keyboard.press('x');
    await expect.poll(() => page.getByTestId(`deposit-${ids[0]}`).getByRole('checkbox').isChecked()).toBe(true);
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.focus();
    await page.keyboard.press('j');
    expect(await box.inputValue()).toBe('j');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
  });

  it('shows the national ID, birth date, photo, nominee and address in the account approval dialog', async () => {
    const staff = await signInStaff(suite.harness.app);
    const customer = await registerCustomer(suite.harness.app, { name: 'Shirin Akter' });
    const accountId = await requestAccount(suite.harness.app, customer, {
      user: 'Shirin Akter',
      nid: '19901234567890123',
      birthDate: '1988-03-09',
      residentialArea: 'Mirpur 10, Dhaka',
      permanentArea: 'Sadar, Bogura',
      nomineeName: 'Jamal Akter',
      nomineeId: '5551234567',
      nomineeRelation: 'Husband',
    });
    for (const width of [1280, 360]) {
      const page = await (await suite.newContext(width, staff)).newPage();
      await page.goto(`${suite.baseUrl}/dashboard`);
      await page.getByTestId(`account-${accountId}`).getByRole('button', { name: 'Approve', exact: true }).click();
      const facts = page.getByRole('dialog').getByTestId('confirm-facts');
      await expect.poll(() => facts.textContent()).toContain('19901234567890123');
      const text = (await facts.textContent()) ?? '';
      for (const fact of ['9 Mar 1988', 'Mirpur 10, Dhaka', 'Sadar, Bogura', 'Jamal Akter (Husband)', '5551234567', 'National ID', 'Birth date']) expect(text, fact).toContain(fact);
      const photo = page.getByRole('dialog').getByRole('img', { name: 'Photo of Shirin Akter' });
      await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
      await snap(page, `queue-account-dialog-${width}-en`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');
    }
  });

  it('gives the service banner its own tab, and the messages page no longer carries its form', async () => {
    const staff = await signInStaff(suite.harness.app);
    const page = await (await suite.newContext(360, staff)).newPage();
    await page.goto(`${suite.baseUrl}/dashboard/messages`);
    await expect.poll(() => page.getByRole('heading', { name: 'Messages', level: 1 }).count()).toBe(1);
    expect(await page.getByTestId('notice-form').count()).toBe(0);
    await tab(page, 'Service notices').click();
    await page.waitForURL(`${suite.baseUrl}/dashboard/banner`);
    await expect.poll(() => page.getByRole('heading', { name: 'Service notices', level: 1 }).count()).toBe(1);
    expect(await page.getByTestId('notice-form').count()).toBe(1);
    await snap(page, 'queue-banner-360-en');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('speaks Bangla: the counts in Bangla digits and the keys’ hint', async () => {
    const staff = await signInStaff(suite.harness.app);
    expect((await call(suite.harness.app, 'PUT', '/api/me/language', staff, { language: 'bn' })).statusCode).toBe(200);
    try {
      const page = await (await suite.newContext(360, staff)).newPage();
      await page.goto(`${suite.baseUrl}/dashboard/DepositRequest`);
      await expect.poll(() => page.getByTestId('keys-hint').textContent()).toBe('কী: j পরেরটি · k আগেরটি · x বাছাই');
      const counts = await page.getByTestId('waiting-count').locator('[aria-hidden="true"]').allTextContents();
      expect(counts).toHaveLength(4);
      for (const count of counts) expect(count).toMatch(/^[০-৯]+$/);
      await snap(page, 'queue-deposits-360-bn');
      // The account approval dialog and the bulk bar, in Bangla at both widths.
      const customer = await registerCustomer(suite.harness.app, { name: 'Bangla Reader' });
      const accountId = await requestAccount(suite.harness.app, customer, { user: 'Bangla Reader' });
      for (const width of [360, 1280]) {
        const wide = await (await suite.newContext(width, staff)).newPage();
        await wide.goto(`${suite.baseUrl}/dashboard?status=pending`);
        await expect.poll(() => wide.getByTestId('bulk-bar').textContent()).toContain('এই পাতার সবগুলো বাছাই করুন');
        await snap(wide, `queue-accounts-${width}-bn`);
        await wide.getByTestId(`account-${accountId}`).getByRole('button', { name: 'অনুমোদন', exact: true }).click();
        await expect.poll(() => wide.getByRole('dialog').getByTestId('confirm-facts').textContent()).toContain('জাতীয়');
        await snap(wide, `queue-account-dialog-${width}-bn`);
        expect(await wide.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    } finally {
      await call(suite.harness.app, 'PUT', '/api/me/language', staff, { language: 'en' });
    }
  });
});
