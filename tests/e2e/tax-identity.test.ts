import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/client';
import { registerCustomer } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';
import { inBangla, snap } from '../support/screenshots';

const suite = browserSuite();

const storedTin = async (userId: string) =>
  (await suite.harness.database.db.select({ tin: schema.customerTaxIdentity.tin }).from(schema.customerTaxIdentity).where(eq(schema.customerTaxIdentity.userId, userId)))[0]?.tin;

describe('the TIN in the customer’s profile', () => {
  for (const width of [360, 1280]) {
    it(`is added in Bangla digits, shown masked, refused when short, and removed (${width} px)`, async () => {
      const customer = await registerCustomer(suite.harness.app, { name: 'Nusrat Jahan' });
      const context = await suite.newContext(width, customer.cookie);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${suite.baseUrl}/userProfile`);
      const card = page.getByTestId('tax-identity');
      await expect.poll(() => card.getByTestId('tin-current').textContent()).toBe('No TIN recorded.');
      expect(await card.textContent()).toContain('10 % tax from the interest your deposits earn instead of 15 %');

      await card.getByLabel('TIN, 12 digits').fill('1234 5678 901');
      await card.getByRole('button', { name: 'Save TIN' }).click();
      await expect.poll(() => card.getByRole('alert').textContent()).toBe('TIN must have 12 digits');
      expect(await storedTin(customer.userId)).toBeUndefined();

      await card.getByLabel('TIN, 12 digits').fill('১২৩৪ ৫৬৭৮ ৯০১২');
      await card.getByRole('button', { name: 'Save TIN' }).click();
      await expect.poll(() => card.getByTestId('tin-current').textContent()).toBe('Recorded TIN: •••• •••• 9012');
      expect(await storedTin(customer.userId)).toBe('123456789012');
      await card.scrollIntoViewIfNeeded();
      await snap(page, `tin-profile-en-${width}`);

      await inBangla(page);
      await expect.poll(() => card.getByTestId('tin-current').textContent()).toBe('দেওয়া টিআইএন: •••• •••• 9012');
      await card.getByLabel('টিআইএন, ১২ অঙ্ক').fill('12345');
      await card.getByRole('button', { name: 'টিআইএন বদলান' }).click();
      await expect.poll(() => card.getByRole('alert').textContent()).toBe('টিআইএন-এ ১২টি অঙ্ক থাকতে হবে');
      await card.scrollIntoViewIfNeeded();
      await snap(page, `tin-profile-bn-${width}`);

      await card.getByRole('button', { name: 'টিআইএন মুছুন' }).click();
      await card.getByRole('button', { name: 'টিআইএন মুছুন' }).click();
      await expect.poll(() => card.getByTestId('tin-current').textContent()).toBe('কোনো টিআইএন দেওয়া নেই।');
      expect(await storedTin(customer.userId)).toBeUndefined();
    });
  }
});
