import type { Result } from 'lighthouse';

/** What the benchmark keeps of one Lighthouse run: the figures a person on a cheap phone feels. */
export type RouteFigures = {
  route: string;
  performanceScore: number;
  largestContentfulPaintMs: number;
  cumulativeLayoutShift: number;
  totalBlockingTimeMs: number;
  scriptBytesRaw: number;
  scriptBytesTransferred: number;
  /** Lighthouse's measure of this machine's CPU, taken in the same run: the reference the figures are read against. */
  benchmarkIndex: number;
};

type NetworkRequestItem = { resourceType?: string; transferSize?: number; resourceSize?: number };

function numericAudit(result: Result, id: string): number {
  const audit = result.audits[id];
  if (audit?.numericValue === undefined) throw new Error(`Lighthouse gave no value for ${id}: ${audit?.errorMessage ?? result.runtimeError?.message ?? 'no reason given'}`);
  return audit.numericValue;
}

function scriptBytes(result: Result): { raw: number; transferred: number } {
  const details = result.audits['network-requests']?.details;
  const items = (details && 'items' in details ? details.items : []) as NetworkRequestItem[];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  return {
    raw: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    transferred: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  };
}

export function summarise(route: string, result: Result): RouteFigures {
  const bytes = scriptBytes(result);
  return {
    route,
    performanceScore: Math.round((result.categories.performance?.score ?? 0) * 100),
    largestContentfulPaintMs: Math.round(numericAudit(result, 'largest-contentful-paint')),
    cumulativeLayoutShift: Number(numericAudit(result, 'cumulative-layout-shift').toFixed(3)),
    totalBlockingTimeMs: Math.round(numericAudit(result, 'total-blocking-time')),
    scriptBytesRaw: bytes.raw,
    scriptBytesTransferred: bytes.transferred,
    benchmarkIndex: Math.round(result.environment.benchmarkIndex),
  };
}

export type RouteResult = RouteFigures & { runs: number; worstCumulativeLayoutShift: number };

/**
 * The run with the median score: one slow or lucky run on a shared machine does not decide the
 * figure. Layout shift depends on which answer arrives first, so the worst run's is kept beside it.
 */
export function medianRun(runs: RouteFigures[]): RouteResult {
  const sorted = [...runs].sort((left, right) => left.performanceScore - right.performanceScore);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no Lighthouse run finished');
  return { ...median, runs: runs.length, worstCumulativeLayoutShift: Math.max(...runs.map((run) => run.cumulativeLayoutShift)) };
}

export function formatTable(rows: RouteResult[]): string {
  const header = `${'route'.padEnd(24)} ${'score'.padStart(5)} ${'LCP ms'.padStart(7)} ${'CLS'.padStart(6)} ${'worst'.padStart(6)} ${'TBT ms'.padStart(7)} ${'script raw'.padStart(11)} ${'transferred'.padStart(11)}`;
  const lines = rows.map(
    (row) =>
      `${row.route.padEnd(24)} ${String(row.performanceScore).padStart(5)} ${String(row.largestContentfulPaintMs).padStart(7)} ${row.cumulativeLayoutShift.toFixed(3).padStart(6)} ${row.worstCumulativeLayoutShift.toFixed(3).padStart(6)} ${String(row.totalBlockingTimeMs).padStart(7)} ${String(row.scriptBytesRaw).padStart(11)} ${String(row.scriptBytesTransferred).padStart(11)}`,
  );
  return [header, ...lines].join('\n');
}
