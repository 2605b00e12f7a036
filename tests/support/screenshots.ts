import type { Page } from 'playwright-core';

/** Screenshots for a person to look at, only when asked for (SCREENSHOT_DIR). */
export async function snap(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOT_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/** The page again in Bangla, as a reader who chose it: the choice is kept in the browser. */
export async function inBangla(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('padma-bank.language', 'bn'));
  await page.reload();
}
