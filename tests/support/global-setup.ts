import { ensureMigratedPglite } from '../../src/server/test-support/test-database';
import { ensureWebBuild } from './web-build';

/**
 * Builds the web app once, before any test file starts: browser test files run in parallel,
 * and two builds at once would empty dist/web under each other's feet. Migrates one embedded
 * database for every test file to start from, unless the tests run on a PostgreSQL server.
 */
export default async function setup(): Promise<void> {
  ensureWebBuild();
  if (!process.env.DATABASE_URL) await ensureMigratedPglite();
}
