import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { MigrationsPendingError } from './db/client';
import { projectRoot } from './project-paths';
import { prepareServer } from './start';
import { staffCredentials } from './test-support/test-app';
import { createScratchDatabase } from './test-support/test-database';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A data folder and, on a PostgreSQL run, an empty scratch database: nothing migrated yet. */
async function emptyDeployment(): Promise<NodeJS.ProcessEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-migrate-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  if (scratch) cleanups.push(() => scratch.drop());
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    STAFF_EMAIL: staffCredentials.email,
    STAFF_PASSWORD: staffCredentials.password,
    BETTER_AUTH_SECRET: 'a-secret-for-the-migration-test-0123456789abcdef',
    LOG_LEVEL: 'silent',
  };
}

describe('migrations run alone', () => {
  it('a server started with MIGRATE_ON_START=false refuses an unmigrated database, and starts once npm run db:migrate has run', async () => {
    const environment = await emptyDeployment();
    const config = loadConfig({ ...environment, MIGRATE_ON_START: 'false' });
    expect(config.migrateOnStart).toBe(false);
    await expect(prepareServer(config)).rejects.toBeInstanceOf(MigrationsPendingError);
    await expect(prepareServer(config)).rejects.toThrow(/npm run db:migrate/);

    const migrated = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/migrate-main.ts'], { cwd: projectRoot, env: { ...process.env, ...environment }, encoding: 'utf8' });
    expect(migrated.stderr).toBe('');
    expect(migrated.status).toBe(0);
    expect(migrated.stdout).toMatch(/Migrations applied/);

    const server = await prepareServer(config);
    try {
      expect((await server.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
      // The catalogue the server seeded at start is listed at once, not after its next refresh.
      const catalogue = await server.app.inject({ method: 'GET', url: '/api/accountsTypes' });
      expect(catalogue.statusCode).toBe(200);
      expect((catalogue.json() as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('reads MIGRATE_ON_START as true or false only, true by default', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(() => loadConfig({ MIGRATE_ON_START: 'no' })).toThrow(ConfigError);
    expect(() => loadConfig({ MIGRATE_ON_START: 'no' })).toThrow(/MIGRATE_ON_START/);
  });
});
