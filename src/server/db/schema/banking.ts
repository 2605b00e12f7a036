import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid, type ExtraConfigColumn } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { money, moment, shortReference, shortReferenceCheck } from './columns';
import { loanDocumentKinds } from '../../../shared/constants';
import { genders } from '../../../shared/schemas/banking';
import { declineReasons } from '../../../shared/schemas/decline';
import type { MovementKind } from '../../../shared/schemas/movement';

/**
 * A declined request keeps its row (status `declined`) with the staff's reason, so the customer
 * sees why and may ask again; the reason codes are `declineReasons` in shared/schemas/decline.ts.
 */
const declineColumns = () => ({
  declinedReason: text('declined_reason', { enum: declineReasons }),
  declinedNote: text('declined_note'),
  declinedAt: moment('declined_at'),
});

/**
 * Every place money can sit: a customer's bank account (code = its 13-digit number) or one of
 * the bank's own accounts (code `bank:cash`, `bank:loans-receivable`, `bank:interest-income`).
 * `balancePoisha` always equals the sum of the account's postings; the bank's own accounts
 * hold the mirror image of what customers hold, so the sum over all accounts is zero.
 */
export const ledgerAccount = pgTable(
  'ledger_account',
  {
    code: text('code').primaryKey(),
    kind: text('kind', { enum: ['customer', 'bank'] }).notNull(),
    balancePoisha: money('balance_poisha')
      .notNull()
      .default(sql`0`),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [check('ledger_account_customer_not_negative', sql`${table.kind} <> 'customer' OR ${table.balancePoisha} >= 0`)],
);

export const bankAccount = pgTable(
  'bank_account',
  {
    id: text('id')
      .primaryKey()
      .references(() => ledgerAccount.code),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => user.id),
    accountType: text('account_type', { enum: ['student', 'savings', 'current', 'fixed'] }).notNull(),
    status: text('status', { enum: ['pending', 'active', 'declined'] })
      .notNull()
      .default('pending'),
    holderName: text('holder_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    photoUrl: text('photo_url').notNull(),
    gender: text('gender', { enum: genders }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    nid: text('nid').notNull(),
    residentialArea: text('residential_area').notNull(),
    permanentArea: text('permanent_area').notNull(),
    nomineeName: text('nominee_name').notNull(),
    nomineeNid: text('nominee_nid').notNull(),
    nomineeRelation: text('nominee_relation').notNull(),
    requestedAt: moment('requested_at').notNull().defaultNow(),
    approvedAt: moment('approved_at'),
    approvedByUserId: text('approved_by_user_id').references(() => user.id),
    ...declineColumns(),
  },
  (table) => [
    index('bank_account_owner_idx').on(table.ownerUserId),
    // The staff lists: newest first, optionally one status, paged (decision 007).
    index('bank_account_requested_idx').on(table.requestedAt.desc().nullsFirst(), table.id),
    index('bank_account_status_requested_idx').on(table.status, table.requestedAt.desc().nullsFirst(), table.id),
    // The staff lists' search (decision 016): an account number by its first digits, whatever the
    // database's collation, and any part of the holder's name or e-mail through trigrams.
    index('bank_account_id_pattern_idx').on(table.id.op('text_pattern_ops')),
    index('bank_account_search_idx').using('gin', sql`lower(${table.holderName} || ' ' || ${table.email}) gin_trgm_ops`),
    // What a customer quotes at the counter or on the phone (decision 035): the last four digits
    // of the account, the mobile number (stored as +8801…) and the national ID.
    index('bank_account_last_four_idx').on(sql`right(${table.id}, 4)`),
    index('bank_account_phone_idx').on(table.phone),
    index('bank_account_nid_idx').on(table.nid),
  ],
);

/** One movement of money; its postings sum to zero. */
export const journalEntry = pgTable(
  'journal_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<MovementKind>().notNull(),
    /** The English description, kept for whoever reads the journal with SQL alone; screens and files write theirs from `params`. */
    memo: text('memo').notNull(),
    /**
     * What happened, as data: with `kind`, the facts each reader's description is written from in
     * their language (shared/schemas/movement.ts), such as the amount and the holders' names.
     */
    params: jsonb('params')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The request this entry settles (a deposit request's or a loan's id), not the short reference. */
    referenceId: text('reference_id'),
    /** What the customer is given and quotes: the same on every screen, paper and message. */
    reference: shortReference('reference'),
    createdByUserId: text('created_by_user_id').references(() => user.id),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('journal_entry_reference_idx').on(table.referenceId),
    uniqueIndex('journal_entry_short_reference_idx').on(table.reference),
    shortReferenceCheck('journal_entry_short_reference_format', table.reference),
  ],
);

export const posting = pgTable(
  'posting',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    journalEntryId: uuid('journal_entry_id')
      .notNull()
      .references(() => journalEntry.id),
    ledgerAccountCode: text('ledger_account_code')
      .notNull()
      .references(() => ledgerAccount.code),
    amountPoisha: money('amount_poisha').notNull(),
    balanceAfterPoisha: money('balance_after_poisha').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('posting_account_idx').on(table.ledgerAccountCode, table.id),
    index('posting_entry_idx').on(table.journalEntryId),
    // The trial balance as of a past day reads the postings made since: by time, across accounts.
    index('posting_created_idx').on(table.createdAt),
    check('posting_amount_not_zero', sql`${table.amountPoisha} <> 0`),
  ],
);

/** The columns `requestIndexes` needs of a request table. */
type RequestTableColumns = Record<'id' | 'ownerUserId' | 'bankAccountId' | 'status' | 'requestedAt', ExtraConfigColumn>;

/**
 * The columns every request a customer makes and staff decide (a card, a loan, a deposit) carries:
 * the account it is for and its owner, when it was asked and decided and by whom, and a decline's
 * reason. The request's own columns (its type, its amount, its statuses) are the table's. A new
 * request table spreads these and `requestIndexes`, and `requestRepository` reads it.
 */
export const requestColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  bankAccountId: text('bank_account_id')
    .notNull()
    .references(() => bankAccount.id),
  ownerUserId: text('owner_user_id')
    .notNull()
    .references(() => user.id),
  requestedAt: moment('requested_at').notNull().defaultNow(),
  decidedAt: moment('decided_at'),
  decidedByUserId: text('decided_by_user_id').references(() => user.id),
  ...declineColumns(),
});

/**
 * The indexes of every request table: a customer's own requests, the staff list newest first (or
 * oldest first within a status: decision 007), and the account, by which a staff search finds the
 * accounts first and then their requests of every status.
 */
export const requestIndexes = (name: string, table: RequestTableColumns) => [
  index(`${name}_owner_idx`).on(table.ownerUserId),
  index(`${name}_account_idx`).on(table.bankAccountId),
  index(`${name}_requested_idx`).on(table.requestedAt.desc().nullsFirst(), table.id),
  index(`${name}_status_requested_idx`).on(table.status, table.requestedAt.desc().nullsFirst(), table.id),
];

export const depositRequest = pgTable(
  'deposit_request',
  {
    ...requestColumns(),
    amountPoisha: money('amount_poisha').notNull(),
    status: text('status', { enum: ['pending', 'success', 'declined'] })
      .notNull()
      .default('pending'),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntry.id),
    /** Given to the customer when they ask; the credit, once approved, carries the same one. */
    reference: shortReference('reference'),
  },
  (table) => [
    ...requestIndexes('deposit_request', table),
    uniqueIndex('deposit_request_reference_idx').on(table.reference),
    shortReferenceCheck('deposit_request_reference_format', table.reference),
    check('deposit_request_amount_positive', sql`${table.amountPoisha} > 0`),
  ],
);

export const card = pgTable(
  'card',
  {
    ...requestColumns(),
    cardType: text('card_type', { enum: ['debit', 'credit'] }).notNull(),
    status: text('status', { enum: ['pending', 'active', 'declined', 'cancelled'] })
      .notNull()
      .default('pending'),
    holderName: text('holder_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    nid: text('nid').notNull(),
    /** Only the last four digits of a card number are ever stored. */
    lastFour: text('last_four'),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    imageUrl: text('image_url'),
  },
  (table) => [
    ...requestIndexes('card', table),
    uniqueIndex('card_one_open_per_account_idx')
      .on(table.bankAccountId)
      .where(sql`${table.status} in ('pending', 'active')`),
  ],
);

export const loan = pgTable(
  'loan',
  {
    ...requestColumns(),
    loanType: text('loan_type', { enum: ['car', 'student', 'home', 'personal'] }).notNull(),
    status: text('status', { enum: ['pending', 'active', 'repaid', 'declined'] })
      .notNull()
      .default('pending'),
    amountPoisha: money('amount_poisha').notNull(),
    durationMonths: integer('duration_months').notNull(),
    interestPercent: integer('interest_percent').notNull(),
    totalPoisha: money('total_poisha').notNull(),
    outstandingPoisha: money('outstanding_poisha').notNull(),
    monthlyIncomePoisha: money('monthly_income_poisha').notNull(),
    companyName: text('company_name').notNull(),
    /** Web links and a passport scan: what loans asked for before the uploaded proof of income and the NID. */
    evidence: text('evidence'),
    passportUrl: text('passport_url'),
    /** The uploaded proof of income (a private upload: PDF, PNG or JPEG) and what kind of paper it is. */
    documentUrl: text('document_url'),
    documentKind: text('document_kind', { enum: loanDocumentKinds }),
    holderName: text('holder_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    nid: text('nid').notNull(),
  },
  (table) => [
    ...requestIndexes('loan', table),
    uniqueIndex('loan_one_open_per_account_idx')
      .on(table.bankAccountId)
      .where(sql`${table.status} in ('pending', 'active')`),
    check('loan_amounts_consistent', sql`${table.amountPoisha} > 0 AND ${table.outstandingPoisha} >= 0 AND ${table.outstandingPoisha} <= ${table.totalPoisha}`),
  ],
);

/**
 * A receiver a customer keeps for later transfers: the details they typed, checked against the
 * bank's records when saved (and again by every transfer, so a later change to the account cannot
 * send money astray). No foreign key to `bank_account`: the row is the customer's address book,
 * and the transfer, not this row, decides whether the details still match.
 * One entry per account number per customer; saving it again updates that entry.
 */
export const savedReceiver = pgTable(
  'saved_receiver',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => user.id),
    /**
     * The bank or wallet the receiver is at, by its code in `src/shared/bank-directory.ts`; null
     * for an account at this bank. No foreign key: the directory is code, not a table.
     */
    participantCode: text('participant_code'),
    /** The account number, or a wallet's mobile number. */
    accountNumber: text('account_number').notNull(),
    /** Known only for an account at this bank: the switch's enquiry does not tell another bank's account type. */
    accountType: text('account_type', { enum: ['student', 'savings', 'current', 'fixed'] }),
    holderName: text('holder_name').notNull(),
    nickname: text('nickname'),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  // One entry per account per participant and customer; NULLS NOT DISTINCT makes this bank (null)
  // one participant like the others, so an account here cannot be saved twice either.
  (table) => [
    unique('saved_receiver_owner_participant_account_key').on(table.ownerUserId, table.participantCode, table.accountNumber).nullsNotDistinct(),
    check('saved_receiver_type_at_this_bank', sql`(${table.participantCode} IS NULL) = (${table.accountType} IS NOT NULL)`),
  ],
);
