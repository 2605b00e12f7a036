// Initialises an empty PGlite cluster once, at build time, into dist/pglite-template: each new
// embedded database is a copy of it (src/server/db/pglite-template.ts), so the server never runs
// initdb itself. Rebuilt when package-lock.json changes, since the cluster must match PGlite's
// PostgreSQL version.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

export const pgliteTemplateOutput = 'dist/pglite-template';

/** PGlite writes its files 0666; nobody else may change what every new database starts from. */
function closeToOthers(target) {
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink()) return;
  fs.chmodSync(target, stat.mode & 0o755);
  if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) closeToOthers(path.join(target, entry));
}

export async function buildPgliteTemplate(root) {
  const target = path.join(root, pgliteTemplateOutput);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  const cluster = new PGlite(partial);
  await cluster.waitReady;
  await cluster.close();
  closeToOthers(partial);
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(partial, target);
}
