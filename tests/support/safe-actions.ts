import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/** A browser context that carries a session cookie made through the API. */
export async function contextWithSession(browser: Browser, baseUrl: string, cookie: string, width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 740 : 900 } });
  const cookies = cookie.split('; ').map((pair) => {
    const [name = '', ...rest] = pair.split('=');
    return { name, value: rest.join('='), url: baseUrl };
  });
  await context.addCookies(cookies);
  return context;
}

/** Every request the page sends to `path` with `method`, with its Idempotency-Key, as it leaves. */
export function watchRequests(page: Page, method: string, path: string | RegExp): { keys: Array<string | undefined> } {
  const seen = { keys: [] as Array<string | undefined> };
  const matches = (request: Request) => {
    const url = new URL(request.url()).pathname;
    return request.method() === method && (typeof path === 'string' ? url === path : path.test(url));
  };
  page.on('request', (request) => {
    if (matches(request)) seen.keys.push(request.headers()['idempotency-key']);
  });
  return seen;
}

/**
 * The first request to `path` reaches the server, which acts, but its answer never reaches the
 * page (the connection is reset), as on a phone that loses signal mid-request. Later ones pass.
 */
export async function loseFirstAnswer(page: Page, path: string | RegExp): Promise<void> {
  let lost = false;
  await page.route(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
    async (route) => {
      if (lost || route.request().method() === 'GET') {
        await route.continue();
        return;
      }
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    },
  );
}

export type TapMode = 'double click' | 'double Enter' | 'lost answer';
export const tapModes: TapMode[] = ['double click', 'double Enter', 'lost answer'];

/** Presses the button that sends the operation the way the mode says. */
export async function pressSend(page: Page, button: Locator, mode: TapMode): Promise<void> {
  if (mode === 'double click') {
    await button.dblclick();
  } else if (mode === 'double Enter') {
    await button.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
  } else {
    await button.click();
    // While the lost answer is being settled the customer is told so, not that they erred.
    await page.getByTestId('operation-checking').waitFor({ timeout: 10_000 });
  }
}

/** One operation sent: one request (two when the first answer was lost), every one with the same key. */
export function expectOneOperation(seen: { keys: Array<string | undefined> }, mode: TapMode): void {
  expect(seen.keys).toHaveLength(mode === 'lost answer' ? 2 : 1);
  expect(seen.keys[0]).toMatch(/^web-[0-9a-f]{32}$/);
  expect(new Set(seen.keys).size).toBe(1);
}

/** The accessible name of the focused element. */
export const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
