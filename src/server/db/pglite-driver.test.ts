import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteTemplateDir } from '../project-paths';
import { openDatabase, type DatabaseHandle } from './client';
import { pgliteMemorySettings } from './pglite-driver';

const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-pglite-'));
const opened: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of opened) await handle.close();
  fs.rmSync(scratchDir, { recursive: true, force: true });
});

async function show(handle: DatabaseHandle, setting: string): Promise<string> {
  const result = await handle.db.execute<Record<string, string>>(sql.raw(`SHOW ${setting}`));
  return String(result.rows[0]?.[setting]);
}

// The PostgreSQL server's settings are its operator's; these are the embedded database's own.
describe.skipIf(process.env.DATABASE_URL)('the embedded database', () => {
  it('runs with the memory settings that bound its WebAssembly memory', async () => {
    const handle = await openDatabase({});
    opened.push(handle);
    for (const [setting, value] of Object.entries(pgliteMemorySettings)) expect(await show(handle, setting), setting).toBe(value);
  });

  it('starts a new data folder from the build’s template, migrates it and opens it again with the same settings', async () => {
    expect(fs.existsSync(path.join(pgliteTemplateDir, 'PG_VERSION')), 'the vitest global setup builds the template').toBe(true);
    const pgliteDir = path.join(scratchDir, 'pglite');
    const first = await openDatabase({ pgliteDir });
    // The copy is made before PGlite starts, so it is there before any query.
    expect(fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))).toBe(true);
    await first.migrate();
    await first.close();
    const again = await openDatabase({ pgliteDir });
    opened.push(again);
    await again.migrate();
    const tables = await again.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`);
    expect(Number(tables.rows[0]?.count)).toBeGreaterThan(0);
    expect(await show(again, 'shared_buffers')).toBe(pgliteMemorySettings.shared_buffers);
  });
});
