// npm run backup: a backup of the bank taken while the server runs, written under BACKUP_DIR
// (DATA_DIR/backups by default), owner-only from its first byte; prints the file's path.
//   With DATABASE_URL: pg_dump --format=custom (PostgreSQL's client programs must be installed),
//   given the password in its environment, never on its command line.
//   Embedded (PGlite): a tar archive of the database's folder, the generated secret and the
//   uploads. Only the process holding DATA_DIR/pglite may read the database, so a running server
//   is asked with SIGUSR2 and writes the archive itself; with no server running, this process
//   opens the folder and writes it.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { embeddedBackupSuffix, writeEmbeddedBackup, writePostgresBackup } from '../src/server/lib/backup';

const serverAnswerWaitMs = 60_000;

function runningServerPid(pgliteDir: string): number | null {
  const lockPath = `${pgliteDir}.lock`;
  if (!fs.existsSync(lockPath)) return null;
  const pid = Number(fs.readFileSync(lockPath, 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

function embeddedBackups(backupDir: string): Set<string> {
  if (!fs.existsSync(backupDir)) return new Set();
  return new Set(fs.readdirSync(backupDir).filter((name) => name.endsWith(embeddedBackupSuffix)));
}

/** Asks the server holding the folder for a backup and waits for the new file to appear whole. */
async function askRunningServer(pid: number, backupDir: string): Promise<string> {
  const before = embeddedBackups(backupDir);
  process.kill(pid, 'SIGUSR2');
  const started = Date.now();
  while (Date.now() - started < serverAnswerWaitMs) {
    const fresh = [...embeddedBackups(backupDir)].filter((name) => !before.has(name));
    if (fresh[0]) return path.join(backupDir, fresh[0]);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server (process ${pid}) wrote no backup within ${serverAnswerWaitMs / 1000} s: see its log.`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.log(await writePostgresBackup(config.databaseUrl, config.backupDir));
    return;
  }
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const pid = runningServerPid(pgliteDir);
  if (pid !== null) {
    console.log(await askRunningServer(pid, config.backupDir));
    return;
  }
  const database = await openDatabase({ pgliteDir });
  try {
    if (!database.dumpDataDir) throw new Error('the embedded database cannot dump its folder');
    console.log(await writeEmbeddedBackup({ dumpDataDir: database.dumpDataDir }, config.dataDir, config.backupDir));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
});
