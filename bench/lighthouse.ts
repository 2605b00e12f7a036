// npm run bench:web: Lighthouse (mobile form factor, default simulated throttling: a mid-range
// phone on slow 4G) on four public pages of the built app, served by the real server on a free
// loopback port with a fresh database. Prints score, LCP, CLS and TBT per page, the script bytes
// of `/`, and writes them to bench/web-results.json.
// Bounded: LIGHTHOUSE_RUNS runs per page (3 unless told), each given at most runTimeoutMs, at
// most twice as many attempts as runs (a run Lighthouse could not finish is retried); the page's
// figures are taken from the run with the median score. With LIGHTHOUSE_REPORTS_DIR set, every
// run's full report is kept there as JSON, to see which element shifted or painted last.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createTestApp } from '../src/server/test-support/test-app';
import { findFreePort } from '../tests/support/free-port';
import { ensureWebBuild, webRoot } from '../tests/support/web-build';
import { formatTable, medianRun, summarise, type RouteFigures, type RouteResult } from './lighthouse-summary';

/** LIGHTHOUSE_ROUTES="/,/login" measures only those, to try a change quickly; the results file then holds only those. */
const routes = process.env.LIGHTHOUSE_ROUTES?.split(',') ?? ['/', '/accountDetail/savings', '/login', '/contactUs'];
const runsPerRoute = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const runTimeoutMs = 120_000;
const resultsPath = path.resolve(import.meta.dirname, 'web-results.json');
const reportsDir = process.env.LIGHTHOUSE_REPORTS_DIR;
/** The flags the browser tests use on this closed network: nothing may reach the internet. */
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A run that hangs may still hold the browser, so it ends the benchmark instead of being retried. */
class RunTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RunTimeout(`${label} took longer than ${runTimeoutMs} ms`)), runTimeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function keepReport(directory: string, route: string, attempt: number, report: unknown): void {
  fs.mkdirSync(directory, { recursive: true });
  const name = `${route.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '') || 'home'}-${attempt}.json`;
  fs.writeFileSync(path.join(directory, name), JSON.stringify(report));
}

async function measureRoute(baseUrl: string, route: string, chromePort: number): Promise<RouteResult> {
  const runs: RouteFigures[] = [];
  for (let attempt = 1; runs.length < runsPerRoute && attempt <= runsPerRoute * 2; attempt += 1) {
    const label = `Lighthouse on ${route} (attempt ${attempt})`;
    try {
      const result = await withTimeout(lighthouse(`${baseUrl}${route}`, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }), label);
      if (!result) throw new Error('no result');
      if (reportsDir) keepReport(reportsDir, route, attempt, result.lhr);
      const figures = summarise(route, result.lhr);
      console.log(`  ${label}: score ${figures.performanceScore}, LCP ${figures.largestContentfulPaintMs} ms, CLS ${figures.cumulativeLayoutShift}, TBT ${figures.totalBlockingTimeMs} ms`);
      runs.push(figures);
    } catch (error) {
      if (error instanceof RunTimeout) throw error;
      console.log(`  ${label} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return medianRun(runs);
}

/** Lighthouse on every route, against the built app on a fresh database; the median run of each. */
export async function measureWeb(): Promise<RouteResult[]> {
  ensureWebBuild();
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const harness = await createTestApp({ webRoot, publicUrl: baseUrl });
  await harness.app.listen({ port, host: '127.0.0.1' });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags, logLevel: 'error' });
  try {
    // The first answers warm the server's caches and JIT, so run 1 measures the page, not start-up.
    for (const route of routes) await fetch(`${baseUrl}${route}`);
    const results: RouteResult[] = [];
    for (const route of routes) results.push(await measureRoute(baseUrl, route, chrome.port));
    fs.writeFileSync(resultsPath, `${JSON.stringify({ measuredAt: new Date().toISOString(), runsPerRoute, routes: results }, null, 2)}\n`);
    return results;
  } finally {
    chrome.kill();
    await harness.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await measureWeb();
  console.log(`\n${formatTable(results)}`);
  console.log(`\nLighthouse's CPU benchmark index on this machine: ${results.map((row) => row.benchmarkIndex).join(', ')}`);
  console.log(`written to ${path.relative(process.cwd(), resultsPath)}`);
}
