import { z } from 'zod';
import { asciiDigitsIfText } from '../digits';
import { bangladeshMobile } from './fields';

/** Six digits from an authenticator app; spaces are dropped and Bangla digits read as ASCII. */
export const totpCode = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? String(asciiDigitsIfText(value)).replace(/\s+/g, '') : value),
    z
      .string({ error: 'Code is required' })
      .min(1, 'Code is required')
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
  );

/** A recovery code as it was shown: five letters or digits, a dash, five more (case as shown). */
export const recoveryCode = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: 'Recovery code is required' })
      .min(1, 'Recovery code is required')
      .regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, 'Enter a recovery code as it was shown, such as ab3de-9xk2p'),
  );

const currentPassword = () => z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password must be at most 128 characters');

/** Six digits from an SMS; spaces are dropped and Bangla digits read as ASCII. */
export const smsCode = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? String(asciiDigitsIfText(value)).replace(/\s+/g, '') : value),
    z
      .string({ error: 'Code is required' })
      .min(1, 'Code is required')
      .regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS'),
  );

/** Starting an enrolment: the password proves it is the account's owner at the keyboard. */
export const twoFactorEnrolSchema = z.object({ password: currentPassword() });
export type TwoFactorEnrolInput = z.infer<typeof twoFactorEnrolSchema>;

/** A code from the app: the first one confirms an enrolment; at sign-in it completes the sign-in. */
export const twoFactorCodeSchema = z.object({ code: totpCode() });
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

/** Signing in with one of the recovery codes, when the phone with the app is not at hand. */
export const recoveryCodeSchema = z.object({ code: recoveryCode() });
export type RecoveryCodeInput = z.infer<typeof recoveryCodeSchema>;

/** Turning the app off, or replacing the recovery codes: the password and a current code, both. */
export const twoFactorPasswordAndCodeSchema = z.object({ password: currentPassword(), code: totpCode() });
export type TwoFactorPasswordAndCodeInput = z.infer<typeof twoFactorPasswordAndCodeSchema>;

/**
 * A code of the factor a user has now, to replace it: six digits from the app (spaces dropped,
 * Bangla digits read as ASCII), or one of the recovery codes when the phone is lost.
 */
export const currentFactorCode = () =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const digits = String(asciiDigitsIfText(value)).replace(/\s+/g, '');
      return /^\d+$/.test(digits) ? digits : value.trim();
    },
    z
      .string({ error: 'Code is required' })
      .min(1, 'Code is required')
      .regex(/^(\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/, 'Enter the 6-digit code from your current authenticator app, or one of your recovery codes (such as ab3de-9xk2p)'),
  );

/** Whether a current-factor code is one of the recovery codes rather than a code from the app. */
export const isRecoveryCode = (code: string) => code.includes('-');

/** Replacing the authenticator app: the password and a fresh code of the current app (or a recovery code), both. */
export const twoFactorReplaceSchema = z.object({ password: currentPassword(), code: currentFactorCode() });
export type TwoFactorReplaceInput = z.infer<typeof twoFactorReplaceSchema>;

/**
 * What an enrolment shows once: the secret as text (to type into an app), the otpauth address,
 * its QR code as rows of dark (1) and light (0) modules, drawn by the web app, and the recovery
 * codes. Nothing here is shown again: only new recovery codes can be asked for.
 */
export const twoFactorEnrolmentAnswerSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrModules: z.array(z.string()),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnrolmentAnswer = z.infer<typeof twoFactorEnrolmentAnswerSchema>;

export const recoveryCodesAnswerSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswerSchema>;

/**
 * What an operation needs before its confirm step (the server's step-up check): `none`, `app`
 * (the authenticator's code), `sms` (a code was just sent to `sentTo`, the verified number
 * masked, valid `expiresInSeconds`), `setup` (no factor yet: verify a mobile number first), or
 * `confirmed` (the code offered is right; the operation will spend it).
 */
export const stepUpCheckAnswerSchema = z.object({
  stepUp: z.enum(['none', 'app', 'sms', 'setup', 'confirmed']),
  sentTo: z.string().optional(),
  expiresInSeconds: z.number().int().positive().optional(),
});
export type StepUpCheckAnswer = z.infer<typeof stepUpCheckAnswerSchema>;

export const mobileNumber = () => bangladeshMobile('Mobile number is required', 'Enter a Bangladeshi mobile number like 01712-345678');

/** Verifying a mobile number for SMS codes, first step: the number, and the password (it becomes a second factor). */
export const phoneCodeRequestSchema = z.object({ phoneNumber: mobileNumber(), password: currentPassword() });
export type PhoneCodeRequestInput = z.input<typeof phoneCodeRequestSchema>;

/** Second step: the number again and the code the SMS brought. */
export const phoneVerifySchema = z.object({
  phoneNumber: mobileNumber(),
  code: smsCode(),
});
export type PhoneVerifyInput = z.input<typeof phoneVerifySchema>;

/** Where SMS codes go now: the verified number, masked, or null. */
export const phoneStatusAnswerSchema = z.object({ phoneNumber: z.string().nullable() });

/** The number just verified, where step-up codes now go. */
export const phoneVerifiedAnswerSchema = z.object({ phoneNumber: z.string() });
