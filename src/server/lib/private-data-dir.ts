import fs from 'node:fs';
import path from 'node:path';

/** Only the server's own user may read or write what it keeps: the database holds password hashes and NID numbers. */
const privateFileMode = 0o600;
const privateDirectoryMode = 0o700;

/**
 * Makes `DATA_DIR` private before anything is written to it: the directory is the owner's alone,
 * so nothing inside can be reached by anyone else, and files the server creates are owner-only
 * (the process umask). What is inside, whatever an earlier version left readable by others among
 * it, is closed up by `restrictModes` once the embedded database has started: one walk over its
 * thousand files instead of two, and nothing inside is reachable in between.
 */
export function makeDataDirPrivate(dataDir: string): void {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: privateDirectoryMode });
  if (!fs.lstatSync(dataDir).isSymbolicLink()) fs.chmodSync(dataDir, privateDirectoryMode);
}

/**
 * Closes up every file and directory under `target`. The embedded database sets its files' modes
 * itself (0666, ignoring the umask), so this runs again once it has started and then hourly; the
 * private directory above them keeps them unreachable in between.
 */
export function restrictModes(target: string): void {
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== privateDirectoryMode) fs.chmodSync(target, privateDirectoryMode);
    for (const entry of fs.readdirSync(target)) restrictModes(path.join(target, entry));
  } else if ((stat.mode & 0o077) !== 0) {
    fs.chmodSync(target, stat.mode & privateFileMode);
  }
}
