import { describe, expect, it } from 'vitest';
import { call, openFundedAccount } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

describe('notifications', () => {
  it('a customer who receives a transfer sees the bell’s count, opens the list and marks it read', async () => {
    const staff = await signInStaff(suite.harness.app);
    const sender = await registerCustomer(suite.harness.app, { name: 'Rafiq Islam' });
    const receiver = await registerCustomer(suite.harness.app, { name: 'Nasrin Akter' });
    const senderAccount = await openFundedAccount(suite.harness.app, sender, staff, 200_000, { user: 'Rafiq Islam' });
    const receiverAccount = await openFundedAccount(suite.harness.app, receiver, staff, 0, { user: 'Nasrin Akter', role: 'Current' });
    // Opening the account already told the receiver: read that first, so the bell counts the transfer alone.
    expect((await call(suite.harness.app, 'POST', '/api/notifications/read-all', receiver.cookie)).statusCode).toBe(200);
    const sent = await call(suite.harness.app, 'PUT', '/api/userMoneyTrans', sender.cookie, { id: senderAccount, confirmedName: 'Nasrin Akter', accNum: receiverAccount, sendAmount: 24000 });
    expect(sent.statusCode).toBe(200);
    // Its notices are written out just after the commit, off the transfer's path.
    await suite.harness.app.services.notices.settled();

    const page = await (await suite.newContext(360, receiver.cookie)).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${suite.baseUrl}/myAccounts`);
    const bell = page.getByTestId('notification-bell');
    await expect.poll(() => page.getByRole('link', { name: 'Notifications (1 unread)' }).count()).toBe(1);
    expect(await page.getByTestId('notification-count').textContent()).toBe('1');
    await bell.click();
    await page.waitForURL(`${suite.baseUrl}/notifications`);
    await expect.poll(() => page.title()).toBe('Notifications · Padma Bank');
    const unread = page.locator('[data-testid="notification"][data-unread="true"]');
    await expect.poll(() => unread.count()).toBe(1);
    expect(await unread.textContent()).toContain(`Rafiq Islam (account ${senderAccount}) sent 24,000.00 BDT to your account ${receiverAccount}.`);
    await unread.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => unread.count()).toBe(0);
    await expect.poll(() => bell.getByTestId('notification-bell-name').textContent()).toBe('Notifications');
    expect(await page.getByTestId('notification-count').count()).toBe(0);
    expect((await call(suite.harness.app, 'GET', '/api/notifications/unread-count', receiver.cookie)).json()).toEqual({ unread: 0 });
  });

  it('a customer whose issued card staff cancel reads that the card was cancelled, with the reason, in English and in Bangla', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const customer = await registerCustomer(app, { name: 'Shirin Akhter' });
    const accountId = await openFundedAccount(app, customer, staff, 0, { user: 'Shirin Akhter' });
    const card = await call(app, 'POST', '/api/cardsReq', customer.cookie, { card: 'debit', accNum: accountId });
    expect((await call(app, 'PUT', '/api/dashCardDebit', staff, { id: card.json().insertedId })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/notifications/read-all', customer.cookie)).statusCode).toBe(200);
    const cancelled = await call(app, 'DELETE', '/api/dashCardDelete', staff, { id: card.json().insertedId, reason: 'other', note: 'Reported lost at the branch' });
    expect(cancelled.json()).toMatchObject({ outcome: 'cancelled' });

    for (const width of [1280, 360]) {
      // Switching to Bangla below is kept on the customer's profile: each width starts in English.
      expect((await call(app, 'PUT', '/api/me/language', customer.cookie, { language: 'en' })).statusCode).toBe(200);
      const page = await (await suite.newContext(width, customer.cookie)).newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${suite.baseUrl}/notifications`);
      const unread = page.locator('[data-testid="notification"][data-unread="true"]');
      await expect.poll(() => unread.count()).toBe(1);
      expect(await unread.textContent()).toContain('Card cancelled');
      expect(await unread.textContent()).toContain(`The bank cancelled your debit card for account ${accountId}. It can no longer be used.`);
      expect(await unread.textContent()).toContain('The bank’s note: Reported lost at the branch');
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/card-cancelled-${width}.png`, fullPage: true });

      await page
        .getByRole('button', { name: /^বাংলা/ })
        .first()
        .click();
      // The switch waits for the Bangla texts of every area on the page: on a loaded machine that
      // is more than the poll's default five seconds.
      await expect.poll(async () => unread.textContent(), { timeout: 15_000 }).toContain('কার্ড বাতিল');
      expect(await unread.textContent()).toContain('ব্যাংক বাতিল করেছে। কার্ডটি আর ব্যবহার করা যাবে না।');
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/card-cancelled-${width}-bn.png`, fullPage: true });
      await page.close();
    }
  });

  it('a customer who receives many transfers reads one notification saying how many and how much; a sender is told the smallest transfer', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const sender = await registerCustomer(app, { name: 'Jamal Uddin' });
    const receiver = await registerCustomer(app, { name: 'Salma Begum' });
    const senderAccount = await openFundedAccount(app, sender, staff, 5_000, { user: 'Jamal Uddin' });
    const receiverAccount = await openFundedAccount(app, receiver, staff, 0, { user: 'Salma Begum', role: 'Current' });
    expect((await call(app, 'POST', '/api/notifications/read-all', receiver.cookie)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(app, 'PUT', '/api/userMoneyTrans', sender.cookie, { id: senderAccount, confirmedName: 'Salma Begum', accNum: receiverAccount, sendAmount: 25 })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
    await suite.harness.app.services.notices.settled();

    for (const width of [1280, 360]) {
      expect((await call(app, 'PUT', '/api/me/language', receiver.cookie, { language: 'en' })).statusCode).toBe(200);
      const page = await (await suite.newContext(width, receiver.cookie)).newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${suite.baseUrl}/notifications`);
      const unread = page.locator('[data-testid="notification"][data-unread="true"]');
      // One line for the quarter of an hour (two if the transfers happened across the turn of one).
      await expect.poll(() => unread.count()).toBeGreaterThanOrEqual(1);
      expect(await unread.count()).toBeLessThanOrEqual(2);
      expect(await unread.first().textContent()).toMatch(/You received \d+ transfers since .+, [\d,.]+ BDT in all\. The latest: Jamal Uddin \(account \d+\) sent 25\.00 BDT to your account \d+\./);
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/transfers-grouped-${width}.png`, fullPage: true });
      await page
        .getByRole('button', { name: /^বাংলা/ })
        .first()
        .click();
      await expect.poll(async () => unread.first().textContent()).toMatch(/টি লেনদেনে মোট .+ টাকা পেয়েছেন। সর্বশেষটি: Jamal Uddin/);
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/transfers-grouped-${width}-bn.png`, fullPage: true });
      await page.close();
    }

    // The transfer form refuses less than the smallest transfer before asking to confirm, in both languages.
    for (const width of [1280, 360]) {
      expect((await call(app, 'PUT', '/api/me/language', sender.cookie, { language: 'en' })).statusCode).toBe(200);
      const page = await (await suite.newContext(width, sender.cookie)).newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${suite.baseUrl}/moneyTrans/${senderAccount}`);
      await page.getByLabel('Receiver account number').fill(receiverAccount);
      await expect.poll(() => page.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
      await page.getByLabel('Send amount (BDT)').fill('9.99');
      await page.getByRole('button', { name: 'Send money' }).click();
      await expect.poll(() => page.getByText('Send amount must be at least 10.00 BDT').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Yes, send it' }).count()).toBe(0);
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/transfer-minimum-${width}.png`, fullPage: true });
      // The form scrolled to the refused field; the language switch is in the top bar.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page
        .getByRole('button', { name: /^বাংলা/ })
        .first()
        .click();
      await expect.poll(() => page.getByText('কমপক্ষে ১০.০০ টাকা পাঠাতে হবে').count()).toBe(1);
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/transfer-minimum-${width}-bn.png`, fullPage: true });
      await page.close();
    }
  }, 120_000);
});
