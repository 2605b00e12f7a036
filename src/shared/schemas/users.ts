import { z } from 'zod';
import { emailAddress, imageUrl, personName } from './fields';

export const recordUserSchema = z.object({
  fullName: personName('Name is required'),
  email: emailAddress(),
  image: imageUrl('Profile Photo is required'),
});
export type RecordUserInput = z.infer<typeof recordUserSchema>;

export const acknowledgedSchema = z.object({ acknowledged: z.literal(true) }).loose();

export const registeredUserSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.string(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type RegisteredUser = z.infer<typeof registeredUserSchema>;
export const registeredUserListSchema = z.array(registeredUserSchema);

export const deletedCountSchema = z.object({ deletedCount: z.number().int() });
