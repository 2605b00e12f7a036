import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { allScripts, entryFiles, gzipBytes, readManifest } from './support/built-bundle';
import { assertWebBuilt, webRoot } from './support/web-build';

/**
 * What a phone on slow mobile data downloads before the bank's first screen can start, in bytes
 * after gzip (docs/decisions/010-front-end-budget.md). Sizes of built files, so the check gives
 * the same answer on every machine. Raise a budget only with the reason written down there.
 */
const entryScriptGzipBytesMax = 150_000;
const entryScriptAndStyleGzipBytesMax = 175_000;
/** Any chunk loaded later, on the page that needs it: a page must not drag the whole app along. */
const lazyChunkGzipBytesMax = 50_000;
/**
 * Every script the home page loads until it has settled, unless the person scrolls: the entry and
 * what its pre-rendered HTML preloads (the page, its texts). The home page is most visitors' first.
 */
const homePageScriptGzipBytesMax = 150_100;

const textAssetExtensions = new Set(['.html', '.js', '.css', '.svg']);
const copiesRequiredFromBytes = 1_024;

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

describe('the built web app', () => {
  assertWebBuilt();
  const manifest = readManifest();
  const entry = entryFiles(manifest);

  it('keeps the first screen’s code and styles within budget', () => {
    const scriptBytes = sum(entry.scripts.map(gzipBytes));
    const styleBytes = sum(entry.styles.map(gzipBytes));
    const report = `entry scripts ${entry.scripts.join(', ')}: ${scriptBytes} B; styles ${entry.styles.join(', ')}: ${styleBytes} B (gzip)`;
    expect(entry.scripts.length, report).toBeGreaterThan(0);
    expect(scriptBytes, report).toBeLessThanOrEqual(entryScriptGzipBytesMax);
    expect(scriptBytes + styleBytes, report).toBeLessThanOrEqual(entryScriptAndStyleGzipBytesMax);
  });

  it('keeps every lazily loaded chunk within budget', () => {
    const lazyScripts = allScripts(manifest).filter((file) => !entry.scripts.includes(file));
    expect(lazyScripts.length).toBeGreaterThan(0);
    const oversized = lazyScripts.map((file) => ({ file, gzipBytes: gzipBytes(file) })).filter((chunk) => chunk.gzipBytes > lazyChunkGzipBytesMax);
    expect(oversized).toEqual([]);
  });

  it('loads the forms’ validation and the area texts lazily, not with the first screen', () => {
    const entrySource = entry.scripts.map((file) => fs.readFileSync(path.join(webRoot, file), 'utf8')).join('\n');
    // Strings only zod and react-hook-form carry, and texts only the home page's and the
    // dashboard's catalogues hold.
    expect(entrySource).not.toContain('Invalid input');
    expect(entrySource).not.toContain('shouldUnregister');
    expect(entrySource).not.toContain('With Padma Bank you can');
    expect(entrySource).not.toContain('Accounts Info');
  });

  it('pre-renders the public pages a visitor opens first, with no inline script (the content security policy refuses them)', () => {
    const pages = JSON.parse(fs.readFileSync(path.join(webRoot, 'first-screen.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(pages)).toEqual(expect.arrayContaining(['/', '/logIn', '/contactUs', '/accountDetail/savings']));
    const htmlFiles = ['index.html', ...Object.values(pages)];
    for (const file of htmlFiles) {
      const html = fs.readFileSync(path.join(webRoot, file), 'utf8');
      for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script, file).toMatch(/\bsrc=/);
    }
    for (const file of Object.values(pages)) {
      const html = fs.readFileSync(path.join(webRoot, file), 'utf8');
      for (const form of html.match(/<form\b[^>]*>/g) ?? []) expect(form, `${file}: a form usable before the app takes over`).toContain('inert');
    }
    const login = fs.readFileSync(path.join(webRoot, pages['/logIn'] ?? ''), 'utf8');
    expect(login).toMatch(/<form inert=""/);
    const home = fs.readFileSync(path.join(webRoot, pages['/'] ?? ''), 'utf8');
    expect(home).toContain('Welcome to Padma Bank');
    expect(home).toContain('data-testid="account-types-placeholder"');
    // Who is signed in is not known at build time: the pre-rendered menu is the signed-out one,
    // which the server sends only to a browser without a session.
    expect(home).not.toContain('data-testid="sidebar-profile"');
  });

  it('keeps everything the home page loads within budget, the tax calculator’s form library left until it is scrolled near', () => {
    const pages = JSON.parse(fs.readFileSync(path.join(webRoot, 'first-screen.json'), 'utf8')) as Record<string, string>;
    const home = fs.readFileSync(path.join(webRoot, pages['/'] ?? ''), 'utf8');
    const scripts = [...home.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] as string);
    expect(scripts).toEqual(expect.arrayContaining(entry.scripts));
    const scriptBytes = sum(scripts.map(gzipBytes));
    expect(scriptBytes, `${scripts.join(', ')}: ${scriptBytes} B (gzip)`).toBeLessThanOrEqual(homePageScriptGzipBytesMax);
    const loaded = scripts.map((file) => fs.readFileSync(path.join(webRoot, file), 'utf8')).join('\n');
    expect(loaded).not.toContain('Invalid input');
    expect(loaded).not.toContain('shouldUnregister');
  });

  it('has a brotli and a gzip copy beside every script, style sheet, page and drawing, holding the same bytes', () => {
    const files = fs.readdirSync(webRoot, { recursive: true, encoding: 'utf8' }).filter((file) => textAssetExtensions.has(path.extname(file)));
    expect(files).toContain('index.html');
    for (const file of files) {
      const original = fs.readFileSync(path.join(webRoot, file));
      // Below a few hundred bytes compression may not pay, and the build then leaves the copy out.
      const copiesRequired = original.length >= copiesRequiredFromBytes;
      for (const [extension, decompress] of [
        ['.br', zlib.brotliDecompressSync],
        ['.gz', zlib.gunzipSync],
      ] as const) {
        const copy = path.join(webRoot, `${file}${extension}`);
        if (!fs.existsSync(copy)) {
          expect(copiesRequired, `${file}${extension} is missing`).toBe(false);
          continue;
        }
        expect(decompress(fs.readFileSync(copy)).equals(original), `${file}${extension}`).toBe(true);
      }
    }
  });
});
