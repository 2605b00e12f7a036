import type { Browser } from 'playwright-core';
import { createTestApp, type TestApp } from '../../src/server/test-support/test-app';
import { launchChromium } from './browser';
import { findFreePort } from './free-port';
import { assertWebBuilt, webRoot } from './web-build';

export type BrowserHarness = { harness: TestApp; browser: Browser; baseUrl: string; close: () => Promise<void> };

/** The built app on a free loopback port with a fresh database, and Debian's Chromium to drive it. */
export async function startBrowserHarness(): Promise<BrowserHarness> {
  assertWebBuilt();
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const harness = await createTestApp({ webRoot, publicUrl: baseUrl });
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
