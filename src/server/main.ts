import { ConfigError, loadConfig } from './config';
import { DatabaseLockedError, MigrationsPendingError } from './db/client';
import { defaultWebRoot } from './project-paths';
import { openServerDatabase } from './server-database';
import type { RunningServer } from './start';

const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // The database is opened before the app's modules are imported: PGlite reads and compiles its
  // WebAssembly in the background while they load, instead of after them.
  const database = await openServerDatabase(config);
  const { prepareServer } = await import('./start');
  const server = await prepareServer(config, { webRoot: defaultWebRoot, database });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), shutdownGraceMs);
    forced.unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGUSR2', () => void backUpOnSignal(server, config.dataDir, config.backupDir));
  await server.app.listen({ port: config.port, host: config.host });
  server.app.log.info(`Bank is open on ${config.publicUrl} (${server.database.driver})`);
}

/**
 * `npm run backup` on the embedded database asks the running server for it with SIGUSR2: only the
 * process holding a PGlite folder may read it. A PostgreSQL server is backed up by `pg_dump`.
 */
async function backUpOnSignal(server: RunningServer, dataDir: string, backupDir: string): Promise<void> {
  const dump = server.database.dumpDataDir;
  if (!dump) {
    server.app.log.warn('SIGUSR2 asks for a backup of the embedded database; with DATABASE_URL, npm run backup uses pg_dump');
    return;
  }
  try {
    // Loaded when asked: the backup module brings PostgreSQL's client, which an embedded start never needs.
    const { writeEmbeddedBackup } = await import('./lib/backup');
    const file = await writeEmbeddedBackup({ dumpDataDir: dump }, dataDir, backupDir);
    server.app.log.info({ file }, 'backup written');
  } catch (error) {
    server.app.log.error({ err: error }, 'backup failed');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError || error instanceof MigrationsPendingError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
