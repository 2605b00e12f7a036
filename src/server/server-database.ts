import path from 'node:path';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { makeDataDirPrivate } from './lib/private-data-dir';

/**
 * Opens the server's database: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR, made private
 * first. Kept apart from the app's modules so that `npm start` can begin here, before importing
 * them: PGlite reads and compiles its WebAssembly in the background while they load.
 */
export function openServerDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<DatabaseHandle> {
  makeDataDirPrivate(config.dataDir);
  return openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
}
