import { sql } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import type { CatalogueSeedEntry } from './catalogue-seed';

export type CatalogueRow = typeof schema.catalogueEntry.$inferSelect;

/** Inserts the entries that are missing; entries already present (and perhaps edited by staff) stay as they are. */
export async function seedCatalogue(db: Executor, entries: readonly CatalogueSeedEntry[]): Promise<void> {
  await db
    .insert(schema.catalogueEntry)
    .values(entries.map((entry) => ({ ...entry, features: [...entry.features] })))
    .onConflictDoNothing({ target: [schema.catalogueEntry.kind, schema.catalogueEntry.slug] });
}

export async function countCatalogue(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.catalogueEntry);
  return Number(row?.count ?? 0);
}
