import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '../../../shared/language';
import { schema, type Database, type Executor } from '../../db/client';
import type { SmsCodePurpose } from '../../db/schema/platform';
import { AppError } from '../../errors';
import { ratePolicies, type RateLimiter } from '../../lib/rate-limiter';
import { storeSms } from '../../lib/sms-outbox';

/** A code sent by SMS works this long: time to read it and type it, short enough that a stale one is useless. */
export const smsCodeLifetimeSeconds = 5 * 60;
/** Wrong tries one code survives; then it is dead and a new one must be sent (the throttles bound the rest). */
export const smsCodeFailuresMax = 3;
export const smsCodeDigits = 6;

/**
 * What one SMS code confirms. `hash` names the operation exactly (for a transfer: its sending and
 * receiving accounts and its amount), so that a code sent for it confirms it and nothing else;
 * `text` is the message, in the reader's language, that says what the code is for.
 */
export type BoundOperation = { purpose: SmsCodePurpose; hash: string; text: (code: string, language: Language) => string };

/** The hash that binds a code to an operation: SHA-256 of its parts, unambiguously joined. */
export function operationHash(kind: string, parts: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify([kind, ...parts]))
    .digest('hex');
}

/** How long an expired code's row is kept: long enough to read in an inquiry about that day, no longer. */
export const expiredSmsCodeKeptSeconds = 24 * 60 * 60;

/**
 * Removes codes expired for a day. A customer's codes replace each other, but every number a
 * visitor asked a sign-up code for and never finished keeps a row of its own: without this they
 * would pile up. An expired code confirms nothing, so nothing can miss it.
 */
export async function deleteExpiredSmsCodes(db: Executor): Promise<number> {
  const deleted = await db.execute<{ id: string }>(sql`
    DELETE FROM sms_code WHERE expires_at <= now() - ${expiredSmsCodeKeptSeconds} * interval '1 second' RETURNING id`);
  return deleted.rows.length;
}

export const smsCodeMessages = {
  invalid: 'That code is not right, or it is no longer valid. Check the SMS or send a new code.',
  used: 'That code was already used. Send a new code.',
} as const;

const invalidSmsCode = (field: string) => new AppError(400, 'invalid_second_factor_code', smsCodeMessages.invalid, { [field]: smsCodeMessages.invalid });
const usedSmsCode = (field: string) => new AppError(400, 'second_factor_code_used', smsCodeMessages.used, { [field]: smsCodeMessages.used });

/**
 * Whose code it is: a signed-in user's, or, at sign-up, the number a visitor typed (no user exists
 * yet). A visitor's sends are throttled per client address where a user's are throttled per user.
 */
export type SmsCodeHolder = { userId: string } | { signUpNumber: string; clientAddress: string };

const holderKey = (holder: SmsCodeHolder) => ('userId' in holder ? holder.userId : `sign-up ${holder.signUpNumber}`);

/**
 * One-time codes sent by SMS, stored as an HMAC keyed with the server's secret over the user, the
 * purpose, the operation's hash and the code: a database copy alone cannot recover a code (a
 * plain hash of six digits could be reversed in a second), and a code checked against another
 * operation's hash simply does not match. One open code per user and purpose: a new one replaces
 * the last. Each is short-lived (`smsCodeLifetimeSeconds`), dies after `smsCodeFailuresMax` wrong
 * tries, and is spent by its first use. Checking is throttled by the caller with the same counts
 * as app codes (`CodeThrottle`); sending is throttled here, per user and per number.
 */
export class SmsCodes {
  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly rateLimiter: RateLimiter,
  ) {}

  private codeHash(holder: SmsCodeHolder, operation: Pick<BoundOperation, 'purpose' | 'hash'>, code: string): Buffer {
    return createHmac('sha256', this.secret)
      .update(JSON.stringify([holderKey(holder), operation.purpose, operation.hash, code]))
      .digest();
  }

  /**
   * Makes a new code for `operation`, replacing any open one of its purpose, and stores its message
   * in the SMS outbox, in one transaction: the code works only if its message was stored. The
   * caller kicks the outbox once this returns. Answers when the code stops working.
   */
  async issue(request: { holder: SmsCodeHolder; phoneNumber: string; language: Language; operation: BoundOperation }): Promise<{ expiresAt: Date }> {
    const { holder } = request;
    if ('userId' in holder) await this.rateLimiter.consume(ratePolicies.smsCodesPerUser, holder.userId);
    else await this.rateLimiter.consume(ratePolicies.signUpSmsCodesPerAddress, holder.clientAddress);
    await this.rateLimiter.consume(ratePolicies.smsCodesPerNumber, request.phoneNumber);
    const code = String(randomInt(0, 10 ** smsCodeDigits)).padStart(smsCodeDigits, '0');
    const expiresAt = new Date(Date.now() + smsCodeLifetimeSeconds * 1000);
    const codeHash = this.codeHash(holder, request.operation, code).toString('hex');
    await this.db.transaction(async (tx) => {
      const row = { phoneNumber: request.phoneNumber, operationHash: request.operation.hash, codeHash, expiresAt, failedAttempts: 0, usedAt: null, createdAt: new Date() };
      const insert = tx.insert(schema.smsCode).values({ userId: 'userId' in holder ? holder.userId : null, purpose: request.operation.purpose, ...row });
      await ('userId' in holder
        ? insert.onConflictDoUpdate({ target: [schema.smsCode.userId, schema.smsCode.purpose], set: row })
        : insert.onConflictDoUpdate({ target: schema.smsCode.phoneNumber, targetWhere: sql`${schema.smsCode.purpose} = 'sign-up'`, set: row }));
      await storeSms(tx, { to: request.phoneNumber, text: request.operation.text(code, request.language), expiresAt });
    });
    return { expiresAt };
  }

  /**
   * Checks `code` for `operation`; with `spend`, uses it up (of two requests with one code, one
   * wins: the spend is a compare-and-set on an unused row). Throws the refusal, naming `field`; a
   * wrong code counts against the code's own tries. Answers the number the code was sent to.
   */
  async check(holder: SmsCodeHolder, operation: Pick<BoundOperation, 'purpose' | 'hash'>, code: string, options: { field: string; spend: boolean }): Promise<{ phoneNumber: string }> {
    const [row] = await this.db
      .select()
      .from(schema.smsCode)
      .where(and('userId' in holder ? eq(schema.smsCode.userId, holder.userId) : eq(schema.smsCode.phoneNumber, holder.signUpNumber), eq(schema.smsCode.purpose, operation.purpose)));
    const given = /^\d{6}$/.test(code) ? this.codeHash(holder, operation, code) : Buffer.alloc(32);
    const stored = row ? Buffer.from(row.codeHash, 'hex') : Buffer.alloc(32);
    // The hash covers the operation, so a code for another transfer fails here like a wrong one.
    const matches = row !== undefined && stored.length === given.length && timingSafeEqual(stored, given);
    const alive = row !== undefined && row.expiresAt > new Date() && row.failedAttempts < smsCodeFailuresMax;
    if (!row || !alive || !matches) {
      if (row && !matches)
        await this.db
          .update(schema.smsCode)
          .set({ failedAttempts: sql`${schema.smsCode.failedAttempts} + 1` })
          .where(eq(schema.smsCode.id, row.id));
      throw invalidSmsCode(options.field);
    }
    if (row.usedAt !== null) throw usedSmsCode(options.field);
    if (!options.spend) return { phoneNumber: row.phoneNumber };
    const spent = await this.db
      .update(schema.smsCode)
      .set({ usedAt: new Date() })
      .where(and(eq(schema.smsCode.id, row.id), eq(schema.smsCode.codeHash, row.codeHash), sql`${schema.smsCode.usedAt} IS NULL`))
      .returning({ id: schema.smsCode.id });
    if (spent.length === 0) throw usedSmsCode(options.field);
    return { phoneNumber: row.phoneNumber };
  }
}

/** The user's verified mobile number, where step-up codes go, or null when they have none. */
export async function verifiedPhoneOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ phoneNumber: schema.user.phoneNumber, verified: schema.user.phoneNumberVerified }).from(schema.user).where(eq(schema.user.id, userId));
  return row?.verified && row.phoneNumber ? row.phoneNumber : null;
}

/** A number as an SMS step-up shows where the code went: +880 1•••-•••678, enough to recognise, not to copy. */
export function maskedPhoneNumber(phoneNumber: string): string {
  return `${phoneNumber.slice(0, 4)} ${phoneNumber.slice(4, 5)}•••-•••${phoneNumber.slice(-3)}`;
}
