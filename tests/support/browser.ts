import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The flags this machine's closed network needs (no downloads, ever), whichever Chromium runs. */
export const chromiumArguments = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const debianChromium = '/usr/bin/chromium';

/**
 * Which Chromium drives the browser tests: `CHROMIUM_PATH`, else Debian's, else the one npm
 * brought (`@sparticuz/chromium`: a headless Chromium with the libraries it needs, unpacked into
 * the temporary folder on first use), so that `npm install && npm test` needs nothing from apt.
 * The test run's global set-up asks once and hands the answer to every worker in
 * `CHROMIUM_PATH`, so two workers never unpack it over each other.
 */
export async function chromiumExecutable(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (fs.existsSync(debianChromium)) return debianChromium;
  const { default: bundled } = await import('@sparticuz/chromium');
  return bundled.executablePath();
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumExecutable(), args: chromiumArguments, headless: true });
}
