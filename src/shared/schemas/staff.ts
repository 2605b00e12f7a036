import { z } from 'zod';
import { emailAddress, password, personName } from './fields';

/** An administrator invites a staff member by name and e-mail, as staff or as another administrator. */
export const staffInvitationSchema = z.object({
  name: personName('Name is required'),
  email: emailAddress('Email is required'),
  administrator: z.boolean({ error: 'administrator must be true or false' }).default(false),
});
export type StaffInvitationInput = z.input<typeof staffInvitationSchema>;

const invitationTokenMessage = 'The link is not complete: open it again from the e-mail';
/** The token of an invitation link: 32 random bytes in base64url. */
export const invitationToken = z.string({ error: invitationTokenMessage }).min(16, invitationTokenMessage).max(256, invitationTokenMessage);

/** Who an invitation link is for, asked before the invitee chooses a password. */
export const staffInvitationLookupSchema = z.object({ token: invitationToken });

/** The invitee accepts: the token of the link and the password they choose (the registration rules). */
export const staffInvitationAcceptSchema = z.object({
  token: invitationToken,
  password: password('Password is required'),
});
export type StaffInvitationAcceptInput = z.infer<typeof staffInvitationAcceptSchema>;

export const staffInvitationPreviewSchema = z.object({ name: z.string(), email: z.string() });
export type StaffInvitationPreview = z.infer<typeof staffInvitationPreviewSchema>;

/** `invited`: the invitation is not accepted yet (or lapsed); `disabled`: an administrator ended their access. */
export const staffStatuses = ['active', 'invited', 'disabled'] as const;
export type StaffStatus = (typeof staffStatuses)[number];

/** A staff member as the Staff page lists them; moments are ISO strings, null when it never happened. */
export const staffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  administrator: z.boolean(),
  status: z.enum(staffStatuses),
  twoFactorEnabled: z.boolean(),
  invitedAt: z.string().nullable(),
  invitedBy: z.string().nullable(),
  /** When an invitation still waiting lapses. */
  invitationExpiresAt: z.string().nullable(),
  lastSignedInAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffMemberListSchema = z.array(staffMemberSchema);

export const staffStatusAnswerSchema = z.object({ changed: z.boolean() });
export const staffInvitationAnswerSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string(), invitationExpiresAt: z.string() });
/** The invitee's password is set and the link spent. */
export const staffInvitationAcceptedAnswerSchema = z.object({ acknowledged: z.literal(true) });
