// Builds the web app when any of its sources is newer than the last build, so `npm start`
// always serves what the tree holds without rebuilding on every start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'scripts/precompress.ts', 'package-lock.json'];

function newestModification(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestModification(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((source) => newestModification(path.join(root, source))));
if (builtAt >= sourcesAt && process.argv[2] !== '--force') process.exit(0);

console.log('Building the web app…');
// vite's package exports do not expose its bin, so it is found by path.
const viteBin = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
// Always the production build: the test runner sets NODE_ENV=test, which would otherwise give
// React's development build and a first screen a third larger than what customers get.
const result = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
process.exit(result.status ?? 1);
