import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { bankAccount, journalEntry } from './banking';
import { money, moment } from './columns';

export const exciseTableStatuses = ['pending', 'approved', 'declined'] as const;

/**
 * One excise duty table (a Finance Act's slabs) in force from `effectiveFrom`, a business date,
 * until the next approved table. A staff member proposes a table for a future date and another
 * approves it (record 085); an approved table is never changed, so the duty charged on any year's
 * end can be read again from the table that charged it. Rows the migration seeded have no proposer.
 */
export const exciseDutyTable = pgTable(
  'excise_duty_table',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    status: text('status', { enum: exciseTableStatuses }).notNull().default('pending'),
    reason: text('reason').notNull(),
    proposedByUserId: text('proposed_by_user_id').references(() => user.id),
    proposedAt: moment('proposed_at').notNull().defaultNow(),
    decidedByUserId: text('decided_by_user_id').references(() => user.id),
    decidedAt: moment('decided_at'),
  },
  (table) => [
    // Two approved tables from one day would leave the duty of that day undecided.
    uniqueIndex('excise_duty_table_approved_effective_unique')
      .on(table.effectiveFrom)
      .where(sql`${table.status} = 'approved'`),
    index('excise_duty_table_status_proposed_idx').on(table.status, table.proposedAt.desc(), table.id),
    check('excise_duty_table_maker_is_not_checker', sql`${table.proposedByUserId} IS DISTINCT FROM ${table.decidedByUserId} OR ${table.proposedByUserId} IS NULL`),
  ],
);

/**
 * One slab of an excise table: an account whose year's highest balance is at most
 * `highestBalancePoishaMax` (and above the slab before) pays `dutyPoisha`, a fixed amount; the
 * last slab has no upper bound. `position` orders the slabs from the smallest balance.
 */
export const exciseDutySlab = pgTable(
  'excise_duty_slab',
  {
    tableId: uuid('table_id')
      .notNull()
      .references(() => exciseDutyTable.id),
    position: integer('position').notNull(),
    highestBalancePoishaMax: money('highest_balance_poisha_max'),
    dutyPoisha: money('duty_poisha').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tableId, table.position] }),
    check('excise_duty_slab_duty_not_negative', sql`${table.dutyPoisha} >= 0`),
    check('excise_duty_slab_bound_positive', sql`${table.highestBalancePoishaMax} IS NULL OR ${table.highestBalancePoishaMax} > 0`),
  ],
);

/**
 * The excise duty of one account for one calendar year, written by the day close on 31 December:
 * the year's highest daily closing balance, the table that priced it, the duty, what was taken
 * from the account (`chargedPoisha`, at most its balance) and what it could not pay
 * (`duePoisha`, record 085), and the journal entry that took it (none when nothing was taken).
 */
export const exciseDutyCharge = pgTable(
  'excise_duty_charge',
  {
    bankAccountId: text('bank_account_id')
      .notNull()
      .references(() => bankAccount.id),
    year: integer('year').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    tableId: uuid('table_id')
      .notNull()
      .references(() => exciseDutyTable.id),
    highestBalancePoisha: money('highest_balance_poisha').notNull(),
    dutyPoisha: money('duty_poisha').notNull(),
    chargedPoisha: money('charged_poisha').notNull(),
    duePoisha: money('due_poisha').notNull(),
    journalEntryId: uuid('journal_entry_id'),
  },
  (table) => [
    primaryKey({ columns: [table.bankAccountId, table.year] }),
    index('excise_duty_charge_date_idx').on(table.businessDate),
    // The day close's collection step reads the charges with a due every day: few, beside every account's charges.
    index('excise_duty_charge_due_idx')
      .on(table.bankAccountId, table.year)
      .where(sql`${table.duePoisha} > 0`),
    check('excise_duty_charge_parts', sql`${table.chargedPoisha} >= 0 AND ${table.duePoisha} >= 0 AND ${table.chargedPoisha} + ${table.duePoisha} = ${table.dutyPoisha}`),
    check('excise_duty_charge_entry', sql`(${table.chargedPoisha} > 0) = (${table.journalEntryId} IS NOT NULL)`),
  ],
);

/**
 * Part of a charge's due taken from the account's later credits by the day close's
 * `collect-excise` step (record 090): one row per charge and business date, with the journal
 * entry that took it (one entry per account and date, shared by the rows of its years). A charge's
 * collections never add up to more than its `duePoisha`: the step takes at most what remains and
 * re-checks the sums in its transaction. What remains due is the charge's due less these rows.
 * Example: duty 500.00 BDT, 120.00 charged on 31 December, 380.00 due; 300.00 collected on
 * 3 January and 80.00 on 9 January leave nothing due.
 */
export const exciseDutyCollection = pgTable(
  'excise_duty_collection',
  {
    bankAccountId: text('bank_account_id').notNull(),
    year: integer('year').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    collectedPoisha: money('collected_poisha').notNull(),
    journalEntryId: uuid('journal_entry_id')
      .notNull()
      .references(() => journalEntry.id),
  },
  (table) => [
    primaryKey({ columns: [table.bankAccountId, table.year, table.businessDate] }),
    foreignKey({ name: 'excise_duty_collection_charge_fk', columns: [table.bankAccountId, table.year], foreignColumns: [exciseDutyCharge.bankAccountId, exciseDutyCharge.year] }),
    index('excise_duty_collection_date_idx').on(table.businessDate),
    check('excise_duty_collection_positive', sql`${table.collectedPoisha} > 0`),
  ],
);
