import { sql } from 'drizzle-orm';
import { schema, type Executor, type Transaction } from '../../db/client';
import type { CatalogueSeedEntry } from './catalogue-seed';
import { banglaCatalogue } from './catalogue-seed-bn';

export type CatalogueRow = typeof schema.catalogueEntry.$inferSelect;

/**
 * The seed entries the upsert below would change: those missing, and those present without Bangla
 * words that the seed has Bangla for. Read first because every start seeds: on a seeded database
 * the upsert changes nothing yet still locks each of its rows, a write and a commit that cost an
 * embedded start some 80 ms of CPU, where this read costs about 5.
 */
async function entriesToSeed(db: Executor, entries: readonly CatalogueSeedEntry[]): Promise<CatalogueSeedEntry[]> {
  const rows = await db
    .select({ kind: schema.catalogueEntry.kind, slug: schema.catalogueEntry.slug, hasBangla: sql<boolean>`${schema.catalogueEntry.bangla} IS NOT NULL` })
    .from(schema.catalogueEntry);
  const present = new Map(rows.map((row) => [`${row.kind}:${row.slug}`, row.hasBangla]));
  return entries.filter((entry) => {
    const key = `${entry.kind}:${entry.slug}` as const;
    const hasBangla = present.get(key);
    return hasBangla === undefined || (!hasBangla && banglaCatalogue[key] !== undefined);
  });
}

/**
 * Inserts the entries that are missing; entries already present (and perhaps edited by staff)
 * keep their words, and gain the Bangla ones only where they have none yet (a database from
 * before the Bangla catalogue). One read, and one statement only when it has something to do.
 */
export async function seedCatalogue(db: Executor, entries: readonly CatalogueSeedEntry[]): Promise<void> {
  const toSeed = await entriesToSeed(db, entries);
  if (toSeed.length === 0) return;
  await db
    .insert(schema.catalogueEntry)
    .values(toSeed.map((entry) => ({ ...entry, features: [...entry.features], bangla: banglaCatalogue[`${entry.kind}:${entry.slug}`] ?? null })))
    .onConflictDoUpdate({
      target: [schema.catalogueEntry.kind, schema.catalogueEntry.slug],
      set: { bangla: sql`excluded.bangla` },
      setWhere: sql`${schema.catalogueEntry.bangla} IS NULL`,
    });
}

/** A loan type's monthly income floor in poisha; none for a type the catalogue does not hold. */
export async function findLoanIncomeFloor(db: Executor, slug: string): Promise<bigint | undefined> {
  const result = await db.execute<{ floor: string | null }>(sql`SELECT monthly_income_min_poisha::text AS floor FROM catalogue_entry WHERE kind = 'loan' AND slug = ${slug}`);
  const floor = result.rows[0]?.floor;
  return floor === undefined || floor === null ? undefined : BigInt(floor);
}

/** Sets a loan type's floor under the row's lock, answering the floor it replaced (none: no such type). */
export async function replaceLoanIncomeFloor(tx: Transaction, slug: string, floorPoisha: bigint): Promise<bigint | undefined> {
  const locked = await tx.execute<{ floor: string | null }>(sql`SELECT monthly_income_min_poisha::text AS floor FROM catalogue_entry WHERE kind = 'loan' AND slug = ${slug} FOR UPDATE`);
  const row = locked.rows[0];
  if (!row) return undefined;
  await tx.execute(sql`UPDATE catalogue_entry SET monthly_income_min_poisha = ${floorPoisha.toString()} WHERE kind = 'loan' AND slug = ${slug}`);
  return row.floor === null ? 0n : BigInt(row.floor);
}

export async function countCatalogue(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.catalogueEntry);
  return Number(row?.count ?? 0);
}
