import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const webRoot = path.resolve(import.meta.dirname, '../../dist/web');

/** Browser tests run against the built app, rebuilt only when its sources changed (once, in global setup). */
export function ensureWebBuild(): void {
  const result = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/build-if-stale.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the web app failed');
}

/** Browser test files call this instead of building: the global setup already did. */
export function assertWebBuilt(): void {
  if (!fs.existsSync(path.join(webRoot, 'index.html'))) throw new Error('dist/web is missing: the vitest global setup builds it');
}
