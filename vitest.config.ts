import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
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
