import { boolean, date, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { moment } from './columns';

/**
 * The bank's calendar of public holidays, one row per Dhaka date, maintained by staff: the
 * interbank rails other than NPSB close on these days, so the bank tells customers when their
 * money arrives from it. Seeded from Bangladesh's published list
 * (`src/shared/payment-rails/bangladesh-holidays.ts`); a lunar holiday stays `predicted` until
 * staff confirm the date the government fixed. Who added a row and who last changed it are kept
 * here for the page; every change is in the audit trail too.
 */
export const bankHoliday = pgTable('bank_holiday', {
  date: date('date', { mode: 'string' }).primaryKey(),
  nameEn: text('name_en').notNull(),
  nameBn: text('name_bn').notNull(),
  predicted: boolean('predicted').notNull().default(false),
  /** Null for the rows the migration seeded. */
  addedByUserId: text('added_by_user_id').references(() => user.id),
  addedAt: moment('added_at').notNull().defaultNow(),
  /** Null until staff first correct the row. */
  changedByUserId: text('changed_by_user_id').references(() => user.id),
  changedAt: moment('changed_at'),
});
