import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { balanceOf, openFundedAccount, type Customer } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

/** Screenshots for a person to look at, only when asked for (SCREENSHOT_DIR). */
async function keepScreenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOT_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

async function transferPage(customer: Customer, accountId: string, width: number, language: 'en' | 'bn' = 'en'): Promise<Page> {
  const context = await suite.newContext(width, customer.cookie);
  await context.addInitScript((chosen) => localStorage.setItem('padma-bank.language', chosen), language);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${suite.baseUrl}/moneyTrans/${accountId}`);
  return page;
}

describe('confirmation of payee by look-up', () => {
  it('on a 360 px phone: the customer types an account number, sees the holder’s masked name and type, and sends to that person', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const sender = await registerCustomer(app, { name: 'Farzana Akter' });
    const receiver = await registerCustomer(app, { name: 'Karim Hossain' });
    const senderAccount = await openFundedAccount(app, sender, staff, 5_000, { user: 'Farzana Akter' });
    const receiverAccount = await openFundedAccount(app, receiver, staff, 0, { user: 'Karim Hossain', role: 'Current' });
    const page = await transferPage(sender, senderAccount, 360);

    // Nothing to guess: no name to type and no account type to pick.
    await page.getByLabel('Receiver account number').waitFor();
    expect(await page.getByLabel('Receiver name').count()).toBe(0);
    expect(await page.getByLabel('Receiver account type').count()).toBe(0);

    await page.getByLabel('Receiver account number').fill(receiverAccount);
    const lookup = page.getByTestId('payee-lookup');
    await expect.poll(() => lookup.getAttribute('data-state')).toBe('found');
    expect(await page.getByTestId('payee-name').textContent()).toBe('KA*** HO*****');
    expect(await lookup.textContent()).toContain('Current account');
    // The page never holds the full name.
    expect(await page.content()).not.toContain('Karim Hossain');
    await keepScreenshot(page, 'payee-lookup-found-360-en');

    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/userMoneyTrans')) sent.push(request.postDataJSON());
    });
    await page.getByLabel('Send amount (BDT)').fill('1200');
    await page.getByRole('button', { name: 'Send money' }).click();
    const confirmPayee = page.getByTestId('confirm-payee');
    await expect.poll(() => confirmPayee.textContent()).toContain(`KA*** HO*****, Current account ${receiverAccount}`);
    await keepScreenshot(page, 'payee-lookup-confirm-360-en');
    await page.getByRole('button', { name: 'Yes, send it' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Money Transfer successfully' }).count()).toBe(1);
    expect(await page.getByTestId('operation-receipt').textContent()).toContain('KA*** HO*****');
    // The request carries the account number and the masked name confirmed, nothing the customer typed about the person.
    expect(sent).toEqual([{ id: senderAccount, accNum: receiverAccount, confirmedName: 'KA*** HO*****', sendAmount: '1200.00' }]);
    expect(await balanceOf(app, receiver.cookie, receiverAccount)).toBe(1200);
  });

  it('says plainly when no account can receive money at a number, and sends nothing', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const sender = await registerCustomer(app, { name: 'Nasrin Akter' });
    const senderAccount = await openFundedAccount(app, sender, staff, 5_000, { user: 'Nasrin Akter' });
    const page = await transferPage(sender, senderAccount, 360);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/userMoneyTrans')) sent.push(request.method());
    });
    await page.getByLabel('Receiver account number').fill('2081234567897');
    await expect.poll(() => page.getByTestId('payee-lookup').getAttribute('data-state')).toBe('notFound');
    expect(await page.getByTestId('payee-lookup').textContent()).toContain('No account that can receive money has this number.');
    await page.getByLabel('Send amount (BDT)').fill('100');
    await page.getByRole('button', { name: 'Send money' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'No account that can receive money has this number.' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Yes, send it' }).count()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('looks the same in Bangla, a Bangla name masked letter by letter, at 360 and 1280 px', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const sender = await registerCustomer(app, { name: 'Salma Begum' });
    const receiver = await registerCustomer(app, { name: 'করিম হোসেন' });
    const senderAccount = await openFundedAccount(app, sender, staff, 5_000, { user: 'Salma Begum' });
    const receiverAccount = await openFundedAccount(app, receiver, staff, 0, { user: 'করিম হোসেন' });
    for (const width of [360, 1280]) {
      for (const language of ['en', 'bn'] as const) {
        const page = await transferPage(sender, senderAccount, width, language);
        await page.locator('#transfer-accNum').fill(receiverAccount);
        await expect.poll(() => page.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
        expect(await page.getByTestId('payee-name').textContent()).toBe('ক** হো**');
        expect(await page.getByTestId('payee-lookup').textContent()).toContain(language === 'bn' ? 'হিসাবধারী' : 'Account holder');
        // Nothing wider than the screen: the masked name and the hint wrap.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await keepScreenshot(page, `payee-lookup-${width}-${language}`);
        await page.locator('#transfer-amount').fill('100');
        await page.locator('form button[type="submit"]').click();
        await page.getByTestId('confirm-payee').waitFor();
        await keepScreenshot(page, `payee-lookup-confirm-${width}-${language}`);
        await page.close();
      }
    }
  }, 120_000);
});
