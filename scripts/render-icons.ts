// node --import tsx scripts/render-icons.ts: draws the install icons from public/logo.svg with
// the browser tests' Chromium and writes them to public/icons/ (committed; nothing renders at run time).
// Run it again after changing the logo.
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../tests/support/browser';

const publicDir = path.resolve(import.meta.dirname, '..', 'public');
const logo = fs.readFileSync(path.join(publicDir, 'logo.svg'), 'utf8');
/** The logo's own green: a full-bleed icon's background matches its rounded square. */
const brandGreen = '#0b5d3b';

type Icon = { file: string; size: number; /** The logo's share of the icon's width. */ scale: number; fullBleed: boolean };

const icons: Icon[] = [
  // Shown as they are: the logo's rounded square on a transparent ground.
  { file: 'icon-192.png', size: 192, scale: 1, fullBleed: false },
  { file: 'icon-512.png', size: 512, scale: 1, fullBleed: false },
  // Maskable: the launcher cuts any shape out of it, keeping at least the centre circle of 80 %
  // of the width, so the drawing sits inside that and the green reaches every edge.
  { file: 'icon-maskable-512.png', size: 512, scale: 0.8, fullBleed: true },
  // iOS rounds the corners itself and shows transparency as black: a full square.
  { file: 'apple-touch-icon.png', size: 180, scale: 1, fullBleed: true },
];

const pageFor = (icon: Icon) => `<!doctype html><html><head><style>
  html, body { margin: 0; width: ${icon.size}px; height: ${icon.size}px; background: ${icon.fullBleed ? brandGreen : 'transparent'}; }
  body { display: grid; place-items: center; }
  svg { width: ${icon.size * icon.scale}px; height: ${icon.size * icon.scale}px; display: block; }
</style></head><body>${logo}</body></html>`;

const browser = await launchChromium();
try {
  fs.mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(pageFor(icon));
    await page.screenshot({ path: path.join(publicDir, 'icons', icon.file), omitBackground: !icon.fullBleed });
    await page.close();
    console.log(`public/icons/${icon.file} (${icon.size} px)`);
  }
} finally {
  await browser.close();
}
