import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    // CI runs the browser journeys once, on PostgreSQL (SKIP_BROWSER_TESTS=1 on its embedded run):
    // they test the web app, which is the same whatever the driver, and every API test under them
    // runs on both. On PostgreSQL the app serving them takes half the CPU it takes on PGlite, which
    // runs in the test's own process beside the browser.
    exclude: [
      '**/node_modules/**',
      ...(process.env.SKIP_BROWSER_TESTS === '1' ? ['tests/e2e/**'] : []),
      // What never touches the bank's database runs once, on the embedded run: the web app's and the
      // shared rules' tests, and the clearing house, which keeps its books in a PGlite of its own.
      ...(process.env.DATABASE_URL ? ['src/clearing-house/**', 'src/web/**', 'src/shared/**'] : []),
    ],
    globalSetup: ['tests/support/global-setup.ts'],
    // CI's log names the slowest files after the summary: what to shorten next is read, not guessed.
    reporters: process.env.CI ? ['default', './tests/support/slowest-files-reporter.ts'] : ['default'],
    // The server's and the shared rules' tests run in node; a web component's test (`*.test.tsx`
    // beside it) names its DOM in its first line (`// @vitest-environment happy-dom`).
    environment: 'node',
    // Two cores: two files at a time keeps database start-ups from starving each other.
    maxWorkers: 2,
    testTimeout: 60_000,
    // Browser pages load slowly while two test files share two cores: polls wait up to 10 s.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
