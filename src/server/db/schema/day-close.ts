import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { money, moment } from './columns';

/**
 * The bank's current business date (Dhaka): the day whose close has not run yet. One row; the day
 * close moves it to the next day in the transaction of its last step (record 080).
 */
export const businessDate = pgTable(
  'business_date',
  {
    only: boolean('only').primaryKey().default(true),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    movedAt: moment('moved_at').notNull().defaultNow(),
  },
  (table) => [check('business_date_one_row', sql`${table.only}`)],
);

/**
 * A step of the day close done for a business date, written in the transaction of the step's
 * work: a row here means the work committed, its absence that none of it did (record 080).
 */
export const dayCloseStepDone = pgTable(
  'day_close_step_done',
  {
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    step: text('step').notNull(),
    rows: integer('rows').notNull(),
    // now() is the transaction's start, so the default is when the step began; the close writes
    // `finished_at` from the clock as the step's last statement.
    startedAt: moment('started_at').notNull().defaultNow(),
    finishedAt: moment('finished_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.businessDate, table.step] }), index('day_close_step_done_finished_idx').on(table.finishedAt)],
);

/**
 * A run of the day close one member of staff asked for and a second one approves (record 086):
 * approving claims the request in the pipeline's transaction, so two approvals at once run the
 * close once; what the run closed is written after it, on the same row.
 */
export const dayCloseRun = pgTable(
  'day_close_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    requestedByUserId: text('requested_by_user_id')
      .notNull()
      .references(() => user.id),
    requestedAt: moment('requested_at').notNull().defaultNow(),
    decidedByUserId: text('decided_by_user_id').references(() => user.id),
    decidedAt: moment('decided_at'),
    closedDates: text('closed_dates').array(),
    ranAt: moment('ran_at'),
  },
  (table) => [
    check('day_close_run_status_known', sql`${table.status} IN ('pending', 'approved', 'declined')`),
    // One request waits at a time: a second would only ask for the same close again.
    uniqueIndex('day_close_run_one_pending')
      .on(table.status)
      .where(sql`${table.status} = 'pending'`),
    index('day_close_run_requested_idx').on(table.requestedAt),
  ],
);

/**
 * One account's interest for one day, exact in units of 1/3,650,000 poisha (record 077), with the
 * closing balance it was earned on and the terms version in force that day. Never rewritten: a
 * later terms version applies to later days only.
 *
 * This table, the year's highs and the postings below carry no foreign keys: a million rows a
 * day, each checked by a trigger that locks its account's row, were half of the close's time, and
 * the day-close statements that write them take every account and terms id from a join with
 * those tables in the same statement, while neither an account nor a terms version is ever
 * deleted (record 091).
 */
export const interestAccrual = pgTable(
  'interest_accrual',
  {
    bankAccountId: text('bank_account_id').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    termsId: uuid('terms_id').notNull(),
    closingBalancePoisha: money('closing_balance_poisha').notNull(),
    annualRateBasisPoints: integer('annual_rate_basis_points').notNull(),
    accruedUnits: bigint('accrued_units', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.bankAccountId, table.businessDate] }), index('interest_accrual_date_idx').on(table.businessDate)],
);

/**
 * The highest daily closing balance of an account in a calendar year, kept by the accrual step:
 * what the source tax's under-1-lakh rule and the year-end excise duty read (record 080).
 */
export const accountYearHigh = pgTable(
  'account_year_high',
  {
    bankAccountId: text('bank_account_id').notNull(),
    year: integer('year').notNull(),
    highestBalancePoisha: money('highest_balance_poisha').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bankAccountId, table.year] })],
);

/**
 * A posting period's end for one account: the interest accrued since the last posting plus what
 * that posting carried, rounded once half to even (`postedPoisha`), the remainder carried into
 * the next period, and the source tax withheld from it; the journal entry that moved it (none
 * when nothing was posted).
 */
export const interestPosting = pgTable(
  'interest_posting',
  {
    bankAccountId: text('bank_account_id').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    accruedUnits: bigint('accrued_units', { mode: 'bigint' }).notNull(),
    carriedInUnits: bigint('carried_in_units', { mode: 'bigint' }).notNull(),
    postedPoisha: money('posted_poisha').notNull(),
    carriedOutUnits: bigint('carried_out_units', { mode: 'bigint' }).notNull(),
    taxPercent: integer('tax_percent').notNull(),
    taxPoisha: money('tax_poisha').notNull(),
    journalEntryId: uuid('journal_entry_id'),
  },
  (table) => [primaryKey({ columns: [table.bankAccountId, table.businessDate] }), index('interest_posting_date_idx').on(table.businessDate, table.bankAccountId)],
);
