import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { phoneCodeRequestSchema, phoneStatusAnswerSchema, phoneVerifiedAnswerSchema, phoneVerifySchema, stepUpCheckAnswerSchema } from '../../../shared/schemas/two-factor';
import { schema, type Database } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { ratePolicies, type RateLimiter } from '../../lib/rate-limiter';
import { requireUser } from '../../plugins/access-guard';
import type { AuthLoader } from '../auth/auth-loader';
import type { Sessions } from '../auth/sessions';
import { noticePhoneVerified } from '../notices/notices.service';
import { codePlaceOf } from './code-throttle';
import type { SecondFactor } from './second-factor';
import { maskedPhoneNumber, operationHash, smsCodeLifetimeSeconds, type BoundOperation } from './sms-codes';
import { phoneVerificationCodeText } from './sms-texts';

const invalidPassword = () => {
  const message = 'The password is not correct';
  return new AppError(400, 'invalid_password', message, { password: message });
};
const phoneAlreadyVerified = () => new AppError(409, 'phone_already_verified', 'A mobile number is already verified for your codes. To change it, contact the bank.');
const phoneNumberTaken = () => {
  const message = 'This mobile number already receives the codes of another customer.';
  return new AppError(409, 'phone_number_taken', message, { phoneNumber: message });
};

/** A code that proves the user holds `phoneNumber`: bound to the number, so it verifies that number only. */
function verificationOf(phoneNumber: string): BoundOperation {
  return { purpose: 'verify-phone', hash: operationHash('verify-phone', [phoneNumber]), text: phoneVerificationCodeText };
}

type Dependencies = { db: Database; auth: AuthLoader; rateLimiter: RateLimiter; sessions: Sessions; secondFactor: SecondFactor };

/**
 * The password, checked against the stored hash by better-auth's own function, counted against
 * the failed sign-ins of this e-mail from this address: a stolen session cannot guess it here.
 */
async function checkPassword(deps: Dependencies, user: { id: string; email: string }, password: string, address: string): Promise<void> {
  const throttle = [ratePolicies.failedSignInsPerEmailAndAddress, `${user.email} ${address}`] as const;
  await deps.rateLimiter.consume(...throttle);
  const [credential] = await deps.db
    .select({ hash: schema.account.password })
    .from(schema.account)
    .where(and(eq(schema.account.userId, user.id), eq(schema.account.providerId, 'credential')));
  const context = await (await deps.auth()).$context;
  if (!credential?.hash || !(await context.password.verify({ hash: credential.hash, password }))) throw invalidPassword();
  await deps.rateLimiter.release(...throttle);
}

export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (typeof value === 'object' && value !== null && 'code' in value ? (value as { code: unknown }).code : undefined);
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

/** Whether another user already verified this number: one number confirms one person's payments. */
async function numberTakenByAnother(db: Database, userId: string, phoneNumber: string): Promise<boolean> {
  const [other] = await db
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(and(eq(schema.user.phoneNumber, phoneNumber), ne(schema.user.id, userId)));
  return other !== undefined;
}

/**
 * A customer's mobile number for SMS codes, verified once: the password (the number becomes a
 * second factor, as enrolling an authenticator app needs the password), then a code sent to the
 * number. Until it is verified the number receives no step-up code. A verified number is changed
 * by the bank, not here: whoever holds a stolen password and session must not move the codes to
 * their own phone.
 */
export async function phoneNumberRoutes(instance: FastifyInstance, deps: Dependencies): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/api/phoneNumber', { config: { access: 'customer' }, schema: { response: { 200: phoneStatusAnswerSchema } } }, async (request) => {
    const phoneNumber = await deps.secondFactor.verifiedPhoneOf(requireUser(request).id);
    return { phoneNumber: phoneNumber ? maskedPhoneNumber(phoneNumber) : null };
  });

  app.post('/api/phoneNumber/code', { config: { access: 'customer' }, schema: { body: phoneCodeRequestSchema, response: { 200: stepUpCheckAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    if (await deps.secondFactor.verifiedPhoneOf(user.id)) throw phoneAlreadyVerified();
    await checkPassword(deps, user, request.body.password, request.ip);
    if (await numberTakenByAnother(deps.db, user.id, request.body.phoneNumber)) throw phoneNumberTaken();
    await deps.secondFactor.sms.issue({ holder: { userId: user.id }, phoneNumber: request.body.phoneNumber, language: user.language, operation: verificationOf(request.body.phoneNumber) });
    deps.secondFactor.smsOutbox.kick();
    return { stepUp: 'sms' as const, sentTo: maskedPhoneNumber(request.body.phoneNumber), expiresInSeconds: smsCodeLifetimeSeconds };
  });

  app.post('/api/phoneNumber/verify', { config: { access: 'customer' }, schema: { body: phoneVerifySchema, response: { 200: phoneVerifiedAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    if (await deps.secondFactor.verifiedPhoneOf(user.id)) throw phoneAlreadyVerified();
    const { phoneNumber } = request.body;
    await deps.secondFactor.throttled(user.id, codePlaceOf(request), () =>
      deps.secondFactor.sms.check({ userId: user.id }, verificationOf(phoneNumber), request.body.code, { field: 'code', spend: true }),
    );
    if (await numberTakenByAnother(deps.db, user.id, phoneNumber)) throw phoneNumberTaken();
    try {
      await deps.db.transaction(async (tx) => {
        await tx.update(schema.user).set({ phoneNumber, phoneNumberVerified: true, updatedAt: new Date() }).where(eq(schema.user.id, user.id));
        await recordAudit(tx, { actorUserId: user.id, action: 'user.phone_verified', subjectType: 'user', subjectId: user.id, detail: { phoneNumber: maskedPhoneNumber(phoneNumber) } });
        // Whoever holds the password could add their own number: the owner hears of it, as of a new app.
        await noticePhoneVerified(tx, user, maskedPhoneNumber(phoneNumber), request.ip);
      });
    } catch (error) {
      // Two customers verifying one number at once: the unique index lets one of them have it.
      if (isUniqueViolation(error)) throw phoneNumberTaken();
      throw error;
    }
    // The session cache holds the user without the number for up to a second on other instances; this one forgets now.
    deps.sessions.forgetUser(user.id);
    return { phoneNumber: maskedPhoneNumber(phoneNumber) };
  });
}
