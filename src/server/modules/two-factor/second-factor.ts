import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { secondFactorCodeHeaderName } from '../../../shared/second-factor';
import { schema, type Database } from '../../db/client';
import { AppError } from '../../errors';
import { hasStoredAnswer, idempotencyKeyOf, requestFingerprint, type KeyClaim } from '../../lib/idempotency';
import { ratePolicies, type RateLimiter } from '../../lib/rate-limiter';
import { requireUser } from '../../plugins/access-guard';
import type { AuthLoader } from '../auth/auth-loader';
import { waitingReplacement } from './factor-changes.repository';
import { base32Decode, matchingTimeStep } from './totp';

/** The header a request carries a fresh code in, for an operation that asks for one (step-up). */
export const secondFactorCodeHeader = secondFactorCodeHeaderName.toLowerCase();
/** The field a refused step-up code is reported under, as the web app's code prompt names it. */
export const stepUpField = 'secondFactorCode';

/** The messages a person reads: the web app shows them as they are, or their Bangla by the same words. */
export const secondFactorMessages = {
  invalid: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  used: 'That code was already used. Wait for the next code in your authenticator app.',
  required: 'Confirm with the 6-digit code from your authenticator app.',
  enrolmentRequired: 'Turn on two-step verification in your profile to do this.',
} as const;

const invalidCode = (field: string) => new AppError(400, 'invalid_second_factor_code', secondFactorMessages.invalid, { [field]: secondFactorMessages.invalid });
export const noReplacementWaiting = () => new AppError(409, 'no_replacement_waiting', 'No new authenticator app is waiting to be confirmed, or it waited too long. Start the replacement again.');
const usedCode = (field: string) => new AppError(400, 'second_factor_code_used', secondFactorMessages.used, { [field]: secondFactorMessages.used });

declare module 'fastify' {
  interface FastifyInstance {
    secondFactor: SecondFactor;
  }
}

/**
 * Codes from a user's authenticator app, checked by the bank: throttled per user (a wrong or
 * reused code keeps its slot), and each 30-second code accepted once. better-auth's plugin keeps
 * the secret; this reads it with the same server secret, so both agree on every code.
 */
export class SecondFactor {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthLoader,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /** The user's authenticator key, or null when they never started an enrolment. */
  private async keyOf(userId: string): Promise<Uint8Array | null> {
    const [row] = await this.db.select({ secret: schema.twoFactor.secret }).from(schema.twoFactor).where(eq(schema.twoFactor.userId, userId));
    return row ? this.decryptKey(row.secret) : null;
  }

  /** An authenticator key as stored (encrypted with the server's secret, as better-auth stores it). */
  private async decryptKey(stored: string): Promise<Uint8Array> {
    const context = await (await this.auth()).$context;
    // Imported here, where better-auth is loaded anyway: at the top it would load with every start.
    const { symmetricDecrypt } = await import('better-auth/crypto');
    const secret = await symmetricDecrypt({ key: context.secretConfig, data: stored });
    // The plugin stores either the raw secret or, for imported secrets, "base32:" and its base32.
    return secret.startsWith('base32:') ? base32Decode(secret.slice('base32:'.length)) : Buffer.from(secret, 'utf8');
  }

  /**
   * Accepts `code` for `userId` once: the code must be the current one (or the one before or
   * after) and of a later time step than any code this user used before. The step is claimed in
   * one statement, so of two requests with one code, one wins. A refusal names `field`.
   */
  async useCode(userId: string, code: string, field: string): Promise<void> {
    const throttle = ratePolicies.failedSecondFactorCodesPerUser;
    await this.rateLimiter.consume(throttle, userId);
    const key = await this.keyOf(userId);
    const step = key ? matchingTimeStep(key, code, Date.now()) : null;
    if (step === null) throw invalidCode(field);
    const last = schema.twoFactor.lastUsedTimeStep;
    const claimed = await this.db
      .update(schema.twoFactor)
      .set({ lastUsedTimeStep: step })
      .where(and(eq(schema.twoFactor.userId, userId), or(isNull(last), lt(last, step))))
      .returning({ id: schema.twoFactor.id });
    if (claimed.length === 0) throw usedCode(field);
    await this.rateLimiter.release(throttle, userId);
  }

  /**
   * Checks `code` against the replacement app a user started (`factor-changes.repository.ts`)
   * and answers its time step with the stored replacement, for the caller to swap in with a
   * compare-and-set on it. Throttled like `useCode`, on the same allowance. A replacement that
   * never started or lapsed answers 409: start again.
   */
  async matchReplacementCode(userId: string, code: string, field: string): Promise<{ step: number; replacementSecret: string }> {
    const throttle = ratePolicies.failedSecondFactorCodesPerUser;
    await this.rateLimiter.consume(throttle, userId);
    const replacement = await waitingReplacement(this.db, userId);
    if (!replacement) {
      await this.rateLimiter.release(throttle, userId);
      throw noReplacementWaiting();
    }
    const step = matchingTimeStep(await this.decryptKey(replacement.secret), code, Date.now());
    if (step === null) throw invalidCode(field);
    await this.rateLimiter.release(throttle, userId);
    return { step, replacementSecret: replacement.secret };
  }

  /** Whether an operation under this Idempotency-Key was already done (its answer is stored). */
  alreadyDone(claim: KeyClaim): Promise<boolean> {
    return hasStoredAnswer(this.db, claim);
  }
}

/**
 * Step-up: refuses the request (403 `second_factor_required`) unless it carries a fresh code from
 * the signed-in user's authenticator app in the `Second-Factor-Code` header; a user who has no
 * app gets 403 `second_factor_enrolment_required`. `reason` says why, in the log. A resend of an
 * operation already done under the same Idempotency-Key passes without a code: it receives the
 * stored answer and moves no money, and the code it carried was spent by the first attempt.
 * The code travels in a header, not the body, so it is not part of the operation's fingerprint.
 * `refusedAnyway` answers the refusal the operation would get now regardless of a code: that is
 * given instead of asking for one.
 */
export async function requireFreshSecondFactor(request: FastifyRequest, reason: string, refusedAnyway?: () => Promise<AppError | undefined>): Promise<void> {
  const user = requireUser(request);
  const key = idempotencyKeyOf(request);
  const secondFactor = request.server.secondFactor;
  if (key !== undefined && (await secondFactor.alreadyDone({ userId: user.id, key, fingerprint: requestFingerprint(request) }))) return;
  const refusal = await refusedAnyway?.();
  if (refusal) throw refusal;
  if (!user.twoFactorEnabled) {
    request.log.info({ reason }, 'step-up refused: no authenticator app');
    throw new AppError(403, 'second_factor_enrolment_required', secondFactorMessages.enrolmentRequired);
  }
  const header = request.headers[secondFactorCodeHeader];
  const code = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (code === '') {
    request.log.info({ reason }, 'step-up: code asked for');
    throw new AppError(403, 'second_factor_required', secondFactorMessages.required);
  }
  if (!/^\d{6}$/.test(code)) throw invalidCode(stepUpField);
  await secondFactor.useCode(user.id, code, stepUpField);
}
