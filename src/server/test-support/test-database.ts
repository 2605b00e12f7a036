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
  // A copy of the database global setup migrated takes PostgreSQL a fraction of a second; running
  // every migration again takes seconds per test file.
  const scratch = await createScratchDatabase(serverUrl, { template: (await migratedTemplateExists(serverUrl)) ? migratedTemplateName() : undefined });
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
 * An empty database on the PostgreSQL server at `serverUrl` (a copy of `template` when given), for
 * tests that open their own connection (start-up through `prepareServer`); `drop` removes it and
 * its connections.
 */
export async function createScratchDatabase(serverUrl: string, options: { template?: string | undefined } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bank_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(options.template ? `CREATE DATABASE ${name} TEMPLATE ${options.template}` : `CREATE DATABASE ${name}`);
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
 * What a migrated database is made from: every migration file and PGlite's version. A new
 * migration, or another PGlite, names another migrated database.
 */
function migrationsKey(): string {
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
  return hash.digest('hex').slice(0, 16);
}

/** Where the migrated embedded database is kept between runs. */
function migratedPglitePath(): string {
  return path.join(projectRoot, 'dist/test-pglite', `migrated-${migrationsKey()}.tar.gz`);
}

/** The migrated database on a PostgreSQL server that each test file's database is copied from. */
function migratedTemplateName(): string {
  return `bank_test_template_${migrationsKey()}`;
}

async function migratedTemplateExists(serverUrl: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const result = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [migratedTemplateName()]);
    return result.rowCount === 1;
  } finally {
    await admin.end();
  }
}

/**
 * Migrates one database on the PostgreSQL server for every test file's database to copy (vitest's
 * global setup calls this before any file starts). Kept between runs, as the embedded one is.
 * Migrated under a name of its own and renamed, so no file copies half a schema; a copy needs
 * the template without connections, so none is left open.
 */
export async function ensureMigratedTemplate(serverUrl: string): Promise<void> {
  if (await migratedTemplateExists(serverUrl)) return;
  const scratch = await createScratchDatabase(serverUrl);
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    const handle = await openDatabase({ databaseUrl: scratch.url });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    await admin.connect();
    await admin.query(`ALTER DATABASE ${new URL(scratch.url).pathname.slice(1)} RENAME TO ${migratedTemplateName()}`);
  } catch (error) {
    // Another run on the same server made it meanwhile: theirs serves.
    if (!(await migratedTemplateExists(serverUrl))) throw error;
  } finally {
    await admin.end();
    // Nothing left under the scratch name once renamed.
    await scratch.drop();
  }
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
