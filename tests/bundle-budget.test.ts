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

  it('has a brotli and a gzip copy beside every script, style sheet, page and drawing, holding the same bytes', () => {
    const files = fs.readdirSync(webRoot, { recursive: true, encoding: 'utf8' }).filter((file) => textAssetExtensions.has(path.extname(file)));
    expect(files).toContain('index.html');
    for (const file of files) {
      const original = fs.readFileSync(path.join(webRoot, file));
      // Below a few hundred bytes compression may not pay, and the build then leaves the copy out.
      const copiesRequired = original.length >= copiesRequiredFromBytes;
      for (const [extension, decompress] of [['.br', zlib.brotliDecompressSync], ['.gz', zlib.gunzipSync]] as const) {
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
