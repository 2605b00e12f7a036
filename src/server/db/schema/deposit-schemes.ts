import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { bankAccount } from './banking';
import { money, moment } from './columns';

export const dpsStatuses = ['active', 'defaulted', 'matured', 'closed'] as const;
export const dpsInstalmentStatuses = ['due', 'paid', 'missed', 'stopped'] as const;

/**
 * One term of the DPS product, in force from `effectiveFrom` until the next row of the same term;
 * never changed once in force, like `fdr_product`. A scheme copies its rates when it opens, and
 * its instalment must lie within the row's bounds that day (record 089).
 */
export const dpsProduct = pgTable(
  'dps_product',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    termYears: integer('term_years').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    annualRateBasisPoints: integer('annual_rate_basis_points').notNull(),
    /** What a scheme closed early, or defaulted, earns on its instalments. */
    earlyRateBasisPoints: integer('early_rate_basis_points').notNull(),
    instalmentPoishaMin: money('instalment_poisha_min').notNull(),
    instalmentPoishaMax: money('instalment_poisha_max').notNull(),
    proposedByUserId: text('proposed_by_user_id').references(() => user.id),
    approvedByUserId: text('approved_by_user_id').references(() => user.id),
    approvedAt: moment('approved_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('dps_product_term_effective_unique').on(table.termYears, table.effectiveFrom),
    check('dps_product_term', sql`${table.termYears} IN (1, 2, 3, 5, 7, 10)`),
    check('dps_product_rates', sql`${table.earlyRateBasisPoints} BETWEEN 0 AND ${table.annualRateBasisPoints} AND ${table.annualRateBasisPoints} <= 10000`),
    check('dps_product_instalments', sql`${table.instalmentPoishaMin} > 0 AND ${table.instalmentPoishaMin} <= ${table.instalmentPoishaMax}`),
    check('dps_product_maker_is_not_checker', sql`${table.proposedByUserId} IS DISTINCT FROM ${table.approvedByUserId} OR ${table.proposedByUserId} IS NULL`),
  ],
);

/**
 * A deposit pension scheme: a monthly instalment taken from the customer's account (`accountId`)
 * into the bank's DPS liability, paid back with interest to the same account at maturity.
 */
export const dpsScheme = pgTable(
  'dps_scheme',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => user.id),
    accountId: text('account_id')
      .notNull()
      .references(() => bankAccount.id),
    holderName: text('holder_name').notNull(),
    instalmentPoisha: money('instalment_poisha').notNull(),
    termYears: integer('term_years').notNull(),
    dayOfMonth: integer('day_of_month').notNull(),
    annualRateBasisPoints: integer('annual_rate_basis_points').notNull(),
    earlyRateBasisPoints: integer('early_rate_basis_points').notNull(),
    openingDay: date('opening_day', { mode: 'string' }).notNull(),
    /** The first instalment's month, YYYY-MM. */
    firstMonth: text('first_month').notNull(),
    maturityDay: date('maturity_day', { mode: 'string' }).notNull(),
    nomineeName: text('nominee_name').notNull(),
    nomineeId: text('nominee_id').notNull(),
    nomineeRelation: text('nominee_relation').notNull(),
    status: text('status', { enum: dpsStatuses }).notNull().default('active'),
    missedCount: integer('missed_count').notNull().default(0),
    reference: text('reference').notNull(),
    closedDay: date('closed_day', { mode: 'string' }),
    interestPoisha: money('interest_poisha'),
    taxPoisha: money('tax_poisha'),
    paidPoisha: money('paid_poisha'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('dps_scheme_owner_idx').on(table.ownerUserId, table.createdAt),
    index('dps_scheme_due_idx')
      .on(table.maturityDay)
      .where(sql`${table.status} IN ('active', 'defaulted')`),
    // The bounds are the product's on the opening day (`dps_product`), checked when the scheme opens.
    check('dps_scheme_instalment', sql`${table.instalmentPoisha} > 0 AND ${table.instalmentPoisha} % 50000 = 0`),
    check('dps_scheme_term', sql`${table.termYears} IN (1, 2, 3, 5, 7, 10)`),
    check('dps_scheme_day', sql`${table.dayOfMonth} BETWEEN 1 AND 28`),
    check('dps_scheme_closed', sql`(${table.status} IN ('active', 'defaulted')) = (${table.closedDay} IS NULL)`),
  ],
);

/** Each instalment of a scheme, written when it opens; `number` counts from 1. */
export const dpsInstalment = pgTable(
  'dps_instalment',
  {
    schemeId: uuid('scheme_id')
      .notNull()
      .references(() => dpsScheme.id),
    number: integer('number').notNull(),
    dueDay: date('due_day', { mode: 'string' }).notNull(),
    status: text('status', { enum: dpsInstalmentStatuses }).notNull().default('due'),
    paidDay: date('paid_day', { mode: 'string' }),
    reference: text('reference'),
  },
  (table) => [
    primaryKey({ columns: [table.schemeId, table.number] }),
    index('dps_instalment_due_idx')
      .on(table.dueDay)
      .where(sql`${table.status} = 'due'`),
    check('dps_instalment_paid', sql`(${table.status} = 'paid') = (${table.paidDay} IS NOT NULL)`),
  ],
);
