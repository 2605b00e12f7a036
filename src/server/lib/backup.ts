import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Backups of the bank's database: PostgreSQL's own dump (`pg_dump`, custom format) for a server,
 * and for the embedded database a gzipped tarball of its data folder written by the server
 * process that holds it (only one process may open a PGlite folder). Both are taken while the
 * server runs; `npm run backup` and `npm run restore` drive them.
 */

export const embeddedBackupSuffix = '.pglite.tar.gz';
export const postgresBackupSuffix = '.pgdump';

/** Where backups go unless `BACKUP_DIR` says otherwise: inside the private data folder. */
export function defaultBackupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** `bank-2026-11-24T07-20-05-123Z.pgdump`: sorts by time, and says what restores it. */
export function backupFileName(kind: 'pglite' | 'postgres', at = new Date()): string {
  return `bank-${at.toISOString().replace(/[:.]/g, '-')}${kind === 'pglite' ? embeddedBackupSuffix : postgresBackupSuffix}`;
}

/** Writes `bytes` to `file` owner-only, under a temporary name first: a reader never sees half a backup. */
export function writeWhole(file: string, bytes: Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, bytes, { mode: 0o600 });
  fs.renameSync(partial, file);
}

/** An embedded database that can write its data folder as a tarball between two queries. */
export type DumpableDatabase = { dumpDataDir: () => Promise<Blob> };

/** The embedded database's folder, as the process holding it sees it between two queries. */
export async function writeEmbeddedBackup(database: DumpableDatabase, backupsDir: string): Promise<string> {
  const file = path.join(backupsDir, backupFileName('pglite'));
  const tarball = await database.dumpDataDir();
  writeWhole(file, new Uint8Array(await tarball.arrayBuffer()));
  return file;
}

/** Runs a PostgreSQL client program; rejects with its error output when it fails. */
function runProgram(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errorOutput = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errorOutput = (errorOutput + chunk.toString()).slice(-4_000);
    });
    child.on('error', (error) => reject(new Error(`${program} could not run (${error.message}): install PostgreSQL's client programs`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed with ${code}:\n${errorOutput}`))));
  });
}

/**
 * `pg_dump --format=custom` of the whole database: one consistent snapshot however many
 * transfers commit meanwhile, restorable table by table with `pg_restore`.
 */
export async function writePostgresBackup(databaseUrl: string, backupsDir: string): Promise<string> {
  const file = path.join(backupsDir, backupFileName('postgres'));
  fs.mkdirSync(backupsDir, { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  await runProgram('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, databaseUrl]);
  fs.chmodSync(partial, 0o600);
  fs.renameSync(partial, file);
  return file;
}

export class RestoreRefusedError extends Error {}

/**
 * Restores a `pg_dump` backup into the database at `databaseUrl`, which must hold no tables: a
 * restore never mixes a backup into live data, nor overwrites it. Create an empty database,
 * restore into it, check it, then point the servers at it.
 */
export async function restorePostgresBackup(databaseUrl: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (Number(tables.rows[0]?.count) > 0) throw new RestoreRefusedError('The target database is not empty: restore into a new, empty database.');
  } finally {
    await client.end();
  }
  await runProgram('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`, file]);
}
