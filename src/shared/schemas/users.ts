import { z } from 'zod';
import { emailAddress, imageUrl, personName } from './fields';

export const recordUserSchema = z.object({
  fullName: personName('Name is required'),
  email: emailAddress(),
  image: imageUrl('Profile Photo is required'),
});
export type RecordUserInput = z.infer<typeof recordUserSchema>;

/** The profile recorded: `insertedId` is the signed-in user's own id (the first product's answer, kept exact). */
export const profileRecordedAnswerSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });

export const registeredUserSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.string(),
  disabled: z.boolean(),
  createdAt: z.string(),
  /** A disable or re-enable of a staff member, waiting for a second staff member's approval. */
  waitingChange: z.object({ action: z.enum(['disable', 'enable']), requestedBy: z.object({ _id: z.string(), fullName: z.string() }), requestedAt: z.string() }).nullable(),
});
export type RegisteredUser = z.infer<typeof registeredUserSchema>;
export const registeredUserListSchema = z.array(registeredUserSchema);

export const deletedCountSchema = z.object({ deletedCount: z.number().int() });

/** What a staff member's disable, re-enable, approval or withdrawal did. */
export const userStatusAnswerSchema = z.object({ changed: z.boolean(), pendingApproval: z.boolean() });
export type UserStatusAnswer = z.infer<typeof userStatusAnswerSchema>;
/** DELETE /api/allUsers/{id} keeps the spec's deletedCount, and says when it waits for approval. */
export const userDeleteAnswerSchema = deletedCountSchema.extend({ pendingApproval: z.boolean() });
