import { createTestDatabase } from '../src/server/test-support/test-database';
import type { DatabaseHandle } from '../src/server/db/client';

/**
 * Runs `measure` on a fresh scratch database of embedded PGlite, then of the PostgreSQL server
 * named by DATABASE_URL when it is set; each database is dropped afterwards.
 */
export async function onEachDriver(measure: (label: string, handle: DatabaseHandle) => Promise<void>): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  await onFreshDatabase('Embedded PGlite', measure);
  if (databaseUrl) {
    process.env.DATABASE_URL = databaseUrl;
    await onFreshDatabase('PostgreSQL server', measure);
  } else {
    console.log('\n(set DATABASE_URL=postgres://… to measure a PostgreSQL server too)');
  }
}

async function onFreshDatabase(label: string, measure: (label: string, handle: DatabaseHandle) => Promise<void>): Promise<void> {
  const handle = await createTestDatabase();
  try {
    await measure(label, handle);
  } finally {
    await handle.close();
  }
}
