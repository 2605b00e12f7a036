import type { DatabaseHandle } from './database';

/**
 * The database the rest of the code sees: its schema and types (`database.ts`), and the way to open
 * one. The drivers import what they share from `database.ts`, never from here, which imports them.
 */
export * from './database';

export type DatabaseOptions = { databaseUrl?: string | undefined; pgliteDir?: string | undefined };

/**
 * Opens PostgreSQL at `databaseUrl`, else PGlite in `pgliteDir` (in memory without one). Each
 * driver is imported only when chosen: a server never loads the other one.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres-driver');
    return openPostgres(options.databaseUrl);
  }
  const { openPglite } = await import('./pglite-driver');
  return openPglite(options.pgliteDir);
}
