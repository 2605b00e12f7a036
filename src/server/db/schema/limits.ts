import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accountTypeSlugs } from '../../../shared/constants';
import { user } from './auth';
import { bankAccount } from './banking';
import { money, moment } from './columns';

/**
 * The transfer limits staff set for one account type. A type without a row has the defaults
 * (`transferLimitDefaultsBdt`), so a fresh database needs no seed and a new account type is
 * limited from its first day.
 */
export const transferLimit = pgTable(
  'transfer_limit',
  {
    accountType: text('account_type', { enum: accountTypeSlugs }).primaryKey(),
    perTransferPoisha: money('per_transfer_poisha').notNull(),
    perDayPoisha: money('per_day_poisha').notNull(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    /** The staff member who approved the change (the proposer is on the proposal). */
    updatedByUserId: text('updated_by_user_id').references(() => user.id),
  },
  (table) => [check('transfer_limit_ordered', sql`${table.perTransferPoisha} > 0 AND ${table.perTransferPoisha} <= ${table.perDayPoisha}`)],
);

/**
 * A staff member's proposal to change an account type's limits; a second staff member approves
 * or declines it. A limit left empty stays as it is when the proposal is approved.
 */
export const transferLimitProposal = pgTable(
  'transfer_limit_proposal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountType: text('account_type', { enum: accountTypeSlugs }).notNull(),
    perTransferPoisha: money('per_transfer_poisha'),
    perDayPoisha: money('per_day_poisha'),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    proposedByUserId: text('proposed_by_user_id')
      .notNull()
      .references(() => user.id),
    proposedAt: moment('proposed_at').notNull().defaultNow(),
    decidedAt: moment('decided_at'),
    decidedByUserId: text('decided_by_user_id').references(() => user.id),
  },
  (table) => [
    index('transfer_limit_proposal_status_proposed_idx').on(table.status, table.proposedAt.desc(), table.id),
    check('transfer_limit_proposal_changes_something', sql`${table.perTransferPoisha} IS NOT NULL OR ${table.perDayPoisha} IS NOT NULL`),
    check('transfer_limit_proposal_positive', sql`coalesce(${table.perTransferPoisha}, 1) > 0 AND coalesce(${table.perDayPoisha}, 1) > 0`),
  ],
);

/**
 * What an account has sent in customer transfers on one Asia/Dhaka calendar day (`day`), kept by
 * the transfer itself in the transaction that posts it. The daily limit then reads one row under
 * the account's lock instead of summing the day's postings, which grows with every transfer the
 * account makes that day. One row per account: a transfer on a later day starts its sum again.
 * The journal stays the truth; `verifyDailySums` checks this against it.
 */
export const accountDaySent = pgTable(
  'account_day_sent',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => bankAccount.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sentPoisha: money('sent_poisha').notNull(),
  },
  (table) => [check('account_day_sent_not_negative', sql`${table.sentPoisha} >= 0`)],
);

/**
 * What one person has moved without a fresh second-factor code in the current window of the bank's
 * clock: a customer's transfers per Dhaka hour and per Dhaka day, a staff member's approvals that
 * pay money out likewise. Step-up per request alone is beaten by splitting (forty transfers of
 * 25,000 BDT); these sums make the threshold hold over the window. One row per person and kind;
 * `window_key` names the window (`2026-11-25T14` for an hour, `2026-11-25` for a day, in Dhaka
 * time, from the database's clock) and a row of an earlier window counts as nothing.
 */
export const unconfirmedAmount = pgTable(
  'unconfirmed_amount',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    windowKey: text('window_key').notNull(),
    amountPoisha: money('amount_poisha').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] }), check('unconfirmed_amount_not_negative', sql`${table.amountPoisha} >= 0`)],
);
