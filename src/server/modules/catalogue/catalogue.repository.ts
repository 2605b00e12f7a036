import { and, asc, eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import type { CatalogueKind, CatalogueSeedEntry } from './catalogue-seed';

export type CatalogueRow = typeof schema.catalogueEntry.$inferSelect;

export function listCatalogue(db: Executor, kind: CatalogueKind): Promise<CatalogueRow[]> {
  return db.select().from(schema.catalogueEntry).where(eq(schema.catalogueEntry.kind, kind)).orderBy(asc(schema.catalogueEntry.sortOrder));
}

export async function findCatalogueEntry(db: Executor, kind: CatalogueKind, slug: string): Promise<CatalogueRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.catalogueEntry)
    .where(and(eq(schema.catalogueEntry.kind, kind), eq(schema.catalogueEntry.slug, slug)));
  return row;
}

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
