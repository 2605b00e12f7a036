import { describe, expect, it } from 'vitest';
import { balanceOf, call, openFundedAccount } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

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
    const [bhaiya] = await receiversOf(sender.cookie);
    await page.getByRole('link', { name: 'Pay Bhaiya' }).click();
    await page.waitForURL(`${suite.baseUrl}/moneyTrans/${senderAccount}`);
    await expect.poll(() => page.getByLabel('Receiver account number').inputValue()).toBe(brotherAccount);
    // The picker empties the number for a new receiver and fills it from a saved one, which is looked up.
    await page.getByLabel('Saved receiver').selectOption('');
    expect(await page.getByLabel('Receiver account number').inputValue()).toBe('');
    await page.getByLabel('Saved receiver').selectOption(bhaiya?._id ?? '');
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
});
