import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { openPglite } from '../db/pglite-driver';
import { migrationsFolder, projectRoot } from '../project-paths';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by DATABASE_URL (dropped afterwards).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    // initdb and every migration take PGlite seconds per test file (over ten on a busy machine);
    // loading the tarball of a database already migrated takes one.
    const migrated = migratedPglitePath();
    const handle = fs.existsSync(migrated) ? openPglite(undefined, { loadDataDir: new Blob([fs.readFileSync(migrated)]) }) : await openDatabase({});
    // Nothing to do when the tarball was loaded; the same check a server makes on start.
    await handle.migrate();
    return handle;
  }
  const scratch = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ databaseUrl: scratch.url });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * An empty database on the PostgreSQL server at `serverUrl`, for tests that open their own
 * connection (start-up through `prepareServer`); `drop` removes it and its connections.
 */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bank_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Where the migrated embedded database is kept between runs, named by what makes it: every
 * migration file and PGlite's version. A new migration, or another PGlite, names another file.
 */
function migratedPglitePath(): string {
  const hash = createHash('sha256');
  const pglitePackage = path.join(projectRoot, 'node_modules/@electric-sql/pglite/package.json');
  hash.update((JSON.parse(fs.readFileSync(pglitePackage, 'utf8')) as { version: string }).version);
  const files = fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(`\0${file}\0`);
    hash.update(fs.readFileSync(full));
  }
  return path.join(projectRoot, 'dist/test-pglite', `migrated-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/**
 * Migrates an embedded database once and keeps it as a tarball for every test file's database
 * (vitest's global setup calls this before any file starts). Written aside and renamed, so a
 * file never reads half a tarball.
 */
export async function ensureMigratedPglite(): Promise<void> {
  const target = migratedPglitePath();
  if (fs.existsSync(target)) return;
  const handle = await openDatabase({});
  try {
    await handle.migrate();
    const tarball = await handle.dumpDataDir!();
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    fs.renameSync(partial, target);
  } finally {
    await handle.close();
  }
}
