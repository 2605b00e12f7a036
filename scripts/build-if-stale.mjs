// Builds the web app, the server and the embedded database's template when any of their sources
// is newer than their last build, so `npm start` always runs what the tree holds without
// rebuilding on every start. `--force` rebuilds them all.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildPgliteTemplate, pgliteTemplateOutput } from './build-pglite-template.mjs';
import { buildServer, serverOutput } from './build-server.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const force = process.argv[2] === '--force';

function newestModification(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestModification(path.join(target, entry)));
  return newest;
}

function isStale(output, sources) {
  const builtAt = fs.existsSync(path.join(root, output)) ? fs.statSync(path.join(root, output)).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.map((source) => newestModification(path.join(root, source))));
  return force || builtAt < sourcesAt;
}

function buildWebApp() {
  // vite's package exports do not expose its bin, so it is found by path.
  const viteBin = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // Always the production build: the test runner sets NODE_ENV=test, which would otherwise give
  // React's development build and a first screen a third larger than what customers get.
  const result = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const webSources = ['src/web', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'scripts/precompress.ts', 'scripts/prerender.ts', 'package-lock.json'];
if (isStale('dist/web/index.html', webSources)) {
  console.log('Building the web app…');
  buildWebApp();
}

const serverSources = ['src/server', 'src/shared', 'tsconfig.json', 'package-lock.json', 'scripts/build-server.mjs'];
if (isStale(serverOutput, serverSources)) {
  console.log('Building the server…');
  await buildServer(root);
}

if (isStale(`${pgliteTemplateOutput}/PG_VERSION`, ['package-lock.json', 'scripts/build-pglite-template.mjs'])) {
  console.log('Initialising the embedded database template…');
  await buildPgliteTemplate(root);
}
