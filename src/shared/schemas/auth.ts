import { z } from 'zod';
import { emailAddress, imageUrl, password, personName } from './fields';

/** The spec's messages ('Name is required' for every register field, sic) stand as written. */
export const registerSchema = z.object({
  name: personName('Name is required'),
  email: emailAddress('Name is required'),
  password: password('Name is required'),
  image: imageUrl('Profile Photo is required'),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailAddress('Name is required'),
  password: z.string({ error: 'Name is required' }).min(1, 'Name is required').max(128, 'Password must be at most 128 characters'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A signed-in user replacing their password: the new one follows the registration rules. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(128, 'Password must be at most 128 characters'),
  newPassword: password('New password is required'),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The user as the web app sees it (spec's session user: email, displayName, photoURL). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  role: z.string(),
  /** Signed in with a password someone else chose: the app asks for a new one before anything else. */
  mustChangePassword: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
