import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
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
  twoFactorReplaceSchema,
  isRecoveryCode,
  type RecoveryCodesAnswer,
  type TwoFactorEnrolmentAnswer,
} from '../../../shared/schemas/two-factor';
import type { SecondFactorChange } from '../../../shared/schemas/notifications';
import type { Executor } from '../../db/client';
import { AppError, tooManyRequests } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { ratePolicies, type RatePolicy } from '../../lib/rate-limiter';
import { noticeSecondFactorChange } from '../notices/notices.service';
import { confirmEnrolment, storeReplacement, swapInReplacement } from './factor-changes.repository';
import { newAuthenticator } from './new-authenticator';
import { noReplacementWaiting } from './second-factor';
import { requireSession } from '../../plugins/access-guard';
import type { SignedInUser } from '../auth/signed-in-user';
import { codePlaceOf } from './code-throttle';
import { authBodyBytesMax, checkSignInDevice, forward, relay, sessionCookie, type Dependencies } from '../auth/auth-relay';
import { signedSessionValue, supersedeOtherSessions } from '../auth/session-generation';

const signInExpired = () => new AppError(401, 'sign_in_expired', 'Your sign-in has expired. Sign in again with your e-mail and password.');
const invalidPassword = () => {
  const message = 'The password is not correct';
  return new AppError(400, 'invalid_password', message, { password: message });
};
const invalidRecoveryCode = () => {
  const message = 'That recovery code is not right, or it was already used.';
  return new AppError(400, 'invalid_recovery_code', message, { code: message });
};

/** better-auth's refusal code in a failed answer (`INVALID_PASSWORD`, `INVALID_CODE`, …). */
async function refusalCode(response: Response): Promise<string | undefined> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
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
async function enrol(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: z.output<typeof twoFactorEnrolSchema>) {
  const { password } = body;
  const { user } = requireSession(request);
  if (user.twoFactorEnabled) throw new AppError(409, 'two_factor_already_on', 'Two-step verification is already on');
  const response = await withPasswordThrottle(request, deps, user.email, () => forward(request, deps, { password, method: 'totp' }));
  if (!response.ok) return relay(response, reply);
  const { totpURI, backupCodes } = (await response.json()) as { totpURI: string; backupCodes: string[] };
  return sendNewAuthenticator(reply, totpURI, backupCodes);
}

/** A new app's secret, its QR code and its recovery codes, shown once and never stored by a cache. */
function sendNewAuthenticator(reply: FastifyReply, otpauthUri: string, recoveryCodes: string[]) {
  const secret = new URL(otpauthUri).searchParams.get('secret') ?? '';
  void reply.header('cache-control', 'no-store');
  return reply.send({ secret, otpauthUri, qrModules: qrModules(otpauthUri), recoveryCodes } satisfies TwoFactorEnrolmentAnswer);
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
 * A code from the authenticator app. Signed in, it confirms an enrolment (`confirmEnrolmentWith`).
 * Not signed in, it completes a sign-in that the password began: the bank checks the code first
 * (throttle, one use per code), then better-auth checks it again and makes the session.
 */
async function verifyCode(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: z.output<typeof twoFactorCodeSchema>) {
  const { code } = body;
  const signedIn = request.signedInUser;
  if (signedIn?.twoFactorEnabled) throw new AppError(409, 'two_factor_already_on', 'Two-step verification is already on');
  if (signedIn) return confirmEnrolmentWith(request, reply, deps, requireSession(request), code);
  const userId = await pendingSignInUserId(request, deps);
  await deps.secondFactor.useCode(userId, code, 'code', codePlaceOf(request));
  // No `trustDevice`: every sign-in asks for a code, on every device.
  const response = await forward(request, deps, { code: await deps.secondFactor.signInCompletionCode(userId) });
  const refusal = await signInRefusal(response, () => new AppError(400, 'invalid_second_factor_code', 'That code is not right.', { code: 'That code is not right.' }));
  if (refusal) throw refusal;
  if (response.ok) await checkSignInDevice(deps, request, response);
  return relay(response, reply);
}

/**
 * The first code of a new app turns two-step verification on. In one transaction: the app and
 * the user's flag on, the user's session generation raised (every session made before, with the
 * password only, ends, including one whose sign-in is still in flight), this session given a new
 * token in the new generation, the audit event and the owner's notice.
 */
async function confirmEnrolmentWith(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, session: { sessionId: string; user: SignedInUser }, code: string) {
  const { user } = session;
  await deps.secondFactor.useCode(user.id, code, 'code', codePlaceOf(request));
  const kept = await deps.db.transaction(async (tx) => {
    if (!(await confirmEnrolment(tx, user.id))) throw new AppError(409, 'two_factor_already_on', 'Two-step verification is already on');
    const renewed = await supersedeOtherSessions(tx, user.id, session.sessionId);
    await recordFactorChange(tx, request, user, 'two-factor-on');
    return renewed;
  });
  return sendRenewedSession(reply, deps, user.id, kept);
}

/** The audit action of each change to a second factor, as the trail has always named it. */
const auditActions: Record<SecondFactorChange, string> = {
  'two-factor-on': 'user.two_factor_on',
  'two-factor-replaced': 'user.two_factor_replaced',
  'two-factor-off': 'user.two_factor_off',
  'recovery-codes-renewed': 'user.recovery_codes_renewed',
};

/** The audit event and the owner's notice (in the app and by e-mail) of a change to their second factor, in its transaction. */
async function recordFactorChange(tx: Executor, request: FastifyRequest, user: { id: string; name: string }, change: SecondFactorChange) {
  await recordAudit(tx, { actorUserId: user.id, action: auditActions[change], subjectType: 'user', subjectId: user.id, detail: {} });
  await noticeSecondFactorChange(tx, user, change, request.ip);
}

/**
 * After a change that superseded the user's other sessions: this instance's cache forgets them at
 * once (another instance's within its second), and this session's cookie carries its new token.
 */
async function sendRenewedSession(reply: FastifyReply, deps: Dependencies, userId: string, kept: { token: string; expiresAt: Date }) {
  deps.sessions.forgetUser(userId);
  const context = await (await deps.auth()).$context;
  void reply.header('set-cookie', sessionCookie(deps.publicUrl, signedSessionValue(kept.token, context.secret), (kept.expiresAt.getTime() - Date.now()) / 1000));
  void reply.header('cache-control', 'no-store');
  return reply.send({ status: true });
}

/**
 * Completes a sign-in with one of the ten recovery codes instead of the app. A code works once:
 * better-auth removes it with a compare-and-set on the stored list, so of fifty requests with one
 * code at once, one signs in. Wrong codes count against the same throttle as wrong app codes.
 */
async function verifyRecoveryCode(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: z.output<typeof recoveryCodeSchema>) {
  const { code } = body;
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
async function renewRecoveryCodes(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: z.output<typeof twoFactorPasswordAndCodeSchema>) {
  const { password, code } = body;
  const { user } = requireSession(request);
  if (!user.twoFactorEnabled) throw new AppError(409, 'two_factor_off', 'Two-step verification is off');
  await deps.secondFactor.useCode(user.id, code, 'code', codePlaceOf(request));
  const response = await withPasswordThrottle(request, deps, user.email, () => forward(request, deps, { password }));
  if (!response.ok) return relay(response, reply);
  const { backupCodes } = (await response.json()) as { backupCodes: string[] };
  await deps.db.transaction((tx) => recordFactorChange(tx, request, user, 'recovery-codes-renewed'));
  void reply.header('cache-control', 'no-store');
  return reply.send({ recoveryCodes: backupCodes } satisfies RecoveryCodesAnswer);
}

/** A customer turns the app off (password and a current code); staff may not, the bank requires it of them. */
async function turnOff(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: z.output<typeof twoFactorPasswordAndCodeSchema>) {
  const { password, code } = body;
  const { user } = requireSession(request);
  if (user.role === staffRole) throw new AppError(403, 'staff_two_factor_required', 'Staff must keep two-step verification on');
  if (!user.twoFactorEnabled) throw new AppError(409, 'two_factor_off', 'Two-step verification is off');
  await deps.secondFactor.useCode(user.id, code, 'code', codePlaceOf(request));
  const response = await withPasswordThrottle(request, deps, user.email, () => forward(request, deps, { password }));
  if (response.ok) {
    deps.sessions.forgetUser(user.id);
    await deps.db.transaction((tx) => recordFactorChange(tx, request, user, 'two-factor-off'));
  }
  return relay(response, reply);
}

/**
 * Starts replacing the authenticator app (a new phone, or an app the owner no longer trusts):
 * the password and a fresh code of the current app, or one of the recovery codes when the phone
 * is lost. Answers the new app's secret, QR code and recovery codes, shown once; the current app
 * and recovery codes keep working until the new app's first code confirms it
 * (`confirmReplacement`), and a replacement not confirmed within a quarter hour lapses. Staff may
 * replace their app as customers do.
 */
async function startReplacement(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: z.output<typeof twoFactorReplaceSchema>) {
  const { password, code } = body;
  const { user } = requireSession(request);
  if (!user.twoFactorEnabled) throw new AppError(409, 'two_factor_off', 'Two-step verification is off');
  const auth = await deps.auth();
  const headers = fromNodeHeaders(request.headers);
  const checked = await withPasswordThrottle(request, deps, user.email, () => auth.api.verifyPassword({ body: { password }, headers, asResponse: true }));
  if (!checked.ok) return relay(checked, reply);
  await useCurrentFactor(request, deps, user.id, code);
  const replacement = await newAuthenticator(deps.auth, user.email);
  await deps.db.transaction(async (tx) => {
    if (!(await storeReplacement(tx, user.id, replacement.stored))) throw new AppError(409, 'two_factor_off', 'Two-step verification is off');
    await recordAudit(tx, { actorUserId: user.id, action: 'user.two_factor_replacement_started', subjectType: 'user', subjectId: user.id, detail: {} });
  });
  return sendNewAuthenticator(reply, replacement.otpauthUri, replacement.recoveryCodes);
}

/**
 * Spends a code of the user's current factor: a code of the app (once per code, throttled), or a
 * recovery code, which better-auth removes from the list with a compare-and-set (throttled on
 * the same allowance as codes of the app).
 */
async function useCurrentFactor(request: FastifyRequest, deps: Dependencies, userId: string, code: string): Promise<void> {
  if (!isRecoveryCode(code)) return deps.secondFactor.useCode(userId, code, 'code', codePlaceOf(request));
  await deps.secondFactor.assertRecoveryCodesReadable(userId);
  const auth = await deps.auth();
  await deps.secondFactor.throttled(userId, codePlaceOf(request), async () => {
    const response = await auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers: fromNodeHeaders(request.headers), asResponse: true });
    if (!response.ok) throw invalidRecoveryCode();
  });
  await recordAudit(deps.db, { actorUserId: userId, action: 'user.recovery_code_used', subjectType: 'user', subjectId: userId, detail: {} });
}

/**
 * The new app's first code puts the replacement in force. In one transaction: its secret and
 * recovery codes take the place of the old ones, the user's session generation is raised (every
 * other session ends), this session gets a new token in the new generation, and the audit event
 * and the owner's notice are written.
 */
async function confirmReplacement(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: z.output<typeof twoFactorCodeSchema>) {
  const { code } = body;
  const session = requireSession(request);
  const { user } = session;
  if (!user.twoFactorEnabled) throw new AppError(409, 'two_factor_off', 'Two-step verification is off');
  const { step, replacementSecret } = await deps.secondFactor.matchReplacementCode(user.id, code, 'code', codePlaceOf(request));
  const kept = await deps.db.transaction(async (tx) => {
    if (!(await swapInReplacement(tx, user.id, replacementSecret, step))) throw noReplacementWaiting();
    const renewed = await supersedeOtherSessions(tx, user.id, session.sessionId);
    await recordFactorChange(tx, request, user, 'two-factor-replaced');
    return renewed;
  });
  return sendRenewedSession(reply, deps, user.id, kept);
}

/**
 * Two-step verification's endpoints under /api/auth, ordinary routes like better-auth's others
 * (auth.routes.ts). Starting an enrolment and the code that confirms it let a session still being
 * set up through (a staff member's before their app is set up): see decision 041.
 */
export async function twoFactorRoutes(instance: FastifyInstance, deps: Dependencies): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const bodyLimit = authBodyBytesMax;
  app.post('/api/auth/two-factor/enable', { bodyLimit, config: { access: 'setup' }, schema: { body: twoFactorEnrolSchema, response: { 200: twoFactorEnrolmentAnswerSchema } } }, (request, reply) =>
    enrol(request, reply, deps, request.body),
  );
  app.post('/api/auth/two-factor/verify-totp', { bodyLimit, config: { access: 'public-with-setup-session' }, schema: { body: twoFactorCodeSchema } }, (request, reply) =>
    verifyCode(request, reply, deps, request.body),
  );
  app.post('/api/auth/two-factor/verify-backup-code', { bodyLimit, config: { access: 'public' }, schema: { body: recoveryCodeSchema } }, (request, reply) =>
    verifyRecoveryCode(request, reply, deps, request.body),
  );
  app.post(
    '/api/auth/two-factor/generate-backup-codes',
    { bodyLimit, config: { access: 'customer' }, schema: { body: twoFactorPasswordAndCodeSchema, response: { 200: recoveryCodesAnswerSchema } } },
    (request, reply) => renewRecoveryCodes(request, reply, deps, request.body),
  );
  app.post(
    '/api/auth/two-factor/replace',
    { bodyLimit, config: { access: 'customer' }, schema: { body: twoFactorReplaceSchema, response: { 200: twoFactorEnrolmentAnswerSchema } } },
    (request, reply) => startReplacement(request, reply, deps, request.body),
  );
  app.post('/api/auth/two-factor/confirm-replacement', { bodyLimit, config: { access: 'customer' }, schema: { body: twoFactorCodeSchema } }, (request, reply) =>
    confirmReplacement(request, reply, deps, request.body),
  );
  app.post('/api/auth/two-factor/disable', { bodyLimit, config: { access: 'customer' }, schema: { body: twoFactorPasswordAndCodeSchema } }, (request, reply) =>
    turnOff(request, reply, deps, request.body),
  );
}
