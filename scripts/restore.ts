// npm run restore -- <backup file>: restores a backup `npm run backup` wrote.
//   A .pgdump file into the PostgreSQL database at DATABASE_URL, which must be empty (create a
//   new database, restore, check, then point the servers at it).
//   A .data.tar.gz file into DATA_DIR, whose pglite folder must not hold a database yet (a new
//   DATA_DIR, or the old folder moved away), with no server running on it: the database, the
//   generated secret and the uploads, every file owner-only.
//   A .pglite.tar.gz file (an earlier release's backup) holds the database alone.
// Then the server starts on it as usual and applies any migration the backup predates.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { DatabaseLockedError } from '../src/server/db/client';
import { restorePgliteFolder } from '../src/server/db/pglite-driver';
import { ArchiveFormatError } from '../src/server/lib/tar-archive';
import { databaseOnlyBackupSuffix, embeddedBackupSuffix, postgresBackupSuffix, restoreEmbeddedBackup, restorePostgresBackup, RestoreRefusedError } from '../src/server/lib/backup';
import { makeDataDirPrivate, restrictModes } from '../src/server/lib/private-data-dir';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || !fs.existsSync(file)) throw new RestoreRefusedError('Usage: npm run restore -- <backup file written by npm run backup>');
  const config = loadConfig();
  if (file.endsWith(postgresBackupSuffix)) {
    if (!config.databaseUrl) throw new RestoreRefusedError('A .pgdump backup restores into PostgreSQL: set DATABASE_URL to a new, empty database.');
    await restorePostgresBackup(config.databaseUrl, file);
    console.log(`Restored ${file} into ${new URL(config.databaseUrl).pathname.slice(1)}.`);
    return;
  }
  const databaseOnly = file.endsWith(databaseOnlyBackupSuffix);
  if (!databaseOnly && !file.endsWith(embeddedBackupSuffix)) {
    throw new RestoreRefusedError(`Not a backup of ours: the name should end with ${postgresBackupSuffix} or ${embeddedBackupSuffix} (${databaseOnlyBackupSuffix} from earlier releases).`);
  }
  if (config.databaseUrl) throw new RestoreRefusedError('An embedded backup restores into DATA_DIR: unset DATABASE_URL.');
  makeDataDirPrivate(config.dataDir);
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (databaseOnly) {
    await restorePgliteFolder(pgliteDir, new Blob([new Uint8Array(fs.readFileSync(file))]));
    console.log(
      `Restored ${file} into ${pgliteDir}. This older kind of backup holds the database alone: copy auth-secret and uploads/ from the backed-up server's DATA_DIR too, or two-step sign-in and uploaded documents will not work.`,
    );
  } else {
    const { uploads } = await restoreEmbeddedBackup(file, config.dataDir);
    console.log(`Restored ${file} into ${config.dataDir} (the database, the server secret and ${uploads} uploaded files).`);
  }
  // PGlite writes its files readable by everyone; the folder holds customers' data.
  restrictModes(config.dataDir);
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DatabaseLockedError || error instanceof RestoreRefusedError || error instanceof ArchiveFormatError;
  console.error(known ? error.message : error);
  process.exit(1);
});
