// The shape every benchmark reports in, so `npm run bench` can print one table and write
// bench/results.json with each figure beside the reference taken in the same run.
import fs from 'node:fs';
import path from 'node:path';

export type BenchRow = {
  /** What was measured, e.g. "PUT /api/userMoneyTrans, PostgreSQL, 32 connections". */
  what: string;
  /** The measured figure and its unit, e.g. { value: 588, unit: 'transfers/s' }. */
  figure: { value: number; unit: string };
  /** Further figures of the same run worth keeping (p50, p99, memory…), by name. */
  details?: Record<string, number | string | boolean>;
  /** The reference measured in the same run, when the figure is read as a ratio. */
  reference?: { what: string; value: number; unit: string };
  /** figure ÷ reference (or the figure itself when there is no reference), and the value to reach. */
  ratio?: number;
  target?: { value: number; comparison: '>=' | '<='; of: 'ratio' | 'figure' };
};

export function meetsTarget(row: BenchRow): boolean | undefined {
  if (!row.target) return undefined;
  const measured = row.target.of === 'ratio' ? row.ratio : row.figure.value;
  if (measured === undefined) return undefined;
  return row.target.comparison === '>=' ? measured >= row.target.value : measured <= row.target.value;
}

const round = (value: number) => (Math.abs(value) >= 100 ? Math.round(value) : Number(value.toPrecision(3)));

export function formatRow(row: BenchRow): string {
  const figure = `${round(row.figure.value).toLocaleString('en-US')} ${row.figure.unit}`;
  const reference = row.reference ? `  | ${row.reference.what}: ${round(row.reference.value).toLocaleString('en-US')} ${row.reference.unit}` : '';
  const ratio = row.ratio !== undefined ? `  | ratio ${row.ratio.toFixed(3)}` : '';
  const verdict = meetsTarget(row);
  const target = row.target ? `  | target ${row.target.of} ${row.target.comparison} ${row.target.value}: ${verdict ? 'met' : 'NOT met'}` : '';
  const details = row.details
    ? `  | ${Object.entries(row.details)
        .map(([name, value]) => `${name} ${String(value)}`)
        .join(', ')}`
    : '';
  return `${row.what}: ${figure}${reference}${ratio}${target}${details}`;
}

export function writeResults(file: string, rows: BenchRow[], context: Record<string, unknown>): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...context, rows }, null, 2)}\n`);
}
