import { sql } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import type { CatalogueSeedEntry } from './catalogue-seed';
import { banglaCatalogue } from './catalogue-seed-bn';

export type CatalogueRow = typeof schema.catalogueEntry.$inferSelect;

/**
 * Inserts the entries that are missing; entries already present (and perhaps edited by staff)
 * keep their words, and gain the Bangla ones only where they have none yet (a database from
 * before the Bangla catalogue). One statement, so start-up pays one round trip for it.
 */
export async function seedCatalogue(db: Executor, entries: readonly CatalogueSeedEntry[]): Promise<void> {
  await db
    .insert(schema.catalogueEntry)
    .values(entries.map((entry) => ({ ...entry, features: [...entry.features], bangla: banglaCatalogue[`${entry.kind}:${entry.slug}`] ?? null })))
    .onConflictDoUpdate({
      target: [schema.catalogueEntry.kind, schema.catalogueEntry.slug],
      set: { bangla: sql`excluded.bangla` },
      setWhere: sql`${schema.catalogueEntry.bangla} IS NULL`,
    });
}

export async function countCatalogue(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.catalogueEntry);
  return Number(row?.count ?? 0);
}
