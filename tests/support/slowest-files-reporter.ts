import type { Reporter, TestModule } from 'vitest/node';

const shown = 25;

/**
 * After the summary, the test files that took longest, with their import time apart: CI must stay
 * under 25 minutes on two cores, and what to shorten next is read from here, not guessed.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules.map((testModule) => {
      const diagnostic = testModule.diagnostic();
      const importSeconds = diagnostic.collectDuration / 1000;
      const totalSeconds = (diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.setupDuration + diagnostic.collectDuration + diagnostic.duration) / 1000;
      return { file: testModule.relativeModuleId, importSeconds, totalSeconds };
    });
    if (rows.length === 0) return;
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const lines = [...rows]
      .sort((a, b) => b.totalSeconds - a.totalSeconds)
      .slice(0, shown)
      .map((row) => `${row.totalSeconds.toFixed(1).padStart(7)} s  (import ${row.importSeconds.toFixed(1).padStart(5)} s)  ${row.file}`);
    console.log(
      [
        '',
        `Slowest ${Math.min(shown, rows.length)} of ${rows.length} test files (seconds in the file, all files: ${sum(rows.map((row) => row.totalSeconds)).toFixed(0)} s, of which import ${sum(rows.map((row) => row.importSeconds)).toFixed(0)} s):`,
        ...lines,
      ].join('\n'),
    );
  }
}
