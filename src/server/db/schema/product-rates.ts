import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { money, moment } from './columns';

/**
 * A new rate sheet for the FDR or the DPS product as one member of staff proposed it: nothing
 * changes until a second member of staff approves, which inserts one `fdr_product` or
 * `dps_product` row per term from `effectiveFrom` (record 089). A declined proposal keeps the
 * decliner's reason. The amounts are the sheet's product terms for every one of its terms: an
 * FDR's minimum principal, a DPS's lowest and highest monthly instalment.
 */
export const productRateProposal = pgTable(
  'product_rate_proposal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheme: text('scheme', { enum: ['fdr', 'dps'] }).notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    amountPoishaMin: money('amount_poisha_min').notNull(),
    /** A DPS's highest instalment; an FDR has no highest principal. */
    amountPoishaMax: money('amount_poisha_max'),
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
  },
  (table) => [
    index('product_rate_proposal_status_proposed_idx').on(table.status, table.proposedAt.desc(), table.id),
    check('product_rate_proposal_scheme', sql`${table.scheme} IN ('fdr', 'dps')`),
    check('product_rate_proposal_amounts', sql`${table.amountPoishaMin} > 0 AND (${table.amountPoishaMax} IS NULL OR ${table.amountPoishaMax} >= ${table.amountPoishaMin})`),
    check('product_rate_proposal_maximum_for_dps', sql`(${table.scheme} = 'dps') = (${table.amountPoishaMax} IS NOT NULL)`),
    check('product_rate_proposal_status', sql`${table.status} IN ('pending', 'approved', 'declined')`),
    check('product_rate_proposal_decider_is_not_proposer', sql`${table.decidedByUserId} IS DISTINCT FROM ${table.proposedByUserId} OR ${table.status} = 'declined'`),
    check('product_rate_proposal_decided', sql`(${table.status} = 'pending') = (${table.decidedByUserId} IS NULL)`),
  ],
);

/**
 * One term of a proposed sheet: the term (months for an FDR, years for a DPS) with its annual rate
 * and what a deposit broken early earns (premature for an FDR, early closure for a DPS), in basis
 * points and under the same checks as the product tables, so a sheet the table holds is a sheet
 * they accept.
 */
export const productRateProposalTerm = pgTable(
  'product_rate_proposal_term',
  {
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => productRateProposal.id),
    term: integer('term').notNull(),
    annualRateBasisPoints: integer('annual_rate_basis_points').notNull(),
    earlyRateBasisPoints: integer('early_rate_basis_points').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.proposalId, table.term] }),
    check('product_rate_proposal_term_term', sql`${table.term} IN (1, 2, 3, 5, 6, 7, 10, 12, 24, 36)`),
    check('product_rate_proposal_term_rates', sql`${table.earlyRateBasisPoints} BETWEEN 0 AND ${table.annualRateBasisPoints} AND ${table.annualRateBasisPoints} <= 10000`),
  ],
);
