import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const webRoot = path.resolve(import.meta.dirname, '../../dist/web');

/** Browser tests run against the built app, rebuilt only when its sources changed. */
export function ensureWebBuild(): void {
  const result = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/build-if-stale.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the web app failed');
}
