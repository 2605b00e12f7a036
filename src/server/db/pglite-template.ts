import fs from 'node:fs';
import path from 'node:path';
import { pgliteTemplateDir } from '../project-paths';

/**
 * File by file with copyFileSync, which the kernel does (a clone where the file system can):
 * Node 20's fs.cpSync takes seconds over the cluster's thousand files.
 */
function copyTree(source: string, target: string): void {
  fs.mkdirSync(target);
  for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) copyTree(from, to);
    else if (entry.isFile()) fs.copyFileSync(from, to, fs.constants.COPYFILE_FICLONE);
  }
}

/**
 * A new embedded database starts as a copy of the empty cluster the build initialised
 * (scripts/build-pglite-template.mjs). PGlite would otherwise run initdb inside the server: several
 * seconds on the first start, and a second WebAssembly instance whose memory the process keeps
 * long after it is done. Does nothing when the folder already holds a database, or when there
 * is no template (the server run from its sources): PGlite then runs initdb itself.
 */
export function fillFromTemplate(dataDir: string): void {
  if (fs.existsSync(dataDir) || !fs.existsSync(`${pgliteTemplateDir}/PG_VERSION`)) return;
  // Copied aside and renamed, so that a start killed half-way leaves no half-made database.
  const partial = `${dataDir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  copyTree(pgliteTemplateDir, partial);
  fs.renameSync(partial, dataDir);
}
