import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, schema, type DatabaseHandle } from './client';
import { jsonRows } from './json-rows';

/**
 * Both drivers hand timestamps and JSON back as the same JS types, so no repository compensates
 * for one of them: run on PGlite by default and on the PostgreSQL server with DATABASE_URL, with
 * the same expectations. (A raw `bigint` is the exception, a number on PGlite and text on
 * node-postgres: raw reads of money cast it to text, decision 043.)
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await handle.migrate();
});
afterAll(async () => handle.close());

describe(`a raw row on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('carries a timestamp as PostgreSQL’s text, json parsed, and money cast to text as text', async () => {
    const result = await handle.db.execute<Record<string, unknown>>(sql`
      SELECT '2026-11-25 21:07:05.199+00'::timestamptz AS at, '{"a":[1,"b"]}'::jsonb AS binary_json, '{"a":1}'::json AS text_json,
        9007199254740993::bigint::text AS money, 7::int AS small`);
    expect(result.rows[0]).toEqual({ at: '2026-11-25 21:07:05.199+00', binary_json: { a: [1, 'b'] }, text_json: { a: 1 }, money: '9007199254740993', small: 7 });
  });
});

describe(`a typed select on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('maps a timestamp to a Date and money to a bigint', async () => {
    const code = `test:driver-types:${Date.now()}`;
    await handle.db.insert(schema.ledgerAccount).values({ code, kind: 'bank', balancePoisha: 9_007_199_254_740_993n });
    try {
      const [row] = await handle.db.select().from(schema.ledgerAccount).where(eq(schema.ledgerAccount.code, code));
      expect(row?.createdAt).toBeInstanceOf(Date);
      expect(row?.balancePoisha).toBe(9_007_199_254_740_993n);
    } finally {
      await handle.db.delete(schema.ledgerAccount).where(eq(schema.ledgerAccount.code, code));
    }
  });
});

describe(`rows sent as one JSON parameter on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('arrive as a text parameter would: a lone surrogate as U+FFFD, every other character as written', async () => {
    const rows = [
      { name: 'Rahim \ud800 Uddin', amount: '12' },
      { name: 'রহিম 😀 \udfff', amount: '3' },
    ];
    const result = await handle.db.execute<{ name: string; amount: string }>(sql`SELECT r.name, r.amount::text AS amount FROM ${jsonRows(rows, sql`name text, amount bigint`)} AS r`);
    expect(result.rows).toEqual([
      { name: 'Rahim \ufffd Uddin', amount: '12' },
      { name: 'রহিম 😀 \ufffd', amount: '3' },
    ]);
  });
});
