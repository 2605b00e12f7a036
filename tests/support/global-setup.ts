import { ensureWebBuild } from './web-build';

/**
 * Builds the web app once, before any test file starts: browser test files run in parallel,
 * and two builds at once would empty dist/web under each other's feet.
 */
export default function setup(): void {
  ensureWebBuild();
}
