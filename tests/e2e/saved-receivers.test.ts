import { describe, expect, it } from 'vitest';
import { balanceOf, call, openFundedAccount } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';
import { snap } from '../support/screenshots';

const suite = browserSuite();

type SavedReceiver = { _id: string; accNum: string; user: string; nickname: string | null };
const receiversOf = async (cookie: string) => (await call(suite.harness.app, 'GET', '/api/savedReceivers', cookie)).json() as SavedReceiver[];

describe('saved receivers', () => {
  it('are saved after the bank looks them up, picked on the transfer screen to send money, and saved after a transfer when ticked', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const sender = await registerCustomer(app, { name: 'Farzana Akter' });
    const brother = await registerCustomer(app, { name: 'Imran Hossain' });
    const landlord = await registerCustomer(app, { name: 'Abdul Karim' });
    const senderAccount = await openFundedAccount(app, sender, staff, 20_000, { user: 'Farzana Akter' });
    const brotherAccount = await openFundedAccount(app, brother, staff, 0, { user: 'Imran Hossain', role: 'Current' });
    const landlordAccount = await openFundedAccount(app, landlord, staff, 0, { user: 'Abdul Karim' });

    const page = await (await suite.newContext(360, sender.cookie)).newPage();
    page.setDefaultTimeout(15_000);

    // From the profile to the page of saved receivers.
    await page.goto(`${suite.baseUrl}/userProfile`);
    await page.getByRole('link', { name: /Saved receivers/ }).click();
    await page.waitForURL(`${suite.baseUrl}/savedReceivers`);
    await expect.poll(() => page.title()).toBe('Saved receivers · Padma Bank');
    await expect.poll(() => page.getByText('You have no saved receivers yet').count()).toBe(1);

    // An account number that no account can receive at is said so and not kept.
    await page.getByLabel('Receiver account number').fill('2081234567897');
    await expect.poll(() => page.getByTestId('payee-lookup').getAttribute('data-state')).toBe('notFound');
    await page.getByRole('button', { name: 'Save receiver' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'No account that can receive money has this number.' }).count()).toBe(1);
    expect(await receiversOf(sender.cookie)).toEqual([]);

    // The brother's number shows his masked name and account type; saving keeps that person.
    await page.getByLabel('Receiver account number').fill(brotherAccount);
    await expect.poll(() => page.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
    expect(await page.getByTestId('payee-name').textContent()).toBe('IM*** HO*****');
    expect(await page.getByTestId('payee-lookup').textContent()).toContain('Current account');
    await page.getByLabel('Nickname (optional)').fill('Bhaiya');
    await page.getByRole('button', { name: 'Save receiver' }).click();
    await expect.poll(() => page.getByText('Bhaiya is saved.').count()).toBe(1);
    await expect.poll(() => page.getByTestId('saved-receiver').count()).toBe(1);

    // Paying a saved receiver from the list opens the transfer screen with the receiver filled in.
    await page.getByRole('link', { name: 'Pay Bhaiya' }).click();
    await page.waitForURL(`${suite.baseUrl}/moneyTrans/${senderAccount}`);
    await expect.poll(() => page.getByLabel('Receiver account number').inputValue()).toBe(brotherAccount);
    // The picker empties the number for a new receiver and fills it from a saved one, which is looked up.
    const picker = page.getByRole('radiogroup', { name: 'Saved receiver' });
    await picker.getByRole('radio', { name: 'A new receiver' }).check();
    expect(await page.getByLabel('Receiver account number').inputValue()).toBe('');
    await picker.getByRole('radio', { name: /^Bhaiya/ }).check();
    expect(await page.getByLabel('Receiver account number').inputValue()).toBe(brotherAccount);
    await expect.poll(() => page.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
    expect(await page.getByTestId('payee-name').textContent()).toBe('IM*** HO*****');
    // A saved receiver is not offered for saving again.
    expect(await page.getByLabel('Save this receiver after the transfer').count()).toBe(0);
    await page.getByLabel('Send amount (BDT)').fill('1500');
    await page.getByRole('button', { name: 'Send money' }).click();
    await page.getByRole('button', { name: 'Yes, send it' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Money Transfer successfully' }).count()).toBe(1);
    expect(await page.getByTestId('receipt-reference').textContent()).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(await balanceOf(app, brother.cookie, brotherAccount)).toBe(1500);

    // A new receiver, typed and ticked, is saved once the money has gone.
    await page.getByRole('button', { name: 'Make another transfer' }).click();
    await page.getByLabel('Receiver account number').fill(landlordAccount);
    await expect.poll(() => page.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
    await page.getByLabel('Save this receiver after the transfer').check();
    await page.getByLabel('Send amount (BDT)').fill('8000');
    await page.getByRole('button', { name: 'Send money' }).click();
    await page.getByRole('button', { name: 'Yes, send it' }).click();
    await expect.poll(() => page.getByText(/is now among your saved receivers/).count()).toBe(1);
    expect(await balanceOf(app, landlord.cookie, landlordAccount)).toBe(8000);
    expect((await receiversOf(sender.cookie)).map((receiver) => receiver.accNum).sort()).toEqual([brotherAccount, landlordAccount].sort());

    // Renamed and deleted on the page of saved receivers.
    await page.goto(`${suite.baseUrl}/savedReceivers`);
    await page.getByRole('button', { name: /^Rename AB\*\*\*/ }).click();
    await page.getByLabel('Nickname (optional)').first().fill('Landlord');
    await page.getByRole('button', { name: 'Save nickname' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Delete Landlord' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete Landlord' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => page.getByTestId('saved-receiver').count()).toBe(1);
    expect((await receiversOf(sender.cookie)).map((receiver) => receiver.nickname)).toEqual(['Bhaiya']);
    // One long journey through three screens: more than the default minute on two busy cores.
  }, 180_000);

  it('at another bank or wallet: added with the payment screen’s picker and the switch’s look-up, listed by the bank’s name, and picked on the payment form in one tap', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const payer = await registerCustomer(app, { name: 'Nasima Begum' });
    await openFundedAccount(app, payer, staff, 20_000, { user: 'Nasima Begum' });

    const open = async (width: number, language: 'en' | 'bn', path: string) => {
      const context = await suite.newContext(width, payer.cookie);
      await context.addInitScript((chosen) => localStorage.setItem('padma-bank.language', chosen), language);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await page.goto(`${suite.baseUrl}${path}`);
      return page;
    };

    // On a phone: the bank chosen as on the payment screen, the number looked up through the switch.
    const phone = await open(360, 'en', '/savedReceivers');
    await phone.getByRole('button', { name: 'Another bank or wallet' }).click();
    const bank = phone.locator('#other-receiver-bank');
    await bank.fill('dutch');
    await expect.poll(() => phone.locator('[role=listbox] [role=option]').first().textContent()).toContain('Dutch-Bangla Bank PLC');
    await bank.press('ArrowDown');
    await bank.press('ArrowUp');
    await bank.press('Enter');
    await phone.locator('#other-receiver-number').fill('1011100012345');
    await expect.poll(() => phone.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
    expect(await phone.getByTestId('payee-name').textContent()).toBe('RA*** UD***');
    await phone.locator('#other-receiver-nickname').fill('Rafiq bhai');
    await snap(phone, 'saved-receivers-add-other-360-en');
    await phone.getByRole('button', { name: 'Save receiver' }).click();
    await expect.poll(() => phone.getByText('Rafiq bhai is saved.').count()).toBe(1);
    await expect.poll(() => phone.getByTestId('saved-receiver').count()).toBe(1);
    expect(await phone.getByTestId('saved-receiver').textContent()).toContain('Account at Dutch-Bangla Bank PLC');
    // A wallet, saved the quick way: the list shows a bank's and a wallet's receivers.
    expect((await call(app, 'POST', '/api/savedReceivers', payer.cookie, { participant: 'BKASH', accNum: '01711000001', confirmedName: 'KA**** BE***' })).statusCode).toBe(200);
    const rafiq = (await receiversOf(payer.cookie)).find((receiver) => receiver.nickname === 'Rafiq bhai');

    for (const [width, language] of [
      [1280, 'en'],
      [1280, 'bn'],
      [360, 'en'],
      [360, 'bn'],
    ] as const) {
      const page = await open(width, language, '/savedReceivers');
      await expect.poll(() => page.getByTestId('saved-receiver').count()).toBe(2);
      expect(await page.getByTestId('saved-receiver').first().textContent()).toContain(language === 'bn' ? 'বিকাশ ওয়ালেট' : 'bKash wallet');
      await snap(page, `saved-receivers-${width}-${language}`);
      // The row's Pay opens the payment form with the receiver filled in; the picker refills it after a change.
      await page.getByRole('link', { name: language === 'bn' ? 'Rafiq bhai-কে টাকা পাঠান' : 'Pay Rafiq bhai' }).click();
      await page.waitForURL(/\/payments\/new/);
      await expect.poll(() => page.locator('#payment-number').inputValue()).toBe('1011100012345');
      const picker = page.locator('#payment-saved');
      await picker.locator('input[value=""]').check();
      expect(await page.locator('#payment-number').inputValue()).toBe('');
      await picker.locator(`input[value="${rafiq?._id ?? ''}"]`).check();
      expect(await page.locator('#payment-number').inputValue()).toBe('1011100012345');
      expect(await page.locator('#payment-bank').inputValue()).toBe(language === 'bn' ? 'ডাচ্-বাংলা ব্যাংক পিএলসি' : 'Dutch-Bangla Bank PLC');
      await page.locator('#payment-amount').fill('2500');
      await page.getByRole('button', { name: language === 'bn' ? 'প্রাপক খুঁজুন' : 'Look up receiver' }).click();
      await page.getByTestId('payment-quote').waitFor();
      await snap(page, `payment-saved-receiver-${width}-${language}`);
      await page.context().close();
    }
  }, 240_000);
});
