import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../src/server/test-support/test-app';
import { launchChromium } from './browser';
import { contextWithSession } from './safe-actions';
import { findFreePort } from './free-port';
import { assertWebBuilt, webRoot } from './web-build';

export type BrowserHarness = { harness: TestApp; browser: Browser; baseUrl: string; close: () => Promise<void> };

/** The built app on a free loopback port with a fresh database, and Debian's Chromium to drive it. */
export async function startBrowserHarness(options: { rateLimitMultiplier?: number } = {}): Promise<BrowserHarness> {
  assertWebBuilt();
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const harness = await createTestApp({ webRoot, publicUrl: baseUrl, ...options });
  await harness.app.listen({ port, host: '127.0.0.1' });
  const browser = await launchChromium();
  return {
    harness,
    browser,
    baseUrl,
    async close() {
      await browser.close();
      await harness.close();
    },
  };
}

export type BrowserSuite = {
  readonly harness: TestApp;
  readonly browser: Browser;
  readonly baseUrl: string;
  /** A context at `width` px, signed in when given a session cookie; closed with the suite. */
  newContext(width: number, cookie?: string): Promise<BrowserContext>;
};

/**
 * The harness for one test file: started before its tests and closed after them, with every
 * context the tests opened. Call it at the top of the file; read its fields inside tests.
 */
export function browserSuite(): BrowserSuite {
  let started: BrowserHarness | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    started = await startBrowserHarness();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await started?.close();
  });
  const running = (): BrowserHarness => {
    if (!started) throw new Error('the browser suite has not started: read its fields inside a test or hook');
    return started;
  };
  return {
    get harness() {
      return running().harness;
    },
    get browser() {
      return running().browser;
    },
    get baseUrl() {
      return running().baseUrl;
    },
    async newContext(width, cookie) {
      const { browser, baseUrl } = running();
      const context = cookie ? await contextWithSession(browser, baseUrl, cookie, width) : await browser.newContext({ viewport: { width, height: width < 500 ? 740 : 900 } });
      contexts.push(context);
      return context;
    },
  };
}
