// Screenshots of pages at 1280 and 360 px wide, to look at what a person sees:
//   node --import tsx scripts/screenshot.ts http://localhost:3000 / /logIn …
// Set COOKIE="name=value" to look at pages as a signed-in user.
import fs from 'node:fs';
import { launchChromium } from '../tests/support/browser';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const outputDir = process.env.SCREENSHOT_DIR ?? 'screenshots';
fs.mkdirSync(outputDir, { recursive: true });
const browser = await launchChromium();
for (const width of [1280, 360]) {
  const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 900 } });
  if (process.env.COOKIE) {
    const [name = '', value = ''] = process.env.COOKIE.split('=');
    await context.addCookies([{ name, value, url: base }]);
  }
  const page = await context.newPage();
  for (const path of paths.length > 0 ? paths : ['/']) {
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const file = `${outputDir}/${path.replace(/[^a-zA-Z0-9]+/g, '_') || 'home'}-${width}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
    console.log(file);
  }
  await context.close();
}
await browser.close();
