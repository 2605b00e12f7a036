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

/** The user as the web app sees it (spec's session user: email, displayName, photoURL). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  role: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
