import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encode } from 'uqr';
import type { z } from 'zod';
import { staffRole } from '../../../shared/constants';
import {
  recoveryCodeSchema,
  recoveryCodesAnswerSchema,
  twoFactorCodeSchema,
  twoFactorEnrolmentAnswerSchema,
  twoFactorEnrolSchema,
  twoFactorPasswordAndCodeSchema,
} from '../../../shared/schemas/two-factor';
import { and, eq, ne } from 'drizzle-orm';
import { schema } from '../../db/client';
import { AppError, RequestValidationError, tooManyRequests } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { ratePolicies, type RatePolicy } from '../../lib/rate-limiter';
import { requireUser } from '../../plugins/access-guard';
import { codePlaceOf } from '../two-factor/code-throttle';
import { checkSignInDevice, forward, relay, type AuthEndpoint, type Dependencies } from './auth-relay';

const signInExpired = () => new AppError(401, 'sign_in_expired', 'Your sign-in has expired. Sign in again with your e-mail and password.');
const invalidPassword = () => {
  const message = 'The password is not correct';
  return new AppError(400, 'invalid_password', message, { password: message });
};
const invalidRecoveryCode = () => {
  const message = 'That recovery code is not right, or it was already used.';
  return new AppError(400, 'invalid_recovery_code', message, { code: message });
};

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues, 'body');
  return parsed.data;
}

/** better-auth's refusal code in a failed answer (`INVALID_PASSWORD`, `INVALID_CODE`, …). */
async function refusalCode(response: Response): Promise<string | undefined> {
  const body = (await response.clone().json().catch(() => null)) as { code?: string } | null;
  return body?.code;
}

/**
 * The password, checked by better-auth, counts against the same throttle as a failed sign-in
 * from this address: a stolen session cannot be used to guess the password here.
 */
async function withPasswordThrottle(request: FastifyRequest, deps: Dependencies, email: string, send: () => Promise<Response>): Promise<Response> {
  const throttle: [RatePolicy, string] = [ratePolicies.failedSignInsPerEmailAndAddress, `${email} ${request.ip}`];
  await deps.rateLimiter.consume(...throttle);
  const response = await send();
  if (!response.ok && (await refusalCode(response)) === 'INVALID_PASSWORD') throw invalidPassword();
  await deps.rateLimiter.release(...throttle);
  return response;
}

/** The otpauth address's QR code, one string of 0 and 1 per row, with the quiet zone apps expect. */
function qrModules(uri: string): string[] {
  return encode(uri, { ecc: 'M', border: 2 }).data.map((row) => row.map((dark) => (dark ? '1' : '0')).join(''));
}

/**
 * Starts an enrolment: better-auth makes the secret and ten recovery codes (stored encrypted, not
 * yet in force), and the person sees them once. Two-factor sign-in starts only when a first code
 * from the app confirms it (verify-totp); starting again before that replaces the secret.
 */
async function enrol(request: FastifyRequest, reply: FastifyReply, deps: Dependencies) {
  const { password } = parse(twoFactorEnrolSchema, request.body);
  const user = requireUser(request);
  if (user.twoFactorEnabled) throw new AppError(409, 'two_factor_already_on', 'Two-step verification is already on');
  const response = await withPasswordThrottle(request, deps, user.email, () => forward(request, deps, { password, method: 'totp' }));
  if (!response.ok) return relay(response, reply);
  const { totpURI, backupCodes } = (await response.json()) as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  void reply.header('cache-control', 'no-store');
  return reply.send(twoFactorEnrolmentAnswerSchema.parse({ secret, otpauthUri: totpURI, qrModules: qrModules(totpURI), recoveryCodes: backupCodes }));
}

/** The signed value of better-auth's cookie `name` (such as `two_factor`), or null when absent or forged. */
function signedCookieValue(cookieHeader: string | undefined, name: string, secret: string): string | null {
  for (const pair of (cookieHeader ?? '').split(/;\s*/)) {
    const equals = pair.indexOf('=');
    const key = pair.slice(0, equals);
    if (key !== `better-auth.${name}` && key !== `__Secure-better-auth.${name}`) continue;
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(equals + 1));
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const expected = createHmac('sha256', secret).update(value.slice(0, dot)).digest();
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected) ? value.slice(0, dot) : null;
  }
  return null;
}

/** The user whose sign-in waits for a second factor (better-auth's `two_factor` cookie, valid ten minutes). */
async function pendingSignInUserId(request: FastifyRequest, deps: Dependencies): Promise<string> {
  const context = await (await deps.auth()).$context;
  const identifier = signedCookieValue(request.headers.cookie, 'two_factor', context.secret);
  const challenge = identifier ? await context.internalAdapter.findVerificationValue(identifier) : null;
  if (!challenge || challenge.expiresAt <= new Date()) throw signInExpired();
  return challenge.value;
}

/** better-auth's refusals of a second factor at sign-in, in the bank's words. */
async function signInRefusal(response: Response, invalid: () => AppError): Promise<AppError | undefined> {
  if (response.ok) return undefined;
  const code = await refusalCode(response);
  if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE' || response.status === 409) return invalid();
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED') return tooManyRequests(15 * 60);
  if (code === 'INVALID_TWO_FACTOR_COOKIE' || code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return signInExpired();
  return undefined;
}

/**
 * A code from the authenticator app. Signed in, it confirms an enrolment: two-step verification
 * is on from then, and the session is replaced by one that passed it. Not signed in, it completes
 * a sign-in that the password began. Either way the bank checks the code first (throttle, one
 * use per code), then better-auth checks it again and does the rest.
 */
async function verifyCode(request: FastifyRequest, reply: FastifyReply, deps: Dependencies) {
  const { code } = parse(twoFactorCodeSchema, request.body);
  const signedIn = request.signedInUser;
  if (signedIn?.twoFactorEnabled) throw new AppError(409, 'two_factor_already_on', 'Two-step verification is already on');
  const userId = signedIn ? signedIn.id : await pendingSignInUserId(request, deps);
  await deps.secondFactor.useCode(userId, code, 'code', codePlaceOf(request));
  // No `trustDevice`: every sign-in asks for a code, on every device.
  const response = await forward(request, deps, { code });
  const refusal = await signInRefusal(response, () => new AppError(400, 'invalid_second_factor_code', 'That code is not right.', { code: 'That code is not right.' }));
  if (refusal) throw refusal;
  if (response.ok && signedIn) await endOtherSessions(deps, userId, response);
  if (response.ok && !signedIn) await checkSignInDevice(deps, request, response);
  return relay(response, reply);
}

/**
 * Two-step verification is now on. Sessions signed in elsewhere before it (with the password
 * only) end, so that every session left has passed a code: the one that confirmed it, which
 * better-auth has just replaced by a new one.
 */
async function endOtherSessions(deps: Dependencies, userId: string, confirmed: Response): Promise<void> {
  // The new session's token is in the cookie better-auth sets (its JSON still names the old one).
  const sessionCookie = confirmed.headers.getSetCookie().find((cookie) => /^(__Secure-)?better-auth\.session_token=[^;]/.test(cookie));
  const signed = decodeURIComponent(sessionCookie?.split(';')[0]?.split('=')[1] ?? '');
  const token = signed.slice(0, Math.max(0, signed.lastIndexOf('.')));
  await deps.db.transaction(async (tx) => {
    await tx.delete(schema.session).where(and(eq(schema.session.userId, userId), ne(schema.session.token, token)));
    await recordAudit(tx, { actorUserId: userId, action: 'user.two_factor_on', subjectType: 'user', subjectId: userId, detail: {} });
  });
  deps.sessions.forgetUser(userId);
}

/**
 * Completes a sign-in with one of the ten recovery codes instead of the app. A code works once:
 * better-auth removes it with a compare-and-set on the stored list, so of fifty requests with one
 * code at once, one signs in. Wrong codes count against the same throttle as wrong app codes.
 */
async function verifyRecoveryCode(request: FastifyRequest, reply: FastifyReply, deps: Dependencies) {
  const { code } = parse(recoveryCodeSchema, request.body);
  const userId = await pendingSignInUserId(request, deps);
  await deps.secondFactor.assertRecoveryCodesReadable(userId);
  const response = await deps.secondFactor.throttled(userId, codePlaceOf(request), async () => {
    const answer = await forward(request, deps, { code });
    const refusal = await signInRefusal(answer, invalidRecoveryCode);
    if (refusal) throw refusal;
    return answer;
  });
  if (response.ok) {
    await recordAudit(deps.db, { actorUserId: userId, action: 'user.recovery_code_used', subjectType: 'user', subjectId: userId, detail: {} });
    await checkSignInDevice(deps, request, response);
  }
  return relay(response, reply);
}

/** Ten new recovery codes in place of the old ones (all of which stop working): password and a current code. */
async function renewRecoveryCodes(request: FastifyRequest, reply: FastifyReply, deps: Dependencies) {
  const { password, code } = parse(twoFactorPasswordAndCodeSchema, request.body);
  const user = requireUser(request);
  if (!user.twoFactorEnabled) throw new AppError(409, 'two_factor_off', 'Two-step verification is off');
  await deps.secondFactor.useCode(user.id, code, 'code', codePlaceOf(request));
  const response = await withPasswordThrottle(request, deps, user.email, () => forward(request, deps, { password }));
  if (!response.ok) return relay(response, reply);
  const { backupCodes } = (await response.json()) as { backupCodes: string[] };
  await recordAudit(deps.db, { actorUserId: user.id, action: 'user.recovery_codes_renewed', subjectType: 'user', subjectId: user.id, detail: {} });
  void reply.header('cache-control', 'no-store');
  return reply.send(recoveryCodesAnswerSchema.parse({ recoveryCodes: backupCodes }));
}

/** A customer turns the app off (password and a current code); staff may not, the bank requires it of them. */
async function turnOff(request: FastifyRequest, reply: FastifyReply, deps: Dependencies) {
  const { password, code } = parse(twoFactorPasswordAndCodeSchema, request.body);
  const user = requireUser(request);
  if (user.role === staffRole) throw new AppError(403, 'staff_two_factor_required', 'Staff must keep two-step verification on');
  if (!user.twoFactorEnabled) throw new AppError(409, 'two_factor_off', 'Two-step verification is off');
  await deps.secondFactor.useCode(user.id, code, 'code', codePlaceOf(request));
  const response = await withPasswordThrottle(request, deps, user.email, () => forward(request, deps, { password }));
  if (response.ok) {
    deps.sessions.forgetUser(user.id);
    await recordAudit(deps.db, { actorUserId: user.id, action: 'user.two_factor_off', subjectType: 'user', subjectId: user.id, detail: {} });
  }
  return relay(response, reply);
}

/** The two-factor endpoints under /api/auth, for the table in auth.routes.ts. */
export const twoFactorEndpoints: AuthEndpoint[] = [
  { method: 'POST', url: '/api/auth/two-factor/enable', access: 'setup', summary: 'Start two-step verification: the password answers a new authenticator secret, its QR code and ten recovery codes (shown once)', schema: { body: twoFactorEnrolSchema }, handle: enrol },
  { method: 'POST', url: '/api/auth/two-factor/verify-totp', access: 'public-with-setup-session', summary: 'A code from the authenticator app: confirms an enrolment, or completes a sign-in; each code works once', schema: { body: twoFactorCodeSchema }, handle: verifyCode },
  { method: 'POST', url: '/api/auth/two-factor/verify-backup-code', access: 'public', summary: 'Complete a sign-in with a recovery code (each works once)', schema: { body: recoveryCodeSchema }, handle: verifyRecoveryCode },
  { method: 'POST', url: '/api/auth/two-factor/generate-backup-codes', access: 'customer', summary: 'Replace the recovery codes (password and a current code)', schema: { body: twoFactorPasswordAndCodeSchema }, handle: renewRecoveryCodes },
  { method: 'POST', url: '/api/auth/two-factor/disable', access: 'customer', summary: 'Turn two-step verification off (customers only; password and a current code)', schema: { body: twoFactorPasswordAndCodeSchema }, handle: turnOff },
];
