import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { DatabaseLockedError, openDatabase } from './db/client';
import { makeDataDirPrivate, restrictModes } from './lib/private-data-dir';

/**
 * `npm run db:migrate`: applies the migrations in `drizzle/` to the database the environment
 * names, and nothing else, so that a deployment migrates once before its instances start with
 * MIGRATE_ON_START=false. On PostgreSQL it takes the same lock as a migrating server, so it may
 * run while instances serve; on PGlite it refuses while a server holds the data folder.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) makeDataDirPrivate(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    const started = Date.now();
    await database.migrate();
    console.log(`Migrations applied (${database.driver}) in ${Date.now() - started} ms.`);
  } finally {
    await database.close();
    // PGlite writes its files readable by everyone; the folder holds customers' data.
    if (!config.databaseUrl) restrictModes(config.dataDir);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DatabaseLockedError ? error.message : error);
  process.exit(1);
});
