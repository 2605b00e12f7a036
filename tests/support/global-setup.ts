import { ensureMigratedPglite, ensureMigratedTemplate } from '../../src/server/test-support/test-database';
import { chromiumExecutable } from './browser';
import { ensureWebBuild } from './web-build';

/**
 * Builds the web app once, before any test file starts: browser test files run in parallel,
 * and two builds at once would empty dist/web under each other's feet. Migrates one database,
 * embedded or on the PostgreSQL server, for every test file's database to start from. Finds the
 * Chromium the browser tests drive, once, for every worker.
 */
export default async function setup(): Promise<void> {
  ensureWebBuild();
  if (process.env.SKIP_BROWSER_TESTS !== '1') process.env.CHROMIUM_PATH = await chromiumExecutable();
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) await ensureMigratedTemplate(serverUrl);
  else await ensureMigratedPglite();
}
