import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images such as PNG and fonts such as WOFF2 are compressed already. */
const compressibleExtensions = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

/** Build records (Vite's manifest) that are never sent to a browser. */
const buildRecordsFolder = '.vite';

async function listFiles(directory: string): Promise<string[]> {
  const entries = await fs.readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(directory, file).split(path.sep).includes(buildRecordsFolder));
}

/**
 * Writes `file.br` and `file.gz` beside `file`, with the slowest, smallest settings: this runs once
 * per build, and every phone that loads the page gains from it. A variant that would not be
 * smaller is left out, and the server then answers the file itself.
 */
async function compressFile(file: string): Promise<void> {
  const bytes = await fs.readFile(file);
  const [brotli, gzipped] = await Promise.all([
    brotliCompress(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (brotli.length < bytes.length) await fs.writeFile(`${file}.br`, brotli);
  if (gzipped.length < bytes.length) await fs.writeFile(`${file}.gz`, gzipped);
}

export async function precompressDirectory(directory: string): Promise<number> {
  const files = (await listFiles(directory)).filter((file) => compressibleExtensions.has(path.extname(file)));
  await Promise.all(files.map(compressFile));
  return files.length;
}

/**
 * After the build has written everything (the bundle, index.html and the public folder), writes
 * brotli and gzip copies of each text file, so the server sends compressed bytes without
 * compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bank:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
