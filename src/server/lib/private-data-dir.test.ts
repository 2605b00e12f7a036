import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { prepareServer } from '../start';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-private-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Every path under `root` whose mode lets anyone but the owner in, with its mode. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const walk = (target: string) => {
    const stat = fs.lstatSync(target);
    if ((stat.mode & 0o077) !== 0) found.push(`${path.relative(root, target) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) walk(path.join(target, entry));
  };
  walk(root);
  return found;
}

describe('the data directory', () => {
  // PGlite is the embedded database: on a PostgreSQL server the files are the server's.
  it.skipIf(process.env.DATABASE_URL)('is readable by its owner only, old files and the embedded database’s new ones alike', async () => {
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(path.join(dataDir, 'uploads'), { mode: 0o777 });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'left-by-an-older-version'), 'x', { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, 'uploads', 'left-by-an-older-version'), 0o666);
    const previousUmask = process.umask();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: 'a-secret-for-the-data-dir-test-0123456789abcdef',
      LOG_LEVEL: 'silent',
      STAFF_EMAIL: 'staff@bank.test',
      STAFF_PASSWORD: 'staff passphrase for tests 2026',
    });
    const server = await prepareServer(config);
    try {
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await server.stop();
      process.umask(previousUmask);
    }
  });
});
