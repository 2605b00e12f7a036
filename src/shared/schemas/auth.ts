import { z } from 'zod';
import { languages } from '../language';
import { emailAddress, imageUrl, password, personName } from './fields';
import { mobileNumber, smsCode } from './two-factor';

/** The spec's messages, each naming its own field (the spec said 'Name is required' under every one). */
export const registerSchema = z.object({
  name: personName('Name is required'),
  email: emailAddress('Email is required'),
  password: password('Password is required'),
  /** A profile photo is optional: the photo the bank keeps is asked once, when an account is opened. */
  image: imageUrl('Profile Photo is required').optional(),
  /**
   * A mobile number, with the code the SMS brought to it: the number is stored verified, and is the
   * customer's SMS second factor from the start. Optional; one without the other is refused.
   */
  phoneNumber: mobileNumber().optional(),
  phoneCode: smsCode().optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Asking for the code that proves a visitor holds the number they register with; the SMS is in `language`. */
export const signUpCodeRequestSchema = z.object({
  phoneNumber: mobileNumber(),
  language: z.enum(languages, { error: 'language must be en or bn' }).default('en'),
});
export type SignUpCodeRequestInput = z.input<typeof signUpCodeRequestSchema>;

export const loginSchema = z.object({
  email: emailAddress('Email is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password must be at most 128 characters'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A signed-in user replacing their password: the new one follows the registration rules. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(128, 'Password must be at most 128 characters'),
  newPassword: password('New password is required'),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Asking for a link to set a new password: only the e-mail, and the answer never says whether it is registered. */
export const passwordResetRequestSchema = z.object({
  email: emailAddress('Email is required'),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** Setting a new password with the token from the e-mailed link; the new one follows the registration rules. */
export const passwordResetSchema = z.object({
  token: z
    .string({ error: 'The link is not complete: open it again from the e-mail' })
    .min(16, 'The link is not complete: open it again from the e-mail')
    .max(256, 'The link is not complete: open it again from the e-mail'),
  newPassword: password('New password is required'),
});
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** The one answer to a request for a password-reset link, whether or not the e-mail is registered. */
export const resetLinkAnswerSchema = z.object({ status: z.literal(true), message: z.string() });
export type ResetLinkAnswer = z.output<typeof resetLinkAnswerSchema>;

/** Done, with nothing more to say: a password set from a link, or every session of the user ended. */
export const doneAnswerSchema = z.object({ status: z.literal(true) });

/** The user as the web app sees it (spec's session user: email, displayName, photoURL). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  role: z.string(),
  /** Signed in with a password someone else chose: the app asks for a new one before anything else. */
  mustChangePassword: z.boolean(),
  /** The language chosen on the website, kept by the server for e-mails; a new browser starts in it. */
  language: z.enum(languages),
  /** Signs in with a code from an authenticator app too; staff without it are sent to set it up first. */
  twoFactorEnabled: z.boolean(),
  /** A staff member who manages the other staff members: the dashboard shows them the Staff page. */
  staffAdministrator: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
