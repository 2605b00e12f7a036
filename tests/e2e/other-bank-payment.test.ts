import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { balanceOf, openFundedAccount, type Customer } from '../../src/server/test-support/banking';
import { drainClearing } from '../../src/server/test-support/clearing';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';
import { axeViolations } from '../support/axe';
import { snap } from '../support/screenshots';

const suite = browserSuite();

async function paymentPage(customer: Customer, width: number, language: 'en' | 'bn'): Promise<Page> {
  const context = await suite.newContext(width, customer.cookie);
  await context.addInitScript((chosen) => localStorage.setItem('padma-bank.language', chosen), language);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${suite.baseUrl}/payments/new`);
  return page;
}

/** Chooses the bank or wallet the way a phone's reader does: a few letters of its name, then the keyboard. */
async function chooseParticipant(page: Page, search: string, name: string) {
  const combobox = page.locator('#payment-bank');
  await combobox.fill(search);
  await expect.poll(() => page.locator('[role=listbox] [role=option]').first().textContent()).toContain(name);
  await combobox.press('ArrowDown');
  await combobox.press('ArrowUp');
  await combobox.press('Enter');
}

const words = {
  en: { lookUp: 'Look up receiver', pay: 'Pay', confirm: 'Confirm payment', follow: 'Follow this payment' },
  bn: { lookUp: 'প্রাপক খুঁজুন', pay: 'পেমেন্ট করুন', confirm: 'পেমেন্ট নিশ্চিত করুন', follow: 'পেমেন্টটি অনুসরণ করুন' },
};

/** `receiverName`: typed, for a bank that answers no name enquiry. */
type Payment = { search: string; name: string; number: string; amount: string; shot: string; receiverName?: string };

/** Pays from the looked-up quote through the confirm step to the receipt, and answers the payment's id. */
async function pay(page: Page, language: 'en' | 'bn', width: number, payment: Payment): Promise<string> {
  const said = words[language];
  await chooseParticipant(page, payment.search, payment.name);
  await page.locator('#payment-number').fill(payment.number);
  await page.locator('#payment-amount').fill(payment.amount);
  if (payment.receiverName !== undefined) {
    await page.locator('#payment-receiver-name').fill(payment.receiverName);
    await snap(page, `${payment.shot}-form-${width}-${language}`);
  }
  await page.getByRole('button', { name: said.lookUp }).click();
  await page.getByTestId('payment-quote').waitFor();
  await snap(page, `${payment.shot}-quote-${width}-${language}`);
  await page.getByRole('button', { name: said.pay, exact: true }).click();
  await page.getByTestId('confirm-payee').waitFor();
  await snap(page, `${payment.shot}-confirm-${width}-${language}`);
  await page.getByRole('button', { name: said.confirm }).click();
  await page.getByTestId('receipt-reference').waitFor();
  await snap(page, `${payment.shot}-receipt-${width}-${language}`);
  const follow = await page.getByRole('link', { name: said.follow }).getAttribute('href');
  return (follow ?? '').replace('/payments/', '');
}

describe('paying another bank or a wallet', () => {
  it('on a 360 px phone in Bangla: pays an account at another bank and a bKash number, from the form to the receipt, and follows them until they arrive', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const payer = await registerCustomer(app, { name: 'Nasima Begum' });
    const accountId = await openFundedAccount(app, payer, staff, 20_000, { user: 'Nasima Begum' });
    const page = await paymentPage(payer, 360, 'bn');
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/payments')) sent.push({ body: request.postDataJSON(), key: request.headers()['idempotency-key'] });
    });

    // The embedded switch's test bank (Dutch-Bangla) holds Rahim Uddin's account; found by a Bangla search.
    const toBank = await pay(page, 'bn', 360, { search: 'ডাচ', name: 'ডাচ্-বাংলা', number: '১০১১১০০০১২৩৪৫', amount: '২৫০০', shot: 'other-bank-payment-bank' });
    expect(await page.getByTestId('operation-receipt').textContent()).toContain('RA*** UD***');
    await page.getByRole('button', { name: 'আরেকটি পেমেন্ট করুন' }).click();
    const toWallet = await pay(page, 'bn', 360, { search: 'বিকাশ', name: 'বিকাশ', number: '০১৭১১০০০০০১', amount: '৫০০', shot: 'other-bank-payment-wallet' });

    expect(sent).toHaveLength(2);
    expect(sent).toEqual([
      {
        body: expect.objectContaining({ accountId, receiverParticipant: 'DBBL', receiverAccount: '1011100012345', amount: '2500.00', confirmedName: 'RA*** UD***', rail: 'NPSB' }),
        key: expect.stringMatching(/^web-/),
      },
      { body: expect.objectContaining({ accountId, receiverParticipant: 'BKASH', receiverAccount: '01711000001', amount: '500.00', rail: 'NPSB' }), key: expect.stringMatching(/^web-/) },
    ]);

    // The outbox goes to the switch, which settles NPSB at once; the payment's page sees it on its next ask.
    await drainClearing(app);
    for (const id of [toBank, toWallet]) {
      await page.goto(`${suite.baseUrl}/payments/${id}`);
      const settled = page.getByTestId('payment-timeline').locator('[data-status="settled"][data-state="done"]');
      await expect.poll(() => settled.count(), { timeout: 20_000 }).toBe(1);
    }
    expect(await page.getByTestId('payment-timeline').textContent()).toContain('পৌঁছেছে');
    await snap(page, 'other-bank-payment-detail-360-bn');
    await page.goto(`${suite.baseUrl}/payments`);
    await expect.poll(() => page.getByTestId('payment-row').count()).toBe(2);
    await snap(page, 'other-bank-payment-list-360-bn');
    // 2,500 and 500 BDT left, with no charge for NPSB to a bank and 0.58 BDT (fee and VAT) for the wallet.
    expect(await balanceOf(app, payer.cookie, accountId)).toBeCloseTo(20_000 - 2_500 - 500 - 0.57, 0);
  }, 120_000);

  it('pays Bangladesh Krishi Bank, which answers no name enquiry, under the name typed, at 1280 px in English and 360 px in Bangla', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const payer = await registerCustomer(app, { name: 'Kamal Hossain' });
    await openFundedAccount(app, payer, staff, 5_000, { user: 'Kamal Hossain' });
    const found: string[] = [];
    const runs: ['en' | 'bn', number][] = [
      ['en', 1280],
      ['bn', 360],
    ];
    for (const [language, width] of runs) {
      const page = await paymentPage(payer, width, language);
      const bank = language === 'bn' ? 'বাংলাদেশ কৃষি ব্যাংক' : 'Bangladesh Krishi Bank';
      await pay(page, language, width, {
        search: language === 'bn' ? 'কৃষি' : 'krishi',
        name: bank,
        number: '0300100012345',
        amount: '1500',
        receiverName: 'Abul Kashem',
        shot: 'other-bank-payment-typed',
      });
      expect(await page.getByTestId('operation-receipt').textContent()).toContain('Abul Kashem');
      found.push(...(await axeViolations(page)).map((line) => `${language} receipt at ${width} px: ${line}`));
    }
    expect(found).toEqual([]);
  }, 180_000);

  it('the same journey at 1280 and 360 px in English and at 1280 px in Bangla, kept as screenshots for a person to look at', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const payer = await registerCustomer(app, { name: 'Farhan Kabir' });
    await openFundedAccount(app, payer, staff, 5_000, { user: 'Farhan Kabir' });
    const runs: ['en' | 'bn', number][] = [
      ['en', 1280],
      ['en', 360],
      ['bn', 1280],
    ];
    // axe's findings on each screen as the customer sees it: the open list, the receipt, the payment's page, the list.
    const found: string[] = [];
    const check = async (page: Page, what: string) => found.push(...(await axeViolations(page)).map((line) => `${what} at ${page.viewportSize()?.width ?? 0} px: ${line}`));
    for (const [language, width] of runs) {
      const page = await paymentPage(payer, width, language);
      await page.locator('#payment-bank').click();
      await page.locator('[role=listbox]').waitFor();
      await snap(page, `other-bank-payment-picker-${width}-${language}`);
      await check(page, `${language} picker`);
      const id = await pay(page, language, width, { search: 'dutch', name: language === 'bn' ? 'ডাচ্-বাংলা' : 'Dutch-Bangla', number: '1011100012345', amount: '1200', shot: 'other-bank-payment' });
      expect(await page.getByTestId('operation-receipt').textContent()).toContain('RA*** UD***');
      await check(page, `${language} receipt`);
      await drainClearing(app);
      await page.goto(`${suite.baseUrl}/payments/${id}`);
      await expect.poll(() => page.getByTestId('payment-timeline').locator('[data-status="settled"][data-state="done"]').count(), { timeout: 20_000 }).toBe(1);
      await snap(page, `other-bank-payment-detail-${width}-${language}`);
      await check(page, `${language} payment`);
      await page.goto(`${suite.baseUrl}/payments`);
      await page.getByTestId('payment-row').first().waitFor();
      await snap(page, `other-bank-payment-list-${width}-${language}`);
      await check(page, `${language} list`);
    }
    expect(found).toEqual([]);
  }, 180_000);
});
