import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  doneAnswerSchema,
  loginSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  registerSchema,
  resetLinkAnswerSchema,
  signUpCodeRequestSchema,
  type ChangePasswordInput,
  type LoginInput,
  type PasswordResetInput,
  type PasswordResetRequestInput,
  type RegisterInput,
  type ResetLinkAnswer,
} from '../../../shared/schemas/auth';
import { stepUpCheckAnswerSchema } from '../../../shared/schemas/two-factor';
import { imageUrl, personName } from '../../../shared/schemas/fields';
import { schema, type Database } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { ratePolicies, type RatePolicy } from '../../lib/rate-limiter';
import { requireUser, secondsUntil } from '../../plugins/access-guard';
import { assertUsableUpload } from '../accounts/accounts.service';
import { claimUpload, findUpload, uploadIdFromUrl } from '../images/images.repository';
import { noticePasswordChanged, noticeThrottledSignIn, raiseNotices } from '../notices/notices.service';
import { authBodyBytesMax, checkSignInDevice, expiredSessionCookie, forward, relay, type Dependencies } from './auth-relay';
import { findPasswordWeakness } from './password-policy';
import { sessionCookieIn } from './session-cookie';
import { checkSignUpPhone, phoneOfSignUp, sendSignUpCode, storeSignUpPhone } from './sign-up-by-phone';

/** A body that carries nothing the endpoint reads: any fields are dropped, and a NUL or a deep array is still refused. */
export const noFieldsSchema = z.object({}).nullish();

/**
 * better-auth's standard endpoints under /api/auth, each an ordinary route with its access rule
 * (applied by the guard's hook, as for every route) and its zod schema (checked by the app's
 * validator), and the bank's own rules in front: the common-password list and throttling counted
 * in PostgreSQL. Only the routes registered here and in the two-factor module reach better-auth.
 * Everything else it offers (the admin plugin's set-role, impersonate-user and remove-user,
 * change-email, …) would bypass the audit trail, the maker-checker rules and the password policy,
 * so it answers 404 like any unknown address; the server calls `auth.api` directly where it needs
 * those powers. Which routes let a session still being set up through is in decision 041.
 */
export async function authRoutes(instance: FastifyInstance, deps: Dependencies): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const bodyLimit = authBodyBytesMax;
  app.post('/api/auth/sign-up/phone-code', { bodyLimit, config: { access: 'public' }, schema: { body: signUpCodeRequestSchema, response: { 200: stepUpCheckAnswerSchema } } }, (request, reply) =>
    sendSignUpCode(request, reply, deps, request.body),
  );
  app.post('/api/auth/sign-up/email', { bodyLimit, config: { access: 'public' }, schema: { body: registerSchema } }, (request, reply) => signUp(request, reply, deps, request.body));
  app.post('/api/auth/sign-in/email', { bodyLimit, config: { access: 'public' }, schema: { body: loginSchema } }, (request, reply) => signIn(request, reply, deps, request.body));
  app.get('/api/auth/get-session', { config: { access: 'public-with-setup-session' } }, (request, reply) => getSession(request, reply, deps));
  app.post('/api/auth/update-user', { bodyLimit, config: { access: 'customer' }, schema: { body: updateUserSchema } }, (request, reply) => updateUser(request, reply, deps, request.body));
  app.post('/api/auth/change-password', { bodyLimit, config: { access: 'setup' }, schema: { body: changePasswordSchema } }, (request, reply) => changePassword(request, reply, deps, request.body));
  app.post('/api/auth/sign-out', { bodyLimit, config: { access: 'public' }, schema: { body: noFieldsSchema } }, (request, reply) => signOut(request, reply, deps));
  app.post('/api/auth/sign-out-everywhere', { bodyLimit, config: { access: 'customer' }, schema: { body: noFieldsSchema, response: { 200: doneAnswerSchema } } }, (request, reply) =>
    signOutEverywhere(request, reply, deps),
  );
  app.post('/api/auth/request-password-reset', { bodyLimit, config: { access: 'public' }, schema: { body: passwordResetRequestSchema, response: { 200: resetLinkAnswerSchema } } }, (request, reply) =>
    requestPasswordReset(request, reply, deps, request.body),
  );
  app.post('/api/auth/reset-password', { bodyLimit, config: { access: 'public' }, schema: { body: passwordResetSchema, response: { 200: doneAnswerSchema } } }, (request, reply) =>
    resetPassword(request, reply, deps, request.body),
  );
}

async function signOut(request: FastifyRequest, reply: FastifyReply, deps: Dependencies) {
  deps.sessions.forgetCookie(request.headers.cookie);
  return relay(await forward(request, deps, {}), reply);
}

async function signUp(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: RegisterInput) {
  const { phoneNumber, phoneCode, ...registration } = body;
  const phone = phoneOfSignUp({ phoneNumber, phoneCode });
  // Throttled before the strength estimate, which costs real CPU time for each attempt.
  await deps.rateLimiter.consume(ratePolicies.signUpsPerAddress, request.ip);
  const weakness = await findPasswordWeakness(registration.password, { email: registration.email, name: registration.name });
  if (weakness) throw new AppError(400, 'weak_password', weakness, { password: weakness });
  const image = registration.image;
  if (image !== undefined) await assertUnclaimedAvatar(deps.db, image);
  if (phone) await checkSignUpPhone(deps, phone, request.ip);
  const response = await forward(request, deps, registration);
  if (response.ok && (image !== undefined || phone)) {
    const [created] = await deps.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, registration.email));
    if (created && image !== undefined) await claimUpload(deps.db, image, created.id);
    if (created && phone) await storeSignUpPhone(deps, created.id, phone, request.ip, request.log);
  }
  return relay(response, reply);
}

async function signIn(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: LoginInput) {
  const email = body.email;
  // Every attempt takes a slot in each throttle before the password is checked, so a hundred
  // attempts at once check at most the allowance; only failures keep theirs. The narrowest
  // throttle comes first, so an attacker throttled at their own address uses up nothing wider.
  const throttles: Array<[RatePolicy, string]> = [
    [ratePolicies.failedSignInsPerEmailAndAddress, `${email} ${request.ip}`],
    [ratePolicies.failedSignInsPerAddress, request.ip],
    [ratePolicies.failedSignInsPerEmail, email],
  ];
  const taken: Array<[RatePolicy, string]> = [];
  try {
    for (const [policy, subject] of throttles) {
      await deps.rateLimiter.consume(policy, subject);
      taken.push([policy, subject]);
    }
  } catch (error) {
    // A refused attempt checks no password, so it keeps no slot in the throttles that let it pass.
    for (const [policy, subject] of taken) await deps.rateLimiter.release(policy, subject);
    const [refusedBy] = throttles[taken.length] ?? [];
    if (refusedBy && refusedBy !== ratePolicies.failedSignInsPerAddress) await tellOwner(deps, request, email, refusedBy, error);
    throw error;
  }
  const response = await forward(request, deps, body);
  if (response.status === 401) deps.metrics.signInFailed();
  else for (const [policy, subject] of taken) await deps.rateLimiter.release(policy, subject);
  if (response.ok) await checkSignInDevice(deps, request, response);
  return relay(response, reply);
}

/**
 * A throttle that counts one person's e-mail stopped a sign-in: the owner is told by e-mail, so
 * that a guesser elsewhere, or a lock-out from everywhere, does not go unnoticed. The throttle
 * that counts one address across many e-mails tells nobody: it would write to every person a
 * credential-stuffing list names.
 */
async function tellOwner(deps: Dependencies, request: FastifyRequest, email: string, refusedBy: RatePolicy, refusal: unknown) {
  const retryAfter = refusal instanceof AppError ? Number(refusal.headers?.['retry-after']) : NaN;
  try {
    await noticeThrottledSignIn(deps.db, {
      email,
      clientAddress: request.ip,
      refusedEverywhere: refusedBy === ratePolicies.failedSignInsPerEmail,
      secondsToWait: Number.isFinite(retryAfter) ? retryAfter : refusedBy.windowMs / 1000,
    });
  } catch (error) {
    // The refusal stands whether or not the notice could be stored.
    request.log.warn({ err: error }, 'sign-in throttle notice not stored');
  }
}

/** A new user's photo must be an avatar sent before sign-up that nobody has claimed. */
async function assertUnclaimedAvatar(db: Database, url: string): Promise<void> {
  const id = uploadIdFromUrl(url);
  const upload = id ? await findUpload(db, id) : undefined;
  if (!upload || upload.ownerUserId !== null || upload.purpose !== 'avatar') {
    const message = 'Profile Photo: upload the image again';
    throw new AppError(400, 'invalid_input', message, { image: message });
  }
}

/** Profile changes follow the registration rules: a real name and a photo that is one of our uploads. */
const updateUserSchema = z.object({ name: personName('Name is required').optional(), image: imageUrl('Profile Photo is required').optional() });

async function updateUser(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: z.output<typeof updateUserSchema>) {
  const user = requireUser(request);
  if (body.image) await assertUsableUpload(deps.db, body.image, user, 'image', 'Profile Photo');
  const response = await forward(request, deps, body);
  if (response.ok && body.image) await claimUpload(deps.db, body.image, user.id);
  // The name and photo the sessions of this user carry change with it.
  if (response.ok) deps.sessions.forgetUser(user.id);
  const changed = [...(body.name !== undefined && body.name !== user.name ? ['name'] : []), ...(body.image !== undefined && body.image !== user.image ? ['image'] : [])];
  if (response.ok && changed.length > 0) {
    const name = body.name ?? user.name;
    await raiseNotices(deps.db, [{ userId: user.id, name, kind: 'profile-changed', params: { fields: changed.join(',') }, at: new Date() }]);
  }
  return relay(response, reply);
}

/**
 * A signed-in user replaces their password: the current one proves it is them (a wrong one counts
 * against the same throttle as a failed sign-in), the new one passes the registration policy, and
 * every other session of theirs ends. A password someone else chose stops being required to change.
 */
async function changePassword(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: ChangePasswordInput) {
  const user = requireUser(request);
  const { currentPassword, newPassword } = body;
  if (newPassword === currentPassword) {
    const message = 'The new password must differ from the current one';
    throw new AppError(400, 'invalid_input', message, { newPassword: message });
  }
  const weakness = await findPasswordWeakness(newPassword, { email: user.email, name: user.name });
  if (weakness) throw new AppError(400, 'weak_password', weakness, { newPassword: weakness });
  const throttle: [RatePolicy, string] = [ratePolicies.failedSignInsPerEmailAndAddress, `${user.email} ${request.ip}`];
  await deps.rateLimiter.consume(...throttle);
  const response = await forward(request, deps, { currentPassword, newPassword, revokeOtherSessions: true });
  if (!response.ok) {
    const refusal = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null;
    if (refusal?.code === 'INVALID_PASSWORD') {
      const message = 'The current password is not correct';
      throw new AppError(400, 'invalid_password', message, { currentPassword: message });
    }
    await deps.rateLimiter.release(...throttle);
    return relay(response, reply);
  }
  await deps.rateLimiter.release(...throttle);
  await deps.db.transaction(async (tx) => {
    await tx.update(schema.user).set({ mustChangePassword: false, updatedAt: new Date() }).where(eq(schema.user.id, user.id));
    await recordAudit(tx, { actorUserId: user.id, action: 'user.password_change', subjectType: 'user', subjectId: user.id, detail: { forced: user.mustChangePassword } });
    await noticePasswordChanged(tx, user, request.ip);
  });
  deps.sessions.forgetUser(user.id);
  if (user.mustChangePassword && deps.staffCredentialsPath) fs.rmSync(deps.staffCredentialsPath, { force: true });
  return relay(response, reply);
}

/** The one answer to a request for a link, whether or not the e-mail is registered, so the form cannot tell who banks here. */
export const resetLinkAnswer = {
  status: true,
  message: 'If this e-mail belongs to a Padma Bank user, a link to set a new password is on its way. It works once, for 30 minutes.',
} as const satisfies ResetLinkAnswer;

/**
 * Sends a link to set a new password (better-auth makes the token, stores its hash and calls the
 * bank's mail outbox). Past the allowance for one e-mail address the answer stays the same and
 * nothing is sent, so the form cannot be used to flood someone's inbox.
 */
async function requestPasswordReset(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: PasswordResetRequestInput) {
  await deps.rateLimiter.consume(ratePolicies.passwordResetRequestsPerAddress, request.ip);
  try {
    await deps.rateLimiter.consume(ratePolicies.passwordResetRequestsPerEmail, body.email);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) return reply.send(resetLinkAnswer);
    throw error;
  }
  const response = await forward(request, deps, { email: body.email });
  if (!response.ok) return relay(response, reply);
  return reply.send(resetLinkAnswer);
}

const invalidResetLink = () => {
  const message = 'This link has expired or was already used. Ask for a new one.';
  return new AppError(400, 'invalid_token', message, { token: message });
};

/**
 * Sets a new password with the token of an e-mailed link: the token works once and for 30
 * minutes, the password follows the registration rules, and every session of the user ends.
 * The user is told by e-mail, as after any password change.
 */
async function resetPassword(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: PasswordResetInput) {
  await deps.rateLimiter.consume(ratePolicies.passwordResetsPerAddress, request.ip);
  const { token, newPassword } = body;
  const context = await (await deps.auth()).$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  const user = verification && verification.expiresAt > new Date() ? await context.internalAdapter.findUserById(verification.value) : null;
  if (!user) throw invalidResetLink();
  const weakness = await findPasswordWeakness(newPassword, { email: user.email, name: user.name });
  if (weakness) throw new AppError(400, 'weak_password', weakness, { newPassword: weakness });
  // better-auth consumes the token and sets the password together: of two tries at once, one wins.
  const response = await forward(request, deps, { token, newPassword });
  if (!response.ok) {
    const refusal = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null;
    if (refusal?.code === 'INVALID_TOKEN') throw invalidResetLink();
    return relay(response, reply);
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(schema.user).set({ mustChangePassword: false, updatedAt: new Date() }).where(eq(schema.user.id, user.id));
    await recordAudit(tx, { actorUserId: user.id, action: 'user.password_reset', subjectType: 'user', subjectId: user.id, detail: {} });
    await noticePasswordChanged(tx, user, request.ip);
  });
  deps.sessions.forgetUser(user.id);
  return reply.send({ status: true });
}

/**
 * Ends every session of the signed-in user, this one included: for a phone left signed in
 * somewhere, or a password typed on a shared computer.
 */
async function signOutEverywhere(request: FastifyRequest, reply: FastifyReply, deps: Dependencies) {
  const user = requireUser(request);
  await deps.db.transaction(async (tx) => {
    await tx.delete(schema.session).where(eq(schema.session.userId, user.id));
    await recordAudit(tx, { actorUserId: user.id, action: 'user.sign_out_everywhere', subjectType: 'user', subjectId: user.id, detail: {} });
  });
  deps.sessions.forgetUser(user.id);
  void reply.header('set-cookie', expiredSessionCookie(deps.publicUrl));
  return reply.send({ status: true });
}

/**
 * Who is signed in, by the bank's own session rule (idle timeout, absolute end, disabled users),
 * in better-auth's shape. A cookie that no longer names a usable session is cleared, so that the
 * browser stops sending it.
 */
async function getSession(request: FastifyRequest, reply: FastifyReply, deps: Dependencies) {
  void reply.header('cache-control', 'no-store');
  const user = request.signedInUser;
  if (!user || !request.sessionEndsAt) {
    if (sessionCookieIn(request.headers.cookie)) void reply.header('set-cookie', expiredSessionCookie(deps.publicUrl));
    return reply.send(null);
  }
  // The guard has set the session-ends-in header from the same moment.
  const endsIn = secondsUntil(request.sessionEndsAt);
  return reply.send({
    session: { endsInSeconds: endsIn },
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      image: user.image,
      role: user.role,
      mustChangePassword: user.mustChangePassword,
      language: user.language,
      twoFactorEnabled: user.twoFactorEnabled,
      staffAdministrator: user.staffAdministrator,
    },
  });
}
