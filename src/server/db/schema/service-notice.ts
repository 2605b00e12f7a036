import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { serviceNoticeKinds } from '../../../shared/schemas/service-notice';
import { user } from './auth';
import { moment } from './columns';

/**
 * A staff member's proposal of a maintenance or outage notice, in both languages with its start
 * and end: nothing shows until a second member of staff approves it, which publishes it as a
 * `service_notice`. A declined proposal keeps the decliner's reason for the proposer to read.
 */
export const serviceNoticeProposal = pgTable(
  'service_notice_proposal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: serviceNoticeKinds }).notNull(),
    textEn: text('text_en').notNull(),
    textBn: text('text_bn').notNull(),
    startsAt: moment('starts_at').notNull(),
    endsAt: moment('ends_at').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    proposedByUserId: text('proposed_by_user_id')
      .notNull()
      .references(() => user.id),
    proposedAt: moment('proposed_at').notNull().defaultNow(),
    decidedAt: moment('decided_at'),
    decidedByUserId: text('decided_by_user_id').references(() => user.id),
    declinedReason: text('declined_reason'),
  },
  (table) => [
    index('service_notice_proposal_status_proposed_idx').on(table.status, table.proposedAt.desc(), table.id),
    check('service_notice_proposal_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * A maintenance or outage notice for every page, in both languages, shown between its start and
 * its end: published by the approval of its proposal (`proposal_id`, at most one notice each;
 * null for notices posted before publishing took two people). Ending one early moves its end to
 * the moment staff ended it; the row stays, with the audit trail, as the record of what
 * customers were told.
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
    /** Who wrote it: the proposer. */
    createdByUserId: text('created_by_user_id').references(() => user.id),
    /** Who published it: the second member of staff, who approved the proposal. */
    approvedByUserId: text('approved_by_user_id').references(() => user.id),
    proposalId: uuid('proposal_id')
      .unique('service_notice_proposal_once')
      .references(() => serviceNoticeProposal.id),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    // The banner's one question: which notices are current now, newest start first.
    index('service_notice_ends_idx').on(table.endsAt, table.startsAt),
    check('service_notice_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
