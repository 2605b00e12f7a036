import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { serviceNoticeKinds } from '../../../shared/schemas/service-notice';
import { user } from './auth';

const moment = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A maintenance or outage notice staff post for every page, in both languages, shown between
 * its start and its end. Ending one early moves its end to the moment staff ended it; the row
 * stays, with the audit trail, as the record of what customers were told.
 */
export const serviceNotice = pgTable(
  'service_notice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: serviceNoticeKinds }).notNull(),
    textEn: text('text_en').notNull(),
    textBn: text('text_bn').notNull(),
    startsAt: moment('starts_at').notNull(),
    endsAt: moment('ends_at').notNull(),
    endedEarlyAt: moment('ended_early_at'),
    createdByUserId: text('created_by_user_id').references(() => user.id),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    // The banner's one question: which notices are current now, newest start first.
    index('service_notice_ends_idx').on(table.endsAt, table.startsAt),
    check('service_notice_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
