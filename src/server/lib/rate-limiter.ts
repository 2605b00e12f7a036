import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { tooManyRequests } from '../errors';

/** `refusal`: the 429's code and words when they should name what was throttled (the generic "too many attempts" otherwise). */
export type RatePolicy = { name: string; allowance: number; windowMs: number; refusal?: { code: string; message: string } };

/** One refusal for both name-enquiry allowances: the customer is told it is their look-ups that wait. */
const nameEnquiryRefusal = { code: 'too_many_lookups', message: 'Too many account look-ups. Please wait a while before looking up another account.' };

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

/** The allowances, before `RATE_LIMIT_MULTIPLIER` (tests and benchmarks scale them). */
export const ratePolicies = {
  /** The guesses one place may make at one person's password: an attacker elsewhere cannot lock the owner out. */
  failedSignInsPerEmailAndAddress: { name: 'sign-in-failure', allowance: 10, windowMs: 15 * minuteMs },
  /** One place guessing at many people's passwords (credential stuffing); room for a shared office address. */
  failedSignInsPerAddress: { name: 'sign-in-failure-address', allowance: 50, windowMs: 15 * minuteMs },
  /** Many places guessing at one person's password: the owner is locked out only by a distributed attack. */
  failedSignInsPerEmail: { name: 'sign-in-failure-email', allowance: 100, windowMs: hourMs },
  signUpsPerAddress: { name: 'sign-up', allowance: 30, windowMs: hourMs },
  uploadsPerAddress: { name: 'upload', allowance: 60, windowMs: hourMs },
  /**
   * Bytes one address may upload without signing in (a registration's photo), counted as well as
   * uploads: sixty 5 MB files an hour would otherwise park 300 MB per address.
   */
  anonymousUploadBytesPerAddress: { name: 'upload-bytes', allowance: 20 * 1024 * 1024, windowMs: hourMs },
  contactMessagesPerAddress: { name: 'contact', allowance: 5, windowMs: hourMs },
  /** Links to set a new password asked for from one address (each sends an e-mail when the address is registered). */
  passwordResetRequestsPerAddress: { name: 'password-reset-request', allowance: 10, windowMs: hourMs },
  /** Links sent to one e-mail address: past this, asking again answers as usual and sends nothing, so nobody can flood an inbox. */
  passwordResetRequestsPerEmail: { name: 'password-reset-request-email', allowance: 3, windowMs: hourMs },
  /** Tries at setting a new password with a link's token from one address. */
  passwordResetsPerAddress: { name: 'password-reset', allowance: 20, windowMs: hourMs },
  /** Looks at and acceptances of staff invitation links from one address. */
  staffInvitationTriesPerAddress: { name: 'staff-invitation', allowance: 20, windowMs: hourMs },
  /**
   * Name enquiries one customer may make (each answers an account's masked holder name and type),
   * saving a receiver and a refused transfer included, since they answer the same question:
   * enough to look up the people one pays in a sitting, too few to harvest names by walking
   * account numbers (docs/decisions/034-name-enquiry.md).
   */
  nameEnquiriesPerCustomer: { name: 'name-enquiry', allowance: 30, windowMs: 15 * minuteMs, refusal: nameEnquiryRefusal },
  /** The same from one address, across customers: many sign-ups harvesting from one place; room for a shared office address. */
  nameEnquiriesPerAddress: { name: 'name-enquiry-address', allowance: 100, windowMs: 15 * minuteMs, refusal: nameEnquiryRefusal },
  /**
   * Account requests one customer may send, whatever became of them: the bound on requests waiting
   * for staff (`pendingAccountRequestsPerCustomerMax`) keeps the queue short, this keeps a script
   * from sending requests and cancelling them in a loop.
   */
  accountRequestsPerCustomer: { name: 'account-request', allowance: 10, windowMs: hourMs },
  /**
   * PDFs one user may have drawn (statements and receipts): drawing a year's statement takes the
   * server's CPU for a noticeable moment, so a loop of requests must not be able to hog it.
   */
  pdfDocumentsPerUser: { name: 'pdf-document', allowance: 60, windowMs: hourMs },
  /**
   * Wrong or reused second-factor codes (authenticator app or recovery code), at sign-in and at
   * step-up alike, in four counts (docs/decisions/025-two-factor-and-step-up.md). First, for one
   * user from one address: the owner's own typing mistakes, and an attacker stopped at their own
   * address without touching the owner's.
   */
  failedSecondFactorCodesPerUserAndAddress: { name: 'second-factor-failure', allowance: 5, windowMs: 15 * minuteMs },
  /** One address trying codes across many users (each of whose passwords it holds); room for a shared office address. */
  failedSecondFactorCodesPerAddress: { name: 'second-factor-failure-address', allowance: 20, windowMs: 15 * minuteMs },
  /**
   * One user's codes from places they have not completed a sign-in from in 90 days, wherever they
   * come from: what bounds guessing by whoever holds the password. Reaching it closes new places
   * only; the owner's known devices and signed-in sessions do not count here and are not refused.
   */
  failedSecondFactorCodesPerUserFromNewPlaces: { name: 'second-factor-failure-new-places', allowance: 10, windowMs: hourMs },
  /**
   * Every failure for one user, known places included: the ceiling a stolen session or an attacker
   * on the owner's own network meets when spread over many addresses. The owner meets it only then.
   */
  failedSecondFactorCodesPerUser: { name: 'second-factor-failure-user', allowance: 30, windowMs: hourMs },
  /** A latch, not a throttle: the owner is told of refused codes once per quarter hour, however many are refused. */
  secondFactorThrottleNotices: { name: 'second-factor-throttle-notice', allowance: 1, windowMs: 15 * minuteMs },
  /**
   * SMS codes one user may have sent (each costs the bank a message and reaches a phone): a few
   * resends of a code that did not arrive, not a way to flood anyone's phone.
   */
  smsCodesPerUser: { name: 'sms-code-user', allowance: 5, windowMs: 15 * minuteMs },
  /** SMS codes sent to one number, whoever asks: no one may use the bank to flood someone else's phone. */
  smsCodesPerNumber: { name: 'sms-code-number', allowance: 5, windowMs: 15 * minuteMs },
  /** Sign-up codes asked from one client address, to any numbers: nobody signed in pays for them, so one address may not text a list of numbers. */
  signUpSmsCodesPerAddress: { name: 'sms-code-sign-up-address', allowance: 10, windowMs: hourMs },
} as const satisfies Record<string, RatePolicy>;

type CounterRow = { hits: number; window_ms_left: number };

/**
 * Fixed-window counters in PostgreSQL, so that every server instance shares them. One
 * statement both resets an expired window and counts the hit, so concurrent hits never lose
 * a count.
 */
export class RateLimiter {
  constructor(
    private readonly db: Executor,
    private readonly multiplier: number,
    /** Told of every refusal (metrics). */
    private readonly onThrottled: (policy: RatePolicy) => void = () => undefined,
  ) {}

  private allowance(policy: RatePolicy): number {
    return Math.max(1, Math.floor(policy.allowance * this.multiplier));
  }

  /** Counts one hit (or `amount`, such as bytes); throws 429 when this hit goes past the allowance. */
  async consume(policy: RatePolicy, subject: string, amount = 1): Promise<void> {
    const row = await this.hit(policy, subject, amount);
    if (row.hits > this.allowance(policy)) {
      this.onThrottled(policy);
      throw tooManyRequests(row.window_ms_left / 1000, policy.refusal);
    }
  }

  /**
   * Counts one hit and answers whether it was within the allowance, refusing nothing and reporting
   * nothing: a latch shared by every instance, such as "tell the owner once per window".
   */
  async tryConsume(policy: RatePolicy, subject: string): Promise<boolean> {
    const row = await this.hit(policy, subject, 1);
    return row.hits <= this.allowance(policy);
  }

  /**
   * Gives back a hit taken by `consume` when what it guarded turned out not to count (a sign-in
   * that succeeded). Taking the slot first and giving it back after is what keeps the limit under
   * parallel requests: a check followed by a later count lets every request in flight pass.
   */
  async release(policy: RatePolicy, subject: string): Promise<void> {
    const key = `${policy.name}:${subject}`;
    await this.db.execute(sql`
      UPDATE rate_limit_counter SET hits = greatest(hits - 1, 0)
      WHERE key = ${key} AND window_started_at > now() - ${policy.windowMs} * interval '1 millisecond'`);
  }

  private async hit(policy: RatePolicy, subject: string, amount: number): Promise<CounterRow> {
    const key = `${policy.name}:${subject}`;
    const window = sql`${policy.windowMs} * interval '1 millisecond'`;
    const result = await this.db.execute<CounterRow>(sql`
      INSERT INTO rate_limit_counter AS c (key, window_started_at, hits) VALUES (${key}, now(), ${amount})
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN c.window_started_at <= now() - ${window} THEN ${amount} ELSE c.hits + ${amount} END,
        window_started_at = CASE WHEN c.window_started_at <= now() - ${window} THEN now() ELSE c.window_started_at END
      RETURNING hits, (extract(epoch FROM (window_started_at + ${window} - now())) * 1000)::int AS window_ms_left`);
    const row = result.rows[0];
    if (!row) throw new Error('rate limit upsert returned no row');
    return { hits: Number(row.hits), window_ms_left: Number(row.window_ms_left) };
  }

  /** Expired windows are only clutter; removed by the periodic sweep. */
  async sweepExpired(): Promise<void> {
    await this.db.execute(sql`DELETE FROM rate_limit_counter WHERE window_started_at < now() - interval '1 day'`);
  }
}
