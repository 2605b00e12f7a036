import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { secondFactorCodeHeaderName } from '../../../shared/second-factor';
import { schema, type Database } from '../../db/client';
import { AppError, assertInvariant } from '../../errors';
import { hasStoredAnswer, idempotencyKeyOf, requestFingerprint, type KeyClaim } from '../../lib/idempotency';
import type { RateLimiter } from '../../lib/rate-limiter';
import { requireUser } from '../../plugins/access-guard';
import type { SignedInUser } from '../auth/signed-in-user';
import type { AuthLoader } from '../auth/auth-loader';
import { CodeThrottle, codePlaceOf, type CodePlace } from './code-throttle';
import { waitingReplacement } from './factor-changes.repository';
import { base32Decode, hotpCode, matchingTimeStep, timeStepAt } from './totp';
import type { StepUpCheckAnswer } from '../../../shared/schemas/two-factor';
import type { SmsOutbox } from '../../lib/sms-outbox';
import { type BoundOperation, maskedPhoneNumber, smsCodeLifetimeSeconds, SmsCodes, verifiedPhoneOf } from './sms-codes';

/** The header a request carries a fresh code in, for an operation that asks for one (step-up). */
export const secondFactorCodeHeader = secondFactorCodeHeaderName.toLowerCase();
/** The field a refused step-up code is reported under, as the web app's code prompt names it. */
export const stepUpField = 'secondFactorCode';

/** The messages a person reads: the web app shows them as they are, or their Bangla by the same words. */
export const secondFactorMessages = {
  invalid: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  used: 'That code was already used. Wait for the next code in your authenticator app.',
  required: 'Confirm with the 6-digit code from your authenticator app.',
  requiredSms: 'Confirm with the 6-digit code we send to your mobile by SMS.',
  enrolmentRequired: 'Turn on two-step verification in your profile to do this.',
  unreadable: 'Your two-step verification cannot be checked at the moment. Please contact the bank.',
} as const;

const invalidCode = (field: string) => new AppError(400, 'invalid_second_factor_code', secondFactorMessages.invalid, { [field]: secondFactorMessages.invalid });
export const noReplacementWaiting = () => new AppError(409, 'no_replacement_waiting', 'No new authenticator app is waiting to be confirmed, or it waited too long. Start the replacement again.');
const usedCode = (field: string) => new AppError(400, 'second_factor_code_used', secondFactorMessages.used, { [field]: secondFactorMessages.used });
/**
 * A refusal, not a failure of the person's request: a 409, because the web app sends an operation
 * again after a 5xx (its outcome unknown), and sending again cannot help here; only the bank can.
 */
const unreadableSecondFactor = () => new AppError(409, 'second_factor_unreadable', secondFactorMessages.unreadable);

/** What better-auth seals with the server's secret, per user: the authenticator secret and the recovery codes. */
type SealedValue = 'authenticator secret' | 'recovery codes';

/**
 * Codes from a user's authenticator app, checked by the bank: throttled (`CodeThrottle`: a wrong
 * or reused code keeps its slot), and each 30-second code accepted once. better-auth's plugin
 * keeps the secret; this reads it with the same server secret, so both agree on every code.
 */
export class SecondFactor {
  private readonly throttle: CodeThrottle;

  /** Codes sent by SMS to a verified number: the second factor of a customer without an authenticator app. */
  readonly sms: SmsCodes;

  constructor(
    private readonly db: Database,
    private readonly auth: AuthLoader,
    rateLimiter: RateLimiter,
    private readonly log: FastifyBaseLogger,
    sms: { secret: string; outbox: SmsOutbox },
    /** The time codes from authenticator apps are checked at: the wall clock, but in tests (`AppOptions.authenticatorTime`). */
    private readonly now: () => number = Date.now,
  ) {
    this.throttle = new CodeThrottle(db, rateLimiter);
    this.sms = new SmsCodes(db, sms.secret, rateLimiter);
    this.smsOutbox = sms.outbox;
  }

  /** Where SMS codes leave: the outbox, kicked once a code's transaction has committed. */
  readonly smsOutbox: SmsOutbox;

  /** The verified mobile number of `userId`, or null. */
  verifiedPhoneOf(userId: string): Promise<string | null> {
    return verifiedPhoneOf(this.db, userId);
  }

  /**
   * Opens a value better-auth sealed with the server's secret. One sealed under another secret
   * (BETTER_AUTH_SECRET changed, or an instance that generated its own) cannot be opened by this
   * server at all: the person is refused with a request to contact the bank, and the log says why.
   */
  private async open(userId: string, sealed: string, what: SealedValue): Promise<string> {
    const context = await (await this.auth()).$context;
    // Imported here, where better-auth is loaded anyway: at the top it would load with every start.
    const { symmetricDecrypt } = await import('better-auth/crypto');
    try {
      return await symmetricDecrypt({ key: context.secretConfig, data: sealed });
    } catch (error) {
      this.log.error(
        { userId, sealedValue: what, cause: error instanceof Error ? error.message : String(error) },
        `this user's ${what} cannot be opened: it was sealed with another server secret than this server's (BETTER_AUTH_SECRET, or the generated one in the database or DATA_DIR/auth-secret); start the server with the secret it was sealed with`,
      );
      throw unreadableSecondFactor();
    }
  }

  /** The user's authenticator key, or null when they never started an enrolment. */
  private async keyOf(userId: string): Promise<Uint8Array | null> {
    const [row] = await this.db.select({ secret: schema.twoFactor.secret }).from(schema.twoFactor).where(eq(schema.twoFactor.userId, userId));
    return row ? this.decryptKey(userId, row.secret) : null;
  }

  /** An authenticator key as stored (sealed with the server's secret, as better-auth stores it). */
  private async decryptKey(userId: string, stored: string): Promise<Uint8Array> {
    const secret = await this.open(userId, stored, 'authenticator secret');
    // The plugin stores either the raw secret or, for imported secrets, "base32:" and its base32.
    return secret.startsWith('base32:') ? base32Decode(secret.slice('base32:'.length)) : Buffer.from(secret, 'utf8');
  }

  /**
   * Refuses (409 `second_factor_unreadable`) before better-auth checks a recovery code it could
   * not open: better-auth would fail the request with a 500.
   */
  async assertRecoveryCodesReadable(userId: string): Promise<void> {
    const [row] = await this.db.select({ backupCodes: schema.twoFactor.backupCodes }).from(schema.twoFactor).where(eq(schema.twoFactor.userId, userId));
    if (row) await this.open(userId, row.backupCodes, 'recovery codes');
  }

  /**
   * Accepts `code` for `userId` once: the code must be the current one (or the one before or
   * after) and of a later time step than any code this user used before. The step is claimed in
   * one statement, so of two requests with one code, one wins. A refusal names `field`. `place`
   * is where the code comes from (`codePlaceOf(request)`), for the throttle. The key is read
   * before the throttle counts the try: a key this server cannot open tries no code.
   */
  async useCode(userId: string, code: string, field: string, place: CodePlace): Promise<void> {
    const key = await this.keyOf(userId);
    await this.throttled(userId, place, async () => {
      const step = await this.unusedStep(userId, key, code, field);
      const last = schema.twoFactor.lastUsedTimeStep;
      const claimed = await this.db
        .update(schema.twoFactor)
        .set({ lastUsedTimeStep: step })
        .where(and(eq(schema.twoFactor.userId, userId), or(isNull(last), lt(last, step))))
        .returning({ id: schema.twoFactor.id });
      if (claimed.length === 0) throw usedCode(field);
    });
  }

  /**
   * The code better-auth is handed to complete a sign-in once `useCode` has accepted the one the
   * person typed. better-auth checks it again, against the wall clock; the server is the one judge
   * of codes (each step once, throttled, at its own time, which tests move on instead of waiting),
   * so better-auth gets the code of the wall clock's step, from the same key.
   */
  async signInCompletionCode(userId: string): Promise<string> {
    const key = await this.keyOf(userId);
    assertInvariant(key !== null, 'a sign-in is completed only after a code of this user was accepted');
    return hotpCode(key, timeStepAt(Date.now()));
  }

  /**
   * Checks `code` as `useCode` does, throttled the same, without spending it: a step-up asked for
   * before the confirm step checks the code there, and the operation itself spends it.
   */
  async checkCode(userId: string, code: string, field: string, place: CodePlace): Promise<void> {
    const key = await this.keyOf(userId);
    await this.throttled(userId, place, () => this.unusedStep(userId, key, code, field));
  }

  /** The time step of `code` when it is right and later than any this user used; else the refusal. */
  private async unusedStep(userId: string, key: Uint8Array | null, code: string, field: string): Promise<number> {
    const step = key ? matchingTimeStep(key, code, this.now()) : null;
    if (step === null) throw invalidCode(field);
    const [row] = await this.db.select({ last: schema.twoFactor.lastUsedTimeStep }).from(schema.twoFactor).where(eq(schema.twoFactor.userId, userId));
    if (row?.last !== null && row?.last !== undefined && row.last >= step) throw usedCode(field);
    return step;
  }

  /**
   * Runs the check of any second-factor code of `userId` (a recovery code, checked by better-auth)
   * within the same throttles as app codes: `check` throws for a wrong code, which keeps its slots.
   */
  throttled<T>(userId: string, place: CodePlace, check: () => Promise<T>): Promise<T> {
    return this.throttle.around(userId, place, check);
  }

  /**
   * Checks `code` against the replacement app a user started (`factor-changes.repository.ts`)
   * and answers its time step with the stored replacement, for the caller to swap in with a
   * compare-and-set on it. Throttled like `useCode`, on the same allowance. A replacement that
   * never started or lapsed answers 409: start again.
   */
  async matchReplacementCode(userId: string, code: string, field: string, place: CodePlace): Promise<{ step: number; replacementSecret: string }> {
    const replacement = await waitingReplacement(this.db, userId);
    if (!replacement) throw noReplacementWaiting();
    const key = await this.decryptKey(userId, replacement.secret);
    return this.throttled(userId, place, async () => {
      const step = matchingTimeStep(key, code, this.now());
      if (step === null) throw invalidCode(field);
      return { step, replacementSecret: replacement.secret };
    });
  }

  /** Whether an operation under this Idempotency-Key was already done (its answer is stored). */
  alreadyDone(claim: KeyClaim): Promise<boolean> {
    return hasStoredAnswer(this.db, claim);
  }
}

/** The code a request carries in the `Second-Factor-Code` header, trimmed; empty when it carries none. */
export function offeredSecondFactorCode(request: FastifyRequest): string {
  const header = request.headers[secondFactorCodeHeader];
  return (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
}

/**
 * The refusal of an operation that needs a fresh code and came without one: 403
 * `second_factor_required` (the web app then asks for the code and sends the same request again),
 * or `second_factor_enrolment_required` for a user who has neither an authenticator app nor a
 * verified mobile number to give one.
 */
export function stepUpRequired(user: Pick<SignedInUser, 'twoFactorEnabled' | 'phoneVerified'>): AppError {
  if (user.twoFactorEnabled) return new AppError(403, 'second_factor_required', secondFactorMessages.required);
  if (user.phoneVerified) return new AppError(403, 'second_factor_required', secondFactorMessages.requiredSms);
  return new AppError(403, 'second_factor_enrolment_required', secondFactorMessages.enrolmentRequired);
}

/** The operation an SMS code must be bound to, built only when a code is checked or sent (it may read the database). */
export type OperationToBind = () => Promise<BoundOperation>;

/**
 * Step-up: refuses the request (403 `second_factor_required`) unless it carries a fresh code in
 * the `Second-Factor-Code` header: from the signed-in user's authenticator app when they have
 * one (the stronger factor, and then the only one), else one sent by SMS to their verified number
 * for exactly this operation (`operation`; without it SMS codes are not accepted). A user with
 * neither gets 403 `second_factor_enrolment_required`. `reason` says why, in the log. A resend of
 * an operation already done under the same Idempotency-Key passes without a code: it receives the
 * stored answer and moves no money, and the code it carried was spent by the first attempt.
 * The code travels in a header, not the body, so it is not part of the operation's fingerprint.
 * `refusedAnyway` answers the refusal the operation would get now regardless of a code: that is
 * given instead of asking for one.
 */
export async function requireFreshSecondFactor(
  secondFactor: SecondFactor,
  request: FastifyRequest,
  reason: string,
  refusedAnyway?: () => Promise<AppError | undefined>,
  operation?: OperationToBind,
): Promise<void> {
  const user = requireUser(request);
  const key = idempotencyKeyOf(request);
  if (key !== undefined && (await secondFactor.alreadyDone({ userId: user.id, key, fingerprint: requestFingerprint(request) }))) return;
  const refusal = await refusedAnyway?.();
  if (refusal) throw refusal;
  const code = offeredSecondFactorCode(request);
  const smsAccepted = !user.twoFactorEnabled && operation !== undefined && user.phoneVerified;
  if (code === '' || (!user.twoFactorEnabled && !smsAccepted)) {
    request.log.info({ reason, enrolled: user.twoFactorEnabled, phoneVerified: user.phoneVerified }, 'step-up: code asked for');
    throw stepUpRequired({ twoFactorEnabled: user.twoFactorEnabled, phoneVerified: smsAccepted });
  }
  if (!/^\d{6}$/.test(code)) throw invalidCode(stepUpField);
  if (user.twoFactorEnabled) return secondFactor.useCode(user.id, code, stepUpField, codePlaceOf(request));
  const bound = await (operation as OperationToBind)();
  await secondFactor.throttled(user.id, codePlaceOf(request), () => secondFactor.sms.check({ userId: user.id }, bound, code, { field: stepUpField, spend: true }));
}

/**
 * Step-up asked before the confirm step: what the operation needs, answered without doing it.
 * `reason` is why it needs a code (undefined: it needs none). Without a code offered: `app` (type
 * the authenticator's code), `sms` (a code bound to `operation` was just sent to the verified
 * number, shown masked), or `setup` (the customer has neither factor: verify a number first).
 * With a code offered: the code is checked, throttled like any code, but not spent (the operation
 * spends it), and the answer is `confirmed`, or the refusal of a wrong code.
 */
export async function previewStepUp(secondFactor: SecondFactor, request: FastifyRequest, reason: string | undefined, operation: OperationToBind): Promise<StepUpCheckAnswer> {
  const user = requireUser(request);
  if (reason === undefined) return { stepUp: 'none' };
  const code = offeredSecondFactorCode(request);
  if (code !== '' && !/^\d{6}$/.test(code)) throw invalidCode(stepUpField);
  if (user.twoFactorEnabled) {
    if (code === '') return { stepUp: 'app' };
    await secondFactor.checkCode(user.id, code, stepUpField, codePlaceOf(request));
    return { stepUp: 'confirmed' };
  }
  const phoneNumber = await secondFactor.verifiedPhoneOf(user.id);
  if (!phoneNumber) return { stepUp: 'setup' };
  const bound = await operation();
  if (code !== '') {
    await secondFactor.throttled(user.id, codePlaceOf(request), () => secondFactor.sms.check({ userId: user.id }, bound, code, { field: stepUpField, spend: false }));
    return { stepUp: 'confirmed' };
  }
  await secondFactor.sms.issue({ holder: { userId: user.id }, phoneNumber, language: user.language, operation: bound });
  secondFactor.smsOutbox.kick();
  request.log.info({ reason }, 'step-up: code sent by SMS');
  return { stepUp: 'sms', sentTo: maskedPhoneNumber(phoneNumber), expiresInSeconds: smsCodeLifetimeSeconds };
}
