import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { SecondFactorThrottleScope } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { ratePolicies, type RateLimiter, type RatePolicy } from '../../lib/rate-limiter';
import { isKnownSignInDevice } from '../notices/new-device';
import { noticeSecondFactorThrottled } from '../notices/notices.service';

/**
 * Where a second-factor code comes from, as the throttle weighs it. `signedIn`: the code comes
 * with a session (step-up, managing the factor), which passed a sign-in with a code: the owner's
 * own device. `log` is where a notice that could not be stored is written.
 */
export type CodePlace = { address: string; userAgent: string | undefined; signedIn: boolean; log: FastifyBaseLogger };

export function codePlaceOf(request: FastifyRequest): CodePlace {
  return { address: request.ip, userAgent: request.headers['user-agent'], signedIn: request.signedInUser !== null, log: request.log };
}

type Slot = [RatePolicy, string];

/** What the owner's notice says a refusal closes; the count per address across users tells nobody. */
const scopeOfRefusal = new Map<RatePolicy, SecondFactorThrottleScope>([
  [ratePolicies.failedSecondFactorCodesPerUserAndAddress, 'address'],
  [ratePolicies.failedSecondFactorCodesPerUserFromNewPlaces, 'new-places'],
  [ratePolicies.failedSecondFactorCodesPerUser, 'everywhere'],
]);

/**
 * The throttles every second-factor code passes, at sign-in and at step-up alike. A code takes a
 * slot in each count before it is checked, so fifty codes at once check at most the allowance;
 * a right code gives its slots back, a wrong one keeps them. The narrowest count comes first, so
 * an attacker stopped at their own address uses up nothing wider, and the owner's known devices
 * never meet the count that places new to them share.
 */
export class CodeThrottle {
  constructor(
    private readonly db: Database,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /** Runs `check` (which throws for a wrong code) within the throttles of `userId` at `place`. */
  async around<T>(userId: string, place: CodePlace, check: () => Promise<T>): Promise<T> {
    const taken = await this.take(userId, place, await this.slotsFor(userId, place));
    const result = await check();
    for (const [policy, subject] of taken) await this.rateLimiter.release(policy, subject);
    return result;
  }

  private async slotsFor(userId: string, place: CodePlace): Promise<Slot[]> {
    const known = place.signedIn || (await isKnownSignInDevice(this.db, userId, place.userAgent, place.address));
    return [
      [ratePolicies.failedSecondFactorCodesPerUserAndAddress, `${userId} ${place.address}`],
      [ratePolicies.failedSecondFactorCodesPerAddress, place.address],
      ...(known ? [] : [[ratePolicies.failedSecondFactorCodesPerUserFromNewPlaces, userId] satisfies Slot]),
      [ratePolicies.failedSecondFactorCodesPerUser, userId],
    ];
  }

  private async take(userId: string, place: CodePlace, slots: Slot[]): Promise<Slot[]> {
    const taken: Slot[] = [];
    try {
      for (const [policy, subject] of slots) {
        await this.rateLimiter.consume(policy, subject);
        taken.push([policy, subject]);
      }
      return taken;
    } catch (error) {
      // A refused code is not checked, so it keeps no slot in the counts that let it pass.
      for (const [policy, subject] of taken) await this.rateLimiter.release(policy, subject);
      const scope = scopeOfRefusal.get(slots[taken.length]?.[0] as RatePolicy);
      if (scope && error instanceof AppError && error.statusCode === 429) await this.tellOwner(userId, place, scope, error);
      throw error;
    }
  }

  /**
   * Tells the owner, once per quarter hour however many codes are refused, so that someone trying
   * codes (who therefore holds the password or a session) does not go unnoticed.
   */
  private async tellOwner(userId: string, place: CodePlace, scope: SecondFactorThrottleScope, refusal: AppError): Promise<void> {
    try {
      if (!(await this.rateLimiter.tryConsume(ratePolicies.secondFactorThrottleNotices, userId))) return;
      const retryAfter = Number(refusal.headers?.['retry-after']);
      await noticeSecondFactorThrottled(this.db, { userId, clientAddress: place.address, scope, secondsToWait: Number.isFinite(retryAfter) ? retryAfter : 15 * 60 });
    } catch (error) {
      // The refusal stands whether or not the notice could be stored.
      place.log.warn({ err: error }, 'second-factor throttle notice not stored');
    }
  }
}
