import { ConfigError, loadConfig } from './config';
import { DatabaseLockedError, MigrationsPendingError } from './db/client';
import { defaultWebRoot } from './project-paths';
import { prepareServer } from './start';

const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await prepareServer(config, { webRoot: defaultWebRoot });
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
  await server.app.listen({ port: config.port, host: config.host });
  server.app.log.info(`Bank is open on ${config.publicUrl} (${server.database.driver})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError || error instanceof MigrationsPendingError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
