import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { defaultLanguage, languages } from '../../../shared/language';

/**
 * better-auth's own tables (email and password, admin plugin). Written by hand rather than
 * generated: the generator crashes on Node 20. The bank's tables are named so they cannot be
 * confused with these (`bank_account`, not `account`).
 */
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    /** The bank's own column: a password someone else chose (the generated first staff password) must be replaced before anything else. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The bank's own column: the language the user chose on the website, in which their e-mails are written. */
    language: text('language', { enum: languages }).notNull().default(defaultLanguage),
    /** better-auth's two-factor plugin: true once the user confirmed an authenticator app with a first code. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * The bank's own column: the generation a session of this user must carry to serve a request.
     * Raised, in the same transaction, whenever a second factor is turned on or replaced, so that
     * every session made before (with the password only, or with the old app) ends, including one
     * whose sign-in was still in flight when the change committed (see `session.generation`).
     */
    sessionGeneration: integer('session_generation').notNull().default(0),
    /**
     * The bank's own column: a staff member who manages the other staff members (invites, disables,
     * re-enables them). Only meaningful with the staff role; at least one active one always exists.
     */
    staffAdministrator: boolean('staff_administrator').notNull().default(false),
    /** The bank's own column: when a session was last made for this user, shown in the staff list. */
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
    /**
     * A mobile number (+8801XXXXXXXXX) the user proved they hold with a code sent to it by SMS:
     * where step-up codes go for a customer without an authenticator app. Named as better-auth's
     * phone-number plugin names it. Unique: one number confirms one person's payments.
     */
    phoneNumber: text('phone_number').unique(),
    /** True once a code sent to `phone_number` came back; a number not yet verified receives no step-up code. */
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
  },
  (table) => [
    check('user_language_known', sql`${table.language} IN ('en', 'bn')`),
    // The staff list of users: oldest first, optionally only the active or the disabled ones.
    index('user_created_idx').on(table.createdAt, table.id),
    index('user_banned_created_idx').on(table.banned, table.createdAt, table.id),
    // The staff list's search by any part of a name or e-mail (decision 016).
    index('user_search_idx').using('gin', sql`lower(${table.name} || ' ' || ${table.email}) gin_trgm_ops`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    /**
     * The bank's own column, which better-auth never writes: when the session last served a
     * request, to the minute. A session idle longer than the idle timeout ends.
     */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The bank's own column, stamped when better-auth creates the session (`generationOfNewSession`):
     * the user's `session_generation` then, or -1 for a password sign-in of a user whose second
     * factor was already on. A session serves requests only while it equals its user's.
     */
    generation: integer('generation').notNull().default(0),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The bank's own table: a staff member's request to disable or re-enable another staff member,
 * which takes effect only when a second staff member approves it (maker-checker). At most one
 * request per user waits at a time; decided ones stay as the record of who asked and who approved.
 */
export const userStatusChange = pgTable(
  'user_status_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    action: text('action', { enum: ['disable', 'enable'] }).notNull(),
    requestedByUserId: text('requested_by_user_id')
      .notNull()
      .references(() => user.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome', { enum: ['approved', 'cancelled'] }),
    decidedByUserId: text('decided_by_user_id').references(() => user.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_status_change_one_waiting_idx')
      .on(table.userId)
      .where(sql`${table.outcome} IS NULL`),
    check('user_status_change_decided_together', sql`(${table.outcome} IS NULL) = (${table.decidedAt} IS NULL) AND (${table.outcome} IS NULL) = (${table.decidedByUserId} IS NULL)`),
  ],
);

/**
 * better-auth's two-factor plugin: a user's authenticator secret and recovery codes, both
 * encrypted with the server's secret. `verified` stays false between enrolment and the first
 * code, so an unfinished enrolment never asks for a code at sign-in.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * The bank's own column, which better-auth never writes: the newest 30-second time step whose
     * code this user has used. A code is accepted only for a later step, so a code seen over a
     * shoulder or in a proxy's log cannot be used a second time (RFC 6238, section 5.2).
     */
    lastUsedTimeStep: bigint('last_used_time_step', { mode: 'number' }),
    /**
     * The bank's own columns: a replacement app that a fresh code of the current one (or a recovery
     * code) started, with its recovery codes, encrypted like `secret`. The current app keeps
     * working until a first code of the new one confirms it, which moves these into `secret` and
     * `backup_codes`; a replacement not confirmed within `factorReplacementMinutes` lapses.
     */
    replacementSecret: text('replacement_secret'),
    replacementBackupCodes: text('replacement_backup_codes'),
    replacementStartedAt: timestamp('replacement_started_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('two_factor_user_id_idx').on(table.userId),
    check(
      'two_factor_replacement_together',
      sql`(${table.replacementSecret} IS NULL) = (${table.replacementBackupCodes} IS NULL) AND (${table.replacementSecret} IS NULL) = (${table.replacementStartedAt} IS NULL)`,
    ),
  ],
);

/**
 * The bank's own table: an administrator's invitation of a new staff member. The invitee's user
 * exists from the invitation on (staff, disabled, without a password) so that their name and
 * e-mail are reserved and the invitation e-mail has an owner; accepting the link sets a password
 * and enables them. Only the SHA-256 of the link's token is stored: a copy of the database cannot
 * be used to accept an invitation. A token works once (`accepted_at`) and until `expires_at`.
 */
export const staffInvitation = pgTable(
  'staff_invitation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedByUserId: text('invited_by_user_id')
      .notNull()
      .references(() => user.id),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [index('staff_invitation_user_idx').on(table.userId, table.invitedAt)],
);
