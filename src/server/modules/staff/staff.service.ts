import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { staffRole } from '../../../shared/constants';
import type { StaffInvitationPreview, StaffMember, StaffStatus } from '../../../shared/schemas/staff';
import { schema, type Executor, type Transaction } from '../../db/client';
import { AppError, assertInvariant, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { administratorOnly } from '../../plugins/access-guard';
import type { SignedInUser } from '../auth/signed-in-user';
import { queueEmailNotice } from '../notices/notices.repository';
import { buildStaffInvitationNotice } from '../notices/notice-texts';
import { disableUser, enableUser, findUserByEmail } from '../users/users.repository';
import {
  hasPassword,
  insertInvitation,
  lapseOpenInvitations,
  type ListedStaffMember,
  lockedActiveAdministrators,
  lockedInvitationByTokenHash,
  lockedUser,
  markInvitationAccepted,
} from './staff.repository';

/** How long an invitation link works: a weekend and a working day, for someone who starts next week. */
export const staffInvitationHours = 72;

/** Why an invited staff member cannot sign in yet: they have not chosen a password. */
export const invitedReason = 'Invited, not yet accepted';
/** Why a staff member an administrator disabled cannot sign in. */
export const staffDisabledReason = 'Disabled by an administrator';

/** A link's token as stored: its SHA-256, so a copy of the database cannot accept an invitation. */
export const invitationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const staffMemberNotFound = () => notFound('Staff member');

function statusOf(user: ListedStaffMember['user']): StaffStatus {
  if (!user.banned) return 'active';
  return user.banReason === invitedReason ? 'invited' : 'disabled';
}

export function toStaffMember({ user, invitation, invitedByName }: ListedStaffMember): StaffMember {
  const waiting = invitation !== null && invitation.acceptedAt === null;
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    administrator: user.staffAdministrator,
    status: statusOf(user),
    twoFactorEnabled: user.twoFactorEnabled,
    invitedAt: invitation?.invitedAt.toISOString() ?? null,
    invitedBy: invitedByName,
    invitationExpiresAt: waiting ? invitation.expiresAt.toISOString() : null,
    lastSignedInAt: user.lastSignedInAt?.toISOString() ?? null,
  };
}

function assertAdministrator(actor: SignedInUser): void {
  if (actor.role !== staffRole || !actor.staffAdministrator) throw administratorOnly();
}

export type Invitation = { userId: string; token: string; expiresAt: Date };

/**
 * An administrator invites a staff member: the invitee's user is made (staff, unable to sign in
 * until they accept) or, for an invitee who never accepted, renewed with a new link that replaces
 * the old one; the e-mail with the link is queued in the same transaction, and audited. An e-mail
 * that already belongs to a customer or a staff member who chose a password is refused.
 */
export async function inviteStaffMember(tx: Transaction, actor: SignedInUser, input: { name: string; email: string; administrator: boolean }, publicUrl: string): Promise<Invitation> {
  assertAdministrator(actor);
  const userId = await invitedUser(tx, actor, input);
  const token = randomBytes(32).toString('base64url');
  const invitation = await insertInvitation(tx, {
    userId,
    tokenHash: invitationTokenHash(token),
    invitedByUserId: actor.id,
    expiresAt: sql`now() + ${staffInvitationHours} * interval '1 hour'` as unknown as Date,
  });
  // The token travels in the link's fragment, which browsers never send to a server: it stays out of every access log.
  const link = `${publicUrl.replace(/\/$/, '')}/staffInvitation#token=${encodeURIComponent(token)}`;
  const { subject, body } = buildStaffInvitationNotice({ name: input.name, invitedBy: actor.name, link, at: invitation.invitedAt, hoursValid: staffInvitationHours }, actor.language);
  const queued = await queueEmailNotice(tx, { userId, kind: 'staff-invitation', recipient: input.email, subject, body, dedupeKey: `staff-invitation:${invitation.id}` });
  assertInvariant(queued, 'a new invitation has a new e-mail');
  await recordAudit(tx, {
    actorUserId: actor.id,
    action: 'staff.invite',
    subjectType: 'user',
    subjectId: userId,
    after: 'invited',
    detail: { email: input.email, name: input.name, administrator: input.administrator, expiresAt: invitation.expiresAt.toISOString() },
  });
  return { userId, token, expiresAt: invitation.expiresAt };
}

async function invitedUser(tx: Transaction, actor: SignedInUser, input: { name: string; email: string; administrator: boolean }): Promise<string> {
  const taken = () => {
    const message = 'This e-mail already belongs to a user of the bank';
    return new AppError(409, 'email_taken', message, { email: message });
  };
  const existing = await findUserByEmail(tx, input.email);
  if (existing) {
    const target = await lockedUser(tx, existing.id);
    if (!target || target.role !== staffRole || (await hasPassword(tx, target.id))) throw taken();
    await lapseOpenInvitations(tx, target.id);
    await tx
      .update(schema.user)
      .set({ name: input.name, staffAdministrator: input.administrator, banned: true, banReason: invitedReason, language: actor.language, updatedAt: new Date() })
      .where(eq(schema.user.id, target.id));
    return target.id;
  }
  // better-auth's ids are 32 letters and digits; 24 random bytes in base64url are as strong.
  const id = randomBytes(24).toString('base64url');
  await tx.insert(schema.user).values({
    id,
    name: input.name,
    email: input.email,
    role: staffRole,
    staffAdministrator: input.administrator,
    banned: true,
    banReason: invitedReason,
    language: actor.language,
  });
  return id;
}

const invitationRefusal = (code: 'invitation_not_found' | 'invitation_used' | 'invitation_expired') => {
  const messages = {
    invitation_not_found: 'This invitation link is not valid. Open it again from the e-mail, or ask an administrator for a new one.',
    invitation_used: 'This invitation was already accepted. Sign in with the password you chose.',
    invitation_expired: 'This invitation has expired. Ask an administrator for a new one.',
  };
  return new AppError(code === 'invitation_not_found' ? 404 : 410, code, messages[code], { token: messages[code] });
};

/** The invitation behind a token that may still be accepted, and its invitee, locked; or the refusal that says why not. */
async function openInvitation(tx: Executor, token: string) {
  const invitation = await lockedInvitationByTokenHash(tx, invitationTokenHash(token));
  if (!invitation) throw invitationRefusal('invitation_not_found');
  if (invitation.acceptedAt !== null) throw invitationRefusal('invitation_used');
  if (invitation.expired) throw invitationRefusal('invitation_expired');
  const invitee = await lockedUser(tx, invitation.userId);
  // Disabled by an administrator before accepting: the invitation was withdrawn with it.
  if (!invitee || invitee.role !== staffRole || invitee.banReason !== invitedReason) throw invitationRefusal('invitation_expired');
  return { invitation, invitee };
}

/** Whom a link invites, for the page where they choose a password. */
export async function previewInvitation(tx: Transaction, token: string): Promise<StaffInvitationPreview> {
  const { invitee } = await openInvitation(tx, token);
  return { name: invitee.name, email: invitee.email };
}

/**
 * The invitee accepts with the password they chose (already checked and hashed by the caller):
 * the link is spent, the password stored, and they may sign in, where the house rule for staff
 * makes them set up two-step verification before anything else.
 */
export async function acceptInvitation(tx: Transaction, token: string, passwordHash: string): Promise<string> {
  const { invitation, invitee } = await openInvitation(tx, token);
  await tx.insert(schema.account).values({ id: randomBytes(24).toString('base64url'), accountId: invitee.id, providerId: 'credential', userId: invitee.id, password: passwordHash });
  await tx.update(schema.user).set({ banned: false, banReason: null, emailVerified: true, updatedAt: new Date() }).where(eq(schema.user.id, invitee.id));
  await markInvitationAccepted(tx, invitation.id);
  await recordAudit(tx, {
    actorUserId: invitee.id,
    action: 'staff.invitation_accepted',
    subjectType: 'user',
    subjectId: invitee.id,
    before: 'invited',
    after: 'enabled',
    detail: { invitedBy: invitation.invitedByUserId },
  });
  return invitee.id;
}

/**
 * Refuses to disable `userId` when they are the last active administrator: somebody must always
 * be able to invite and disable staff without a restart of the server.
 */
export async function assertAnotherAdministratorRemains(tx: Executor, userId: string): Promise<void> {
  const administrators = await lockedActiveAdministrators(tx);
  if (administrators.includes(userId) && administrators.length === 1) {
    throw new AppError(409, 'last_administrator', 'The last administrator cannot be disabled: make another staff member an administrator first');
  }
}

export type StaffStatusAction = 'disable' | 'enable';

/**
 * An administrator disables a staff member, who is signed out at once, or re-enables one. Never
 * themselves, never the last administrator; disabling an invitee who has not accepted withdraws
 * the invitation. Asking for what already holds changes nothing. Audited.
 */
export async function changeStaffStatus(tx: Transaction, actor: SignedInUser, userId: string, action: StaffStatusAction): Promise<{ changed: boolean }> {
  assertAdministrator(actor);
  if (userId === actor.id) {
    const message = 'You cannot disable or re-enable your own staff account';
    throw new AppError(400, 'own_account', message, { id: message });
  }
  // The administrators first, then the staff member, always in this order: two administrators
  // disabling each other at once wait for one another instead of deadlocking.
  if (action === 'disable') await assertAnotherAdministratorRemains(tx, userId);
  const target = await lockedUser(tx, userId);
  if (!target || target.role !== staffRole) throw staffMemberNotFound();
  const before = statusOf(target);
  const changed = action === 'disable' ? await disableStaff(tx, target) : await enableStaff(tx, target);
  if (changed) {
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: `staff.${action}`,
      subjectType: 'user',
      subjectId: userId,
      before,
      after: action === 'disable' ? 'disabled' : 'active',
      detail: { email: target.email },
    });
  }
  return { changed };
}

async function disableStaff(tx: Transaction, target: ListedStaffMember['user']): Promise<boolean> {
  if (target.banReason === invitedReason) {
    await lapseOpenInvitations(tx, target.id);
    await tx.update(schema.user).set({ banReason: staffDisabledReason, updatedAt: new Date() }).where(eq(schema.user.id, target.id));
    return true;
  }
  return disableUser(tx, target.id, staffDisabledReason);
}

async function enableStaff(tx: Transaction, target: ListedStaffMember['user']): Promise<boolean> {
  if (!target.banned) return false;
  if (!(await hasPassword(tx, target.id))) {
    throw new AppError(409, 'invitation_not_accepted', 'This staff member never accepted their invitation: invite them again');
  }
  return enableUser(tx, target.id);
}
