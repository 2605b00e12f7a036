import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { signUpCodeRequestSchema } from '../../../shared/schemas/auth';
import { schema, type Database } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { isUniqueViolation } from '../two-factor/phone-number.routes';
import { maskedPhoneNumber, operationHash, smsCodeLifetimeSeconds, type BoundOperation } from '../two-factor/sms-codes';
import { signUpCodeText } from '../two-factor/sms-texts';
import type { Dependencies } from './auth-relay';

/**
 * Registering with a mobile number: the visitor asks for a code sent to the number, and the
 * sign-up carries the number with that code; the new user's number is then stored verified, their
 * SMS second factor at once. The code belongs to the number (no user exists yet) and is bound to it.
 */

/** A sign-up code proves the visitor holds `phoneNumber`, and only that number. */
export function signUpCodeFor(phoneNumber: string): BoundOperation {
  return { purpose: 'sign-up', hash: operationHash('sign-up', [phoneNumber]), text: signUpCodeText };
}

const phoneNumberRegistered = () => {
  const message = 'This mobile number already belongs to a Padma Bank customer. Sign in instead.';
  return new AppError(409, 'phone_number_registered', message, { phoneNumber: message });
};

/**
 * Sends a sign-up code to the number. The answer is the same whether or not the number already
 * belongs to a customer: only whoever reads the SMS learns that, when the code is checked.
 */
export async function sendSignUpCode(request: FastifyRequest, reply: FastifyReply, deps: Dependencies, body: z.output<typeof signUpCodeRequestSchema>) {
  const { phoneNumber, language } = body;
  await deps.secondFactor.sms.issue({ holder: { signUpNumber: phoneNumber, clientAddress: request.ip }, phoneNumber, language, operation: signUpCodeFor(phoneNumber) });
  deps.secondFactor.smsOutbox.kick();
  return reply.send({ stepUp: 'sms', sentTo: maskedPhoneNumber(phoneNumber), expiresInSeconds: smsCodeLifetimeSeconds });
}

/** What a sign-up carries of a number: both the number and its code, or neither. */
export function phoneOfSignUp(body: { phoneNumber?: string | undefined; phoneCode?: string | undefined }): { phoneNumber: string; code: string } | null {
  const { phoneNumber, phoneCode } = body;
  if (phoneNumber === undefined && phoneCode === undefined) return null;
  if (phoneNumber === undefined) {
    const message = 'Mobile number is required';
    throw new AppError(400, 'invalid_input', message, { phoneNumber: message });
  }
  if (phoneCode === undefined) {
    const message = 'Code is required';
    throw new AppError(400, 'invalid_input', message, { phoneCode: message });
  }
  return { phoneNumber, code: phoneCode };
}

async function numberRegistered(db: Database, phoneNumber: string): Promise<boolean> {
  const [owner] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.phoneNumber, phoneNumber));
  return owner !== undefined;
}

/**
 * Before the user is created: the code must be right for this number (checked, not spent, so a
 * refusal of the rest of the form leaves it usable), and the number must belong to nobody yet.
 */
export async function checkSignUpPhone(deps: Dependencies, phone: { phoneNumber: string; code: string }, clientAddress: string): Promise<void> {
  await deps.secondFactor.sms.check({ signUpNumber: phone.phoneNumber, clientAddress }, signUpCodeFor(phone.phoneNumber), phone.code, { field: 'phoneCode', spend: false });
  if (await numberRegistered(deps.db, phone.phoneNumber)) throw phoneNumberRegistered();
}

/**
 * Once better-auth created the user: the code is spent and the number stored, verified. Of two
 * sign-ups racing with one code, or a signed-in customer verifying the same number at that moment,
 * one keeps the number; the other's account stands without it (they verify a number later).
 */
export async function storeSignUpPhone(deps: Dependencies, userId: string, phone: { phoneNumber: string; code: string }, clientAddress: string, log: FastifyRequest['log']): Promise<void> {
  try {
    await deps.secondFactor.sms.check({ signUpNumber: phone.phoneNumber, clientAddress }, signUpCodeFor(phone.phoneNumber), phone.code, { field: 'phoneCode', spend: true });
    await deps.db.transaction(async (tx) => {
      await tx.update(schema.user).set({ phoneNumber: phone.phoneNumber, phoneNumberVerified: true, updatedAt: new Date() }).where(eq(schema.user.id, userId));
      await recordAudit(tx, {
        actorUserId: userId,
        action: 'user.phone_verified',
        subjectType: 'user',
        subjectId: userId,
        detail: { phoneNumber: maskedPhoneNumber(phone.phoneNumber), atSignUp: true },
      });
    });
  } catch (error) {
    if (!(error instanceof AppError) && !isUniqueViolation(error)) throw error;
    log.warn({ userId }, 'signed up without the number: its code or the number was taken meanwhile');
  }
  deps.sessions.forgetUser(userId);
}
