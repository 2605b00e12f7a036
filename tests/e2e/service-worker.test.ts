import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openFundedAccount } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

/** Waits until the service worker has installed (its files are cached) and controls the page. */
async function serviceWorkerInCharge(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
}

/** Every address held in the page's caches. */
const cachedAddresses = (page: Page) =>
  page.evaluate(async () => {
    const addresses: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) addresses.push(new URL(request.url).pathname);
    return addresses;
  });

describe('the service worker', () => {
  it('is served from the root, versioned by the build, and a web app manifest makes the app installable', async () => {
    const script = await fetch(`${suite.baseUrl}/sw.js`);
    expect(script.status).toBe(200);
    const source = await script.text();
    expect(source).toMatch(/const version = "[0-9a-f]{16}"/);
    expect(source).toMatch(/"\/assets\/index-[\w-]+\.js"/);
    const manifest = await fetch(`${suite.baseUrl}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    const installable = (await manifest.json()) as { start_url: string; display: string; icons: Array<{ src: string; sizes: string; type: string; purpose: string }> };
    expect(installable).toMatchObject({ start_url: '/myAccounts', display: 'standalone' });
    // What browsers ask of an installable app: PNG icons of 192 and 512 px, and one a launcher may mask.
    const pngs = installable.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const appleIcon = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(await (await fetch(`${suite.baseUrl}/`)).text())?.[1];
    for (const src of [...pngs.map((icon) => icon.src), appleIcon ?? 'no apple-touch-icon link']) {
      const image = await fetch(`${suite.baseUrl}${src}`);
      expect(image.status, src).toBe(200);
      expect(image.headers.get('content-type'), src).toBe('image/png');
      const bytes = Buffer.from(await image.arrayBuffer());
      const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
      expect(`${width}x${height}`, src).toBe(src.includes('apple') ? '180x180' : (pngs.find((icon) => icon.src === src)?.sizes ?? ''));
    }
  });

  it('shows the app on a repeat visit without a network, and never keeps an API answer', async () => {
    const staff = await signInStaff(suite.harness.app);
    const customer = await registerCustomer(suite.harness.app);
    await openFundedAccount(suite.harness.app, customer, staff, 321);
    const context = await suite.newContext(360, customer.cookie);
    const page = await context.newPage();
    await page.goto(`${suite.baseUrl}/myAccounts`);
    await serviceWorkerInCharge(page);
    // Pages visited with the worker in charge: their API answers pass through it.
    await page.reload();
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toBe('321.00 BDT');
    await page.goto(`${suite.baseUrl}/myLoans`);
    await expect.poll(() => page.getByRole('heading', { name: 'My Loans' }).count()).toBe(1);

    const cached = await cachedAddresses(page);
    expect(cached).toContain('/index.html');
    expect(cached.some((address) => address.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((address) => address.startsWith('/api/'))).toEqual([]);

    await context.setOffline(true);
    await page.goto(`${suite.baseUrl}/myAccounts`);
    // The shell and the code come from the cache; who is signed in and the balances cannot: the
    // page shows the balance it last knew, saying since when, with the navigation and a way to try
    // again (rather than sending the customer to log in). Offline, the page first waits for the
    // session (up to 3 s) and then for the accounts' failed load: under CI's load that passed 10 s once.
    await expect.poll(() => page.getByTestId('balances-as-of').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('account-balance').textContent()).toBe('321.00 BDT');
    expect(await page.getByTestId('top-bar').isVisible()).toBe(true);
    expect(page.url()).toBe(`${suite.baseUrl}/myAccounts`);
    await context.setOffline(false);
    // Online again, the page asks again by itself when it notices the network is back; on a busy
    // machine that can beat the click, and the button is gone before it is pressed.
    await page
      .getByTestId('balances-as-of')
      .getByRole('button', { name: 'Try again' })
      .click({ timeout: 5_000 })
      .catch(async (error: unknown) => {
        if ((await page.getByTestId('balances-as-of').count()) !== 0) throw error;
      });
    await expect.poll(() => page.getByTestId('balances-as-of').count()).toBe(0);
    expect(await page.getByTestId('account-balance').textContent()).toBe('321.00 BDT');
    expect((await cachedAddresses(page)).filter((address) => address.startsWith('/api/'))).toEqual([]);
  });
});
