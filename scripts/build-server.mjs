// Bundles the server into ES modules under dist/server, so `npm start` runs JavaScript instead of
// transpiling every TypeScript file at each start. Packages stay in node_modules (imported as
// they are), and the bundle sits as deep under the root as src/server, so
// src/server/project-paths.ts finds the migrations and the web app from either.
import path from 'node:path';
import { build } from 'esbuild';

export const serverEntry = 'src/server/main.ts';
export const serverOutput = 'dist/server/main.js';

export async function buildServer(root) {
  // The folder is not emptied first: a server still running from an earlier build loads its
  // chunks when first needed, and they are named by their content, so none is overwritten.
  const outdir = path.dirname(path.join(root, serverOutput));
  await build({
    absWorkingDir: root,
    entryPoints: { main: serverEntry },
    outdir,
    // What the server imports with import() (one database driver, better-auth) lands in chunks of
    // its own, loaded when first needed rather than before the server can answer.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}
