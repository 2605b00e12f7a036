import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rails } from '../../../shared/bank-directory';
import { paymentRepairActions, reconciliationBreakKinds, reconciliationBreakStates } from '../../../shared/schemas/payment-operations';
import { paymentStatuses } from '../../../shared/schemas/payments';
import { user } from './auth';
import { bankAccount, journalEntry, requestColumns, requestIndexes } from './banking';
import { moment, money, shortReference, shortReferenceCheck } from './columns';

/**
 * A customer's payment to another bank or a wallet. The row, its sending entry and its outbox
 * message are written in one transaction; its status then moves only as the clearing house's
 * messages say (`payment-lifecycle.ts`), each move with the entry it posts.
 */
export const payment = pgTable(
  'payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the customer quotes: on the receipt, the statement line and every message. */
    reference: shortReference('reference'),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => user.id),
    bankAccountId: text('bank_account_id')
      .notNull()
      .references(() => bankAccount.id),
    rail: text('rail', { enum: rails }).notNull(),
    /** The receiving bank's or wallet's code in the directory, the account or wallet number there, and the name its holder has there. */
    receiverParticipant: text('receiver_participant').notNull(),
    receiverAccount: text('receiver_account').notNull(),
    receiverName: text('receiver_name').notNull(),
    remittanceInformation: text('remittance_information'),
    amountPoisha: money('amount_poisha').notNull(),
    feePoisha: money('fee_poisha').notNull(),
    vatPoisha: money('vat_poisha').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('sending'),
    /** The switch's reason for a refusal or a return (ISO 20022 status reason code). */
    reasonCode: text('reason_code'),
    /** The pacs.008's message id (resent with the same one) and end-to-end id; the switch's own reference once settled. */
    messageId: text('message_id').notNull(),
    endToEndId: text('end_to_end_id').notNull(),
    clearingReference: text('clearing_reference'),
    /** What the customer was told: when the money reaches the receiver. */
    arrivesBy: moment('arrives_by').notNull(),
    sentEntryId: uuid('sent_entry_id')
      .notNull()
      .references(() => journalEntry.id),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_reference_idx').on(table.reference),
    uniqueIndex('payment_message_id_idx').on(table.messageId),
    uniqueIndex('payment_end_to_end_id_idx').on(table.endToEndId),
    index('payment_owner_idx').on(table.ownerUserId, table.createdAt.desc()),
    index('payment_account_idx').on(table.bankAccountId),
    index('payment_status_idx').on(table.status, table.updatedAt),
    shortReferenceCheck('payment_reference_format', table.reference),
    check('payment_amount_positive', sql`${table.amountPoisha} > 0`),
    check('payment_charges_not_negative', sql`${table.feePoisha} >= 0 AND ${table.vatPoisha} >= 0`),
    check('payment_status_known', sql`${table.status} IN ('sending', 'accepted', 'settled', 'rejected', 'returned')`),
    check('payment_rail_known', sql`${table.rail} IN ('NPSB', 'BEFTN', 'RTGS')`),
  ],
);

/** Every status a payment took, with the message that moved it and the entry it posted: its history on the receipt and for staff. */
export const paymentEvent = pgTable(
  'payment_event',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payment.id),
    status: text('status', { enum: paymentStatuses }).notNull(),
    reasonCode: text('reason_code'),
    /** The clearing message that caused it, when one did. */
    messageId: text('message_id'),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntry.id),
    at: moment('at').notNull().defaultNow(),
  },
  (table) => [index('payment_event_payment_idx').on(table.paymentId, table.id)],
);

/**
 * Messages to the clearing house, written in the transaction that decided them and sent after
 * its commit: a payment committed is sent even if the process stops at once. A message is sent
 * again with the same id until it is answered; an unknown outcome is settled by a status request,
 * never by a second payment.
 */
export const clearingOutbox = pgTable(
  'clearing_outbox',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    messageId: text('message_id').notNull(),
    messageType: text('message_type').notNull(),
    paymentId: uuid('payment_id').references(() => payment.id),
    xml: text('xml').notNull(),
    state: text('state', { enum: ['waiting', 'answered', 'unknown'] })
      .notNull()
      .default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    createdAt: moment('created_at').notNull().defaultNow(),
    answeredAt: moment('answered_at'),
  },
  (table) => [
    uniqueIndex('clearing_outbox_message_idx').on(table.messageId),
    index('clearing_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} <> 'answered'`),
    check('clearing_outbox_state_known', sql`${table.state} IN ('waiting', 'answered', 'unknown')`),
  ],
);

/** Every message exchanged with the clearing house, both ways, as sent and received: the bank's evidence in a dispute. */
export const clearingMessage = pgTable(
  'clearing_message',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    direction: text('direction', { enum: ['out', 'in'] }).notNull(),
    messageId: text('message_id').notNull(),
    messageType: text('message_type').notNull(),
    paymentId: uuid('payment_id'),
    xml: text('xml').notNull(),
    at: moment('at').notNull().defaultNow(),
  },
  (table) => [
    index('clearing_message_id_idx').on(table.messageId),
    index('clearing_message_payment_idx').on(table.paymentId),
    check('clearing_message_direction_known', sql`${table.direction} IN ('out', 'in')`),
  ],
);

/**
 * Messages the clearing house delivered, keyed by its message id: a delivery heard twice is
 * answered as the first time (`answerXml`) and moves no money again.
 */
export const clearingInbox = pgTable('clearing_inbox', {
  messageId: text('message_id').primaryKey(),
  messageType: text('message_type').notNull(),
  answerXml: text('answer_xml'),
  receivedAt: moment('received_at').notNull().defaultNow(),
});

/** Nonces the clearing house signed with, kept past the signature's freshness window, so a replayed message is refused. */
export const clearingNonce = pgTable(
  'clearing_nonce',
  {
    sender: text('sender').notNull(),
    nonce: text('nonce').notNull(),
    seenAt: moment('seen_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sender, table.nonce] }), index('clearing_nonce_seen_idx').on(table.seenAt)],
);

/**
 * One comparison of the switch's statement (camt.053) for a period with the bank's books: when
 * it ran, the period, who asked for it (null: a scheduled run), and how many items each side held
 * and how many breaks were found. The statement itself is kept in `clearing_message`.
 */
export const reconciliationRun = pgTable(
  'reconciliation_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    periodFrom: moment('period_from').notNull(),
    periodTo: moment('period_to').notNull(),
    /** `compared`: the statement came and was compared; `failed`: the switch gave none (its reason in `failure`). */
    state: text('state', { enum: ['compared', 'failed'] }).notNull(),
    failure: text('failure'),
    statementMessageId: text('statement_message_id'),
    switchItems: integer('switch_items').notNull().default(0),
    bankItems: integer('bank_items').notNull().default(0),
    matchedItems: integer('matched_items').notNull().default(0),
    breakCount: integer('break_count').notNull().default(0),
    requestedByUserId: text('requested_by_user_id').references(() => user.id),
    ranAt: moment('ran_at').notNull().defaultNow(),
  },
  (table) => [
    index('reconciliation_run_ran_idx').on(table.ranAt.desc(), table.id),
    check('reconciliation_run_period_ordered', sql`${table.periodFrom} < ${table.periodTo}`),
    check('reconciliation_run_state_known', sql`${table.state} IN ('compared', 'failed')`),
  ],
);

/**
 * One item on which the switch's books and the bank's disagree: what kind of break, the message
 * and end-to-end ids it was matched by, the amounts each side holds (null where a side has none)
 * and what each side says of it, for staff to look into.
 */
export const reconciliationBreak = pgTable(
  'reconciliation_break',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => reconciliationRun.id),
    kind: text('kind', { enum: reconciliationBreakKinds }).notNull(),
    direction: text('direction', { enum: ['out', 'in'] }).notNull(),
    messageId: text('message_id').notNull(),
    endToEndId: text('end_to_end_id'),
    paymentId: uuid('payment_id').references(() => payment.id),
    switchAmountPoisha: money('switch_amount_poisha'),
    bankAmountPoisha: money('bank_amount_poisha'),
    switchSays: text('switch_says'),
    bankSays: text('bank_says'),
    /**
     * `open` until one of: a later compared run over a period that covers this run's finds the same
     * break again (`carried`, to that run's break) or does not (`cleared`: the books now agree);
     * or a member of staff explains it (`explained`, with what they found). A break found again
     * after it was explained comes explained, with the same words.
     */
    state: text('state', { enum: reconciliationBreakStates }).notNull().default('open'),
    laterRunId: uuid('later_run_id').references(() => reconciliationRun.id),
    explanation: text('explanation'),
    explainedByUserId: text('explained_by_user_id').references(() => user.id),
    explainedAt: moment('explained_at'),
  },
  (table) => [
    index('reconciliation_break_run_idx').on(table.runId, table.id),
    index('reconciliation_break_open_idx')
      .on(table.id)
      .where(sql`${table.state} = 'open'`),
    check('reconciliation_break_state_known', sql`${table.state} IN ('open', 'carried', 'cleared', 'explained')`),
    check('reconciliation_break_later_run_given', sql`(${table.state} IN ('carried', 'cleared')) = (${table.laterRunId} IS NOT NULL)`),
    check('reconciliation_break_explained_together', sql`(${table.state} = 'explained') = (${table.explanation} IS NOT NULL) AND (${table.explanation} IS NULL) = (${table.explainedAt} IS NULL)`),
    check('reconciliation_break_kind_known', sql`${table.kind} IN ('missing_in_bank', 'missing_in_switch', 'amount_differs', 'status_differs')`),
    check('reconciliation_break_direction_known', sql`${table.direction} IN ('out', 'in')`),
  ],
);

/**
 * A staff member's request to repair a payment the clearing house and the bank disagree on:
 * `re_enquire` asks the switch again (its outbox row back to unknown and due now), `mark_returned`
 * posts the return the switch confirmed by other means. A second member of staff approves it
 * (record 072). The account and owner are the payment's; the maker is `requestedByUserId`.
 */
export const paymentRepair = pgTable(
  'payment_repair',
  {
    ...requestColumns(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payment.id),
    action: text('action', { enum: paymentRepairActions }).notNull(),
    /** For `mark_returned`: the ISO 20022 reason code the return carries. */
    reasonCode: text('reason_code'),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    requestedByUserId: text('requested_by_user_id')
      .notNull()
      .references(() => user.id),
  },
  (table) => [
    ...requestIndexes('payment_repair', table),
    index('payment_repair_payment_idx').on(table.paymentId),
    check('payment_repair_action_known', sql`${table.action} IN ('re_enquire', 'mark_returned')`),
    check('payment_repair_return_has_code', sql`${table.action} <> 'mark_returned' OR ${table.reasonCode} IS NOT NULL`),
  ],
);
