import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export type CatalogueFeatureRow = { title: string; details: string };
/** An entry's words in Bangla; none (an entry added before them) reads in English. */
export type CatalogueBanglaRow = { name: string; description: string; features: CatalogueFeatureRow[] };

/** Account, card and loan types: the public catalogue, seeded on first start. */
export const catalogueEntry = pgTable(
  'catalogue_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['account', 'card', 'loan'] }).notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    imagePath: text('image_path').notNull(),
    description: text('description').notNull(),
    features: jsonb('features').$type<CatalogueFeatureRow[]>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    bangla: jsonb('bangla').$type<CatalogueBanglaRow>(),
    /** A loan type's monthly income floor, which staff set; other kinds have none. */
    monthlyIncomeMinPoisha: bigint('monthly_income_min_poisha', { mode: 'bigint' }),
  },
  (table) => [
    uniqueIndex('catalogue_entry_kind_slug_idx').on(table.kind, table.slug),
    check('catalogue_entry_income_floor_not_negative', sql`${table.monthlyIncomeMinPoisha} IS NULL OR ${table.monthlyIncomeMinPoisha} >= 0`),
  ],
);
