import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { bankAccount } from './banking';
import { money, moment } from './columns';

export const fdrInstructions = ['credit', 'renew-principal', 'renew-all'] as const;
export const fdrStatuses = ['active', 'matured', 'renewed', 'encashed'] as const;

/**
 * One term of the FDR product, in force from `effectiveFrom` (a Dhaka calendar day) until the next
 * row of the same term. A row is never changed once in force: a new rate is a new row, and a
 * deposit copies its rates when it opens (record 083). Rows the migrations seeded have no
 * approver; every later row was proposed by one staff member and approved by another (record 089).
 */
export const fdrProduct = pgTable(
  'fdr_product',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    termMonths: integer('term_months').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    annualRateBasisPoints: integer('annual_rate_basis_points').notNull(),
    /** What a deposit broken before maturity earns for the days it was held. */
    prematureRateBasisPoints: integer('premature_rate_basis_points').notNull(),
    principalPoishaMin: money('principal_poisha_min').notNull(),
    proposedByUserId: text('proposed_by_user_id').references(() => user.id),
    approvedByUserId: text('approved_by_user_id').references(() => user.id),
    approvedAt: moment('approved_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('fdr_product_term_effective_unique').on(table.termMonths, table.effectiveFrom),
    check('fdr_product_term', sql`${table.termMonths} IN (1, 3, 6, 12, 24, 36)`),
    check('fdr_product_rates', sql`${table.prematureRateBasisPoints} BETWEEN 0 AND ${table.annualRateBasisPoints} AND ${table.annualRateBasisPoints} <= 10000`),
    check('fdr_product_minimum_positive', sql`${table.principalPoishaMin} > 0`),
    check('fdr_product_maker_is_not_checker', sql`${table.proposedByUserId} IS DISTINCT FROM ${table.approvedByUserId} OR ${table.proposedByUserId} IS NULL`),
  ],
);

/**
 * A fixed deposit receipt: a principal taken from the customer's account (`accountId`) into the
 * bank's FDR liability for a term, at rates copied from the product on the opening day, paid back
 * to the same account on the maturity day under the instruction. A renewal is a new row naming
 * the one it renews.
 */
export const fixedDeposit = pgTable(
  'fixed_deposit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => user.id),
    accountId: text('account_id')
      .notNull()
      .references(() => bankAccount.id),
    holderName: text('holder_name').notNull(),
    principalPoisha: money('principal_poisha').notNull(),
    termMonths: integer('term_months').notNull(),
    annualRateBasisPoints: integer('annual_rate_basis_points').notNull(),
    prematureRateBasisPoints: integer('premature_rate_basis_points').notNull(),
    openingDay: date('opening_day', { mode: 'string' }).notNull(),
    maturityDay: date('maturity_day', { mode: 'string' }).notNull(),
    instruction: text('instruction', { enum: fdrInstructions }).notNull(),
    nomineeName: text('nominee_name').notNull(),
    nomineeId: text('nominee_id').notNull(),
    nomineeRelation: text('nominee_relation').notNull(),
    status: text('status', { enum: fdrStatuses }).notNull().default('active'),
    renewsId: uuid('renews_id'),
    /** The journal reference of the movement that opened it (the principal's move, or the renewal). */
    reference: text('reference').notNull(),
    /** Set when it closes: the day, interest, tax and what was paid to the account (or carried into a renewal). */
    closedDay: date('closed_day', { mode: 'string' }),
    interestPoisha: money('interest_poisha'),
    taxPoisha: money('tax_poisha'),
    paidPoisha: money('paid_poisha'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('fixed_deposit_owner_idx').on(table.ownerUserId, table.createdAt),
    index('fixed_deposit_due_idx')
      .on(table.maturityDay)
      .where(sql`${table.status} = 'active'`),
    check('fixed_deposit_principal_positive', sql`${table.principalPoisha} > 0`),
    check('fixed_deposit_term', sql`${table.termMonths} IN (1, 3, 6, 12, 24, 36)`),
    check('fixed_deposit_closed', sql`(${table.status} = 'active') = (${table.closedDay} IS NULL)`),
  ],
);
