import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

/** The flags this machine's closed network needs (no downloads, ever), whichever Chromium runs. */
export const chromiumArguments = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const debianChromium = '/usr/bin/chromium';

/**
 * Which Chromium drives the browser tests: `CHROMIUM_PATH`, else Debian's, else the one npm
 * brought (`@sparticuz/chromium`), so that `npm install && npm test` needs nothing from apt.
 * The test run's global set-up asks once and hands the answer to every worker in
 * `CHROMIUM_PATH`, so two workers never unpack it over each other.
 */
export async function chromiumExecutable(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (fs.existsSync(debianChromium)) return debianChromium;
  return unpackedNpmChromium();
}

/**
 * The npm package's headless Chromium, unpacked into the temporary folder, and the libraries it
 * needs that a machine without a browser lacks (NSS, NSPR, expat: the package's Amazon Linux set,
 * which it unpacks only on AWS), behind a launcher that points the loader and fontconfig at them:
 * one executable path, whoever starts it (a test worker, a script, Lighthouse).
 */
async function unpackedNpmChromium(): Promise<string> {
  const { default: bundled } = await import('@sparticuz/chromium');
  const binary = await bundled.executablePath();
  const libraries = path.join(os.tmpdir(), 'al2023', 'lib');
  if (!fs.existsSync(path.join(libraries, 'libnss3.so'))) {
    const packageBin = path.join(path.dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..', '..', 'bin');
    const tarball = path.join(os.tmpdir(), `al2023-${process.pid}.tar`);
    fs.writeFileSync(tarball, brotliDecompressSync(fs.readFileSync(path.join(packageBin, 'al2023.tar.br'))));
    fs.mkdirSync(path.join(os.tmpdir(), 'al2023'), { recursive: true });
    const untar = spawnSync('tar', ['-xf', tarball, '-C', path.join(os.tmpdir(), 'al2023')], { encoding: 'utf8' });
    fs.rmSync(tarball, { force: true });
    if (untar.status !== 0) throw new Error(`could not unpack Chromium's libraries: ${untar.stderr || untar.error?.message}`);
  }
  const launcher = path.join(os.tmpdir(), 'npm-chromium');
  const script = `#!/bin/sh\nLD_LIBRARY_PATH="${libraries}\${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" FONTCONFIG_PATH="\${FONTCONFIG_PATH:-${path.join(os.tmpdir(), 'fonts')}}" exec "${binary}" "$@"\n`;
  fs.writeFileSync(launcher, script, { mode: 0o755 });
  return launcher;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumExecutable(), args: chromiumArguments, headless: true });
}
