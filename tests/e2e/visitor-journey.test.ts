import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, type BrowserHarness } from '../support/browser-harness';

let browser: Browser;
let baseUrl: string;
let started: BrowserHarness | undefined;

beforeAll(async () => {
  started = await startBrowserHarness();
  ({ browser, baseUrl } = started);
});

afterAll(async () => {
  await started?.close();
});

async function openMenuIfCollapsed(page: Page) {
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  if (await menuButton.isVisible()) await menuButton.click();
}

describe('a visitor', () => {
  it('registers with a photo, sees the profile, logs out and back in', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const email = `nusrat.${Date.now()}@example.com`;
    const password = 'kite flying over the jamuna';

    await page.goto(`${baseUrl}/`);
    // The sidebar's submenus: the home page also links each account type ("Learn more Savings Account").
    const sidebar = page.locator('#main-navigation');
    await sidebar.getByText('Accounts', { exact: true }).click();
    await expect.poll(() => sidebar.getByRole('link', { name: 'Savings Account' }).count()).toBe(1);
    await sidebar.getByText('Loans', { exact: true }).click();
    await expect.poll(() => sidebar.getByRole('link', { name: 'Home Loan' }).count()).toBe(1);

    await page.goto(`${baseUrl}/register`);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByText('Email is required').count()).toBe(1);
    await page.getByLabel('Full name').fill('Nusrat Jahan');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${baseUrl}/myAccounts`);
    await expect.poll(() => page.getByText('User Created Successfully').count()).toBe(1);

    await page.goto(`${baseUrl}/userProfile`);
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toContain('Nusrat Jahan');
    expect(await page.getByTestId('profile-email').textContent()).toBe(email);
    // Registration asks no photo: the photo the bank keeps is asked once, when an account is opened.
    expect(await page.getByRole('img', { name: 'Profile photo of Nusrat Jahan' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => page.getByRole('link', { name: 'Login' }).count()).toBe(1);
    await page.goto(`${baseUrl}/userProfile`);
    await expect.poll(() => page.getByText('Please, Login to view your profile!!').count()).toBe(1);

    await page.goto(`${baseUrl}/logIn`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('this is not my password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const message = page.getByText('The email or password is not correct.');
    await expect.poll(() => message.count()).toBe(1);
    expect(await message.evaluate((element) => getComputedStyle(element).color)).toMatch(/rgb\(190, 24, 93\)|oklch/);

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // Signing in leads to the balance, not to the public home.
    await page.waitForURL(`${baseUrl}/myAccounts`);
    await expect.poll(() => page.getByTestId('sidebar-profile').textContent()).toContain('Nusrat Jahan');
    await page.close();
  });

  it('sees Page Not Found for an unknown path, and uses the menu button on a phone', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${baseUrl}/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { name: 'Page Not Found' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Home', exact: true }).first().isVisible()).toBe(true);

    const sidebarLink = page.locator('#main-navigation').getByRole('link', { name: 'Contact Us' });
    expect(await sidebarLink.isVisible()).toBe(false);
    await openMenuIfCollapsed(page);
    await expect.poll(() => sidebarLink.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => sidebarLink.isVisible()).toBe(false);

    const missingAsset = await page.request.get(`${baseUrl}/assets/missing.js`);
    expect(missingAsset.status()).toBe(404);
    await page.close();
  });
});
