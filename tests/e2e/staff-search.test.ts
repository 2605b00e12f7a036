import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toBanglaDigits } from '../../src/shared/digits';
import { approveAccount, requestAccount } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

const rowIds = (page: Page) => page.locator('[data-testid^="account-"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')));
const searchOf = (page: Page) => new URL(page.url()).searchParams.get('q');

describe('the search of a staff list', () => {
  it('narrows the list as staff type, keeps the search in the address, says when nothing matches and clears', async () => {
    const staff = await signInStaff(suite.harness.app);
    const tanvir = await registerCustomer(suite.harness.app, { name: 'Tanvir Hasan' });
    const rahima = await registerCustomer(suite.harness.app, { name: 'Rahima Khatun' });
    const tanvirAccount = await requestAccount(suite.harness.app, tanvir, { user: 'Tanvir Hasan' });
    const rahimaAccount = await requestAccount(suite.harness.app, rahima, { user: 'Rahima Khatun' });
    await approveAccount(suite.harness.app, staff, rahimaAccount);

    for (const width of [1280, 360]) {
      const page = await (await suite.newContext(width, staff)).newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${suite.baseUrl}/dashboard?status=all`);
      await expect.poll(() => rowIds(page)).toEqual(expect.arrayContaining([`account-${tanvirAccount}`, `account-${rahimaAccount}`]));

      const box = page.getByRole('searchbox', { name: 'Search' });
      await box.fill('TANVIR');
      await expect.poll(() => rowIds(page)).toEqual([`account-${tanvirAccount}`]);
      expect(searchOf(page)).toBe('TANVIR');
      await expect.poll(() => page.getByTestId('list-count').textContent()).toBe('1 in total');

      // An account number typed in Bangla digits with a space, as a phone keyboard gives it.
      await box.fill(`${toBanglaDigits(rahimaAccount.slice(0, 6))} ${toBanglaDigits(rahimaAccount.slice(6))}`);
      await expect.poll(() => rowIds(page)).toEqual([`account-${rahimaAccount}`]);

      await box.fill('nobody at all');
      await expect.poll(() => page.getByTestId('list-empty').textContent()).toContain('No results for “nobody at all”');

      // The address holds the search: a reload shows the same list and the same words in the box.
      await page.reload();
      await expect.poll(() => box.inputValue()).toBe('nobody at all');
      await expect.poll(() => page.getByTestId('list-empty').count()).toBe(1);

      await page.getByRole('button', { name: 'Clear search' }).click();
      await expect.poll(() => searchOf(page)).toBeNull();
      expect(await box.inputValue()).toBe('');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('list-search');
      await expect.poll(() => rowIds(page)).toEqual(expect.arrayContaining([`account-${tanvirAccount}`, `account-${rahimaAccount}`]));

      // The status filter keeps the search, and the search keeps the filter.
      await box.fill('rahima');
      // The filter is chosen at once, while the search's own navigation may still be under way
      // (a slow phone makes that window wide): it must keep the search all the same.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
      await box.press('Enter');
      await page.getByLabel('Status').selectOption('pending');
      await expect.poll(() => page.getByTestId('list-empty').count()).toBe(1);
      expect(searchOf(page)).toBe('rahima');
      expect(new URL(page.url()).searchParams.get('status')).toBe('pending');

      // And the other way round: a search typed just after the filter keeps the filter.
      await page.getByLabel('Status').selectOption('success');
      await box.fill('tanvir');
      await box.press('Enter');
      await expect.poll(() => page.getByTestId('list-empty').count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('status')).toBe('success');
      expect(searchOf(page)).toBe('tanvir');
    }
    // Two widths of a long journey, one at a twentieth of the CPU: longer than the default minute.
  }, 150_000);
});
