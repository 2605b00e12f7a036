import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { assertHoldsNoDatabase, restorePgliteFolder } from '../db/pglite-driver';
import { isContentHashName, uploadsDirIn } from '../modules/images/image-store';
import { authSecretFile, secretInDataDir } from './auth-secret';
import { readTarGz, writeTarGz, type ArchiveEntry } from './tar-archive';

/**
 * Backups of the bank: PostgreSQL's own dump (`pg_dump`, custom format) for a server, which holds
 * everything (uploads and a generated secret live in the database there); and for the embedded
 * database a gzipped tar archive of what DATA_DIR holds (the database's folder, written by the
 * server process that holds it since only one process may open a PGlite folder, with the secret
 * and the uploads). Both are taken while the server runs; `npm run backup` and `npm run restore`
 * drive them.
 */

/** An embedded deployment's backup: the database, the generated secret and the uploads, in one tar archive. */
export const embeddedBackupSuffix = '.data.tar.gz';
/** Backups of the embedded database from earlier releases: its folder alone, without the secret or the uploads. */
export const databaseOnlyBackupSuffix = '.pglite.tar.gz';
export const postgresBackupSuffix = '.pgdump';

/** The archive's entries: PGlite's own tarball of its folder, the secret, and one entry per upload. */
const databaseEntry = 'pglite.tar.gz';
const uploadsEntryPrefix = 'uploads/';

/** Where backups go unless `BACKUP_DIR` says otherwise: inside the private data folder. */
export function defaultBackupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** `bank-2026-11-24T07-20-05-123Z.pgdump`: sorts by time, and says what restores it. */
export function backupFileName(kind: 'pglite' | 'postgres', at = new Date()): string {
  return `bank-${at.toISOString().replace(/[:.]/g, '-')}${kind === 'pglite' ? embeddedBackupSuffix : postgresBackupSuffix}`;
}

/**
 * Writes a backup into `file` through `write`, under a temporary name created owner-only first:
 * a reader never sees half a backup, and no one else can read even the half.
 */
async function writeWhole(file: string, write: (partial: string) => Promise<void>): Promise<string> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  try {
    await write(partial);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  fs.renameSync(partial, file);
  return file;
}

/** An embedded database that can write its data folder as a tarball between two queries. */
export type DumpableDatabase = { dumpDataDir: () => Promise<Blob> };

/** An upload's bytes, or undefined when the clean-up removed it (an unclaimed one) meanwhile. */
async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await fs.promises.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * What of DATA_DIR the bank needs to work after a restore. The secret opens the authenticator
 * secrets sealed in the database, and the uploads are the photos and documents its rows name. The
 * database is dumped before the uploads are read: an upload stored meanwhile is in the backup
 * without a row naming it (harmless), never a row without its file. Left out: the backups, the
 * lock file, and staff-credentials.txt (a first password meant to be read once and replaced,
 * which a backup would copy to wherever backups go).
 */
async function* dataFolderEntries(dataDir: string, databaseTarball: Uint8Array): AsyncGenerator<ArchiveEntry> {
  const secret = secretInDataDir(dataDir);
  if (secret !== undefined) yield { name: authSecretFile, bytes: Buffer.from(`${secret}\n`) };
  yield { name: databaseEntry, bytes: databaseTarball };
  const uploadsDir = uploadsDirIn(dataDir);
  const names = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).filter(isContentHashName).sort() : [];
  for (const name of names) {
    const bytes = await readIfPresent(path.join(uploadsDir, name));
    if (bytes) yield { name: `${uploadsEntryPrefix}${name}`, bytes };
  }
}

/** The embedded database's folder, as the process holding it sees it between two queries, with the rest of DATA_DIR it needs. */
export async function writeEmbeddedBackup(database: DumpableDatabase, dataDir: string, backupsDir: string): Promise<string> {
  const databaseTarball = new Uint8Array(await (await database.dumpDataDir()).arrayBuffer());
  return writeWhole(path.join(backupsDir, backupFileName('pglite')), (partial) => writeTarGz(partial, dataFolderEntries(dataDir, databaseTarball)));
}

/**
 * How a PostgreSQL client program reaches `databaseUrl` with its password in the environment
 * (PGPASSWORD, which only the same user and root can read) instead of on its command line, where
 * `ps` shows it to every user of the machine.
 */
export function postgresConnection(databaseUrl: string): { url: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password) || url.searchParams.get('password') || undefined;
  url.password = '';
  url.searchParams.delete('password');
  return { url: url.toString(), env: password === undefined ? {} : { PGPASSWORD: password } };
}

type ProgramOptions = { env?: Record<string, string>; output?: number };

/** Runs a PostgreSQL client program; rejects with its error output when it fails. */
function runProgram(program: string, args: string[], options: ProgramOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', options.output ?? 'ignore', 'pipe'], env: { ...process.env, ...options.env } });
    let errorOutput = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errorOutput = (errorOutput + chunk.toString()).slice(-4_000);
    });
    child.on('error', (error) => reject(new Error(`${program} could not run (${error.message}): install PostgreSQL's client programs`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed with ${code}:\n${errorOutput}`))));
  });
}

/**
 * `pg_dump --format=custom` of the whole database: one consistent snapshot however many
 * transfers commit meanwhile, restorable table by table with `pg_restore`. pg_dump writes to a
 * file this process created with mode 0600 (its own `--file` would follow the umask).
 */
export async function writePostgresBackup(databaseUrl: string, backupsDir: string): Promise<string> {
  const connection = postgresConnection(databaseUrl);
  return writeWhole(path.join(backupsDir, backupFileName('postgres')), async (partial) => {
    const output = fs.openSync(partial, 'wx', 0o600);
    try {
      await runProgram('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', connection.url], { env: connection.env, output });
    } finally {
      fs.closeSync(output);
    }
  });
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
    const tables = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`);
    if (Number(tables.rows[0]?.count) > 0) throw new RestoreRefusedError('The target database is not empty: restore into a new, empty database.');
  } finally {
    await client.end();
  }
  const connection = postgresConnection(databaseUrl);
  await runProgram('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${connection.url}`, file], { env: connection.env });
}

/** The secret a backup holds, refused when DATA_DIR keeps another one (it would be overwritten). */
function secretFromBackup(dataDir: string, bytes: Uint8Array): string {
  const secret = Buffer.from(bytes).toString('utf8').trim();
  const present = secretInDataDir(dataDir);
  if (present !== undefined && present !== secret) {
    throw new RestoreRefusedError(`${path.join(dataDir, authSecretFile)} holds another secret than the backup's: move it away with the database it belongs to, or restore into a new DATA_DIR.`);
  }
  return secret;
}

/** An upload's file, owner-only; its name is the SHA-256 of its bytes, so one already there is the same. */
function restoreUpload(uploadsDir: string, name: string, bytes: Uint8Array): void {
  if (createHash('sha256').update(bytes).digest('hex') !== name) throw new RestoreRefusedError(`The backup is damaged: ${uploadsEntryPrefix}${name} does not hold the bytes its name says.`);
  fs.mkdirSync(uploadsDir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(path.join(uploadsDir, name), bytes, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * Restores an embedded backup into `dataDir`, whose `pglite` folder must hold no database: the
 * database, then the secret and uploads beside it, every file owner-only. An entry the backup
 * should not hold (another name, a path leading elsewhere) is refused, never written.
 */
export async function restoreEmbeddedBackup(file: string, dataDir: string): Promise<{ uploads: number }> {
  const pgliteDir = path.join(dataDir, 'pglite');
  const uploadsDir = uploadsDirIn(dataDir);
  assertHoldsNoDatabase(pgliteDir);
  let secret: string | undefined;
  let restoredDatabase = false;
  let uploads = 0;
  for await (const entry of readTarGz(file)) {
    const uploadName = entry.name.startsWith(uploadsEntryPrefix) ? entry.name.slice(uploadsEntryPrefix.length) : '';
    if (entry.name === authSecretFile) secret = secretFromBackup(dataDir, entry.bytes);
    else if (entry.name === databaseEntry && !restoredDatabase) {
      await restorePgliteFolder(pgliteDir, new Blob([entry.bytes]));
      restoredDatabase = true;
    } else if (restoredDatabase && isContentHashName(uploadName)) {
      restoreUpload(uploadsDir, uploadName, entry.bytes);
      uploads += 1;
    } else throw new RestoreRefusedError(`Not a backup of ours: it holds ${JSON.stringify(entry.name)} where it should not.`);
  }
  if (!restoredDatabase) throw new RestoreRefusedError('Not a backup of ours: it holds no database.');
  if (secret !== undefined && secretInDataDir(dataDir) === undefined) {
    fs.writeFileSync(path.join(dataDir, authSecretFile), `${secret}\n`, { mode: 0o600, flag: 'wx' });
  }
  return { uploads };
}
