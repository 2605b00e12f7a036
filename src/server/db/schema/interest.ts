import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { money, moment } from './columns';

/**
 * A customer's Taxpayer Identification Number: twelve ASCII digits (the screens accept Bangla
 * digits and separators and store the digits, `src/shared/schemas/tin.ts`). Whether the customer
 * has one on the day interest is posted decides the source tax on it (10 % with, 15 % without).
 */
export const customerTaxIdentity = pgTable(
  'customer_tax_identity',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id),
    tin: text('tin').notNull(),
    recordedAt: moment('recorded_at').notNull().defaultNow(),
  },
  (table) => [check('customer_tax_identity_tin_format', sql`${table.tin} ~ '^[0-9]{12}$'`)],
);

/**
 * One version of an account type's interest terms, in force from `effectiveFrom` (a business
 * date) until the next version of the same account type. A version is never changed once in
 * force: a new rate is a new row, so each day's accrual can name the terms it was earned under.
 * Rows the migration seeded have no approver; every later row was proposed by one staff member
 * and approved by another.
 */
export const interestTerms = pgTable(
  'interest_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountType: text('account_type', { enum: ['student', 'savings', 'current', 'fixed'] }).notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    posting: text('posting', { enum: ['monthly', 'half-yearly'] }).notNull(),
    /** A day whose closing balance is below this earns nothing. */
    balanceToEarnPoishaMin: money('balance_to_earn_poisha_min')
      .notNull()
      .default(sql`0`),
    proposedByUserId: text('proposed_by_user_id').references(() => user.id),
    approvedByUserId: text('approved_by_user_id').references(() => user.id),
    approvedAt: moment('approved_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('interest_terms_type_effective_unique').on(table.accountType, table.effectiveFrom),
    check('interest_terms_balance_to_earn_not_negative', sql`${table.balanceToEarnPoishaMin} >= 0`),
    check('interest_terms_maker_is_not_checker', sql`${table.proposedByUserId} IS DISTINCT FROM ${table.approvedByUserId} OR ${table.proposedByUserId} IS NULL`),
  ],
);

/**
 * The rate tiers of a terms version: from `balancePoishaMin` up, the whole balance earns
 * `annualRateBasisPoints` (4.25 % is 425), as `annualRateFor` in `src/shared/interest/accrual.ts`
 * reads them. Every version has a tier from 0.
 */
export const interestTermsTier = pgTable(
  'interest_terms_tier',
  {
    termsId: uuid('terms_id')
      .notNull()
      .references(() => interestTerms.id),
    balancePoishaMin: money('balance_poisha_min').notNull(),
    annualRateBasisPoints: integer('annual_rate_basis_points').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.termsId, table.balancePoishaMin] }),
    index('interest_terms_tier_terms_idx').on(table.termsId),
    check('interest_terms_tier_balance_not_negative', sql`${table.balancePoishaMin} >= 0`),
    check('interest_terms_tier_rate_range', sql`${table.annualRateBasisPoints} BETWEEN 0 AND 10000`),
  ],
);

/**
 * New interest terms for an account type as one member of staff proposed them: nothing changes
 * until a second member of staff approves, which inserts them as a new `interest_terms` version
 * (`terms_id`). The tiers are kept as proposed (balance minimum in poisha as a decimal string,
 * rate in basis points) because a proposal is read as a whole and never queried by tier; the
 * version's own tiers are rows. A declined proposal keeps the decliner's reason.
 */
export const interestTermsProposal = pgTable(
  'interest_terms_proposal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountType: text('account_type', { enum: ['student', 'savings', 'current', 'fixed'] }).notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    posting: text('posting', { enum: ['monthly', 'half-yearly'] }).notNull(),
    balanceToEarnPoishaMin: money('balance_to_earn_poisha_min').notNull(),
    tiers: jsonb('tiers').$type<Array<{ balancePoishaMin: string; annualRateBasisPoints: number }>>().notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    proposedByUserId: text('proposed_by_user_id')
      .notNull()
      .references(() => user.id),
    proposedAt: moment('proposed_at').notNull().defaultNow(),
    decidedByUserId: text('decided_by_user_id').references(() => user.id),
    decidedAt: moment('decided_at'),
    declinedReason: text('declined_reason'),
    termsId: uuid('terms_id').references(() => interestTerms.id),
  },
  (table) => [
    index('interest_terms_proposal_status_proposed_idx').on(table.status, table.proposedAt.desc(), table.id),
    check('interest_terms_proposal_balance_to_earn_not_negative', sql`${table.balanceToEarnPoishaMin} >= 0`),
    check('interest_terms_proposal_decider_is_not_proposer', sql`${table.decidedByUserId} IS DISTINCT FROM ${table.proposedByUserId} OR ${table.status} = 'declined'`),
  ],
);
