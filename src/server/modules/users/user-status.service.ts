import { and, eq, isNull } from 'drizzle-orm';
import { staffRole } from '../../../shared/constants';
import { schema, type Transaction } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { administratorOnly } from '../../plugins/access-guard';
import type { SignedInUser } from '../auth/signed-in-user';
import { lockedActiveAdministrators } from '../staff/staff.repository';
import { assertAnotherAdministratorRemains } from '../staff/staff.service';
import { disableUser, enableUser } from './users.repository';

export type StatusAction = 'disable' | 'enable';

/** What a staff member's disable or re-enable did: changed the user now, or waits for a second staff member. */
export type StatusChangeOutcome = { changed: boolean; pendingApproval: boolean };

const disableReason = 'Deleted by staff';

function ownAccount(action: StatusAction | 'approve'): AppError {
  const message = action === 'disable' ? 'You cannot delete your own staff account' : 'You cannot change your own staff account';
  return new AppError(400, action === 'disable' ? 'cannot_delete_self' : 'own_account', message, { id: message });
}

/** The user, locked: two staff members acting on the same user at once are decided one after the other. */
async function lockedUser(tx: Transaction, userId: string) {
  const [target] = await tx.select().from(schema.user).where(eq(schema.user.id, userId)).for('update');
  if (!target) throw notFound('User');
  return target;
}

async function waitingChange(tx: Transaction, userId: string) {
  const [waiting] = await tx
    .select()
    .from(schema.userStatusChange)
    .where(and(eq(schema.userStatusChange.userId, userId), isNull(schema.userStatusChange.outcome)))
    .for('update');
  return waiting;
}

async function apply(tx: Transaction, userId: string, action: StatusAction): Promise<boolean> {
  return action === 'disable' ? disableUser(tx, userId, disableReason) : enableUser(tx, userId);
}

/**
 * A staff member disables or re-enables a user. A customer changes at once. Another staff member
 * holds the bank's own powers, so changing one takes two people, as moving money does: the
 * request waits until a second staff member approves it. Asking for what already holds (disabling
 * a disabled user) changes nothing.
 */
export async function requestStatusChange(tx: Transaction, actor: SignedInUser, userId: string, action: StatusAction): Promise<StatusChangeOutcome> {
  if (userId === actor.id) throw ownAccount(action);
  const target = await lockedUser(tx, userId);
  if (target.banned === (action === 'disable')) return { changed: false, pendingApproval: false };
  const before = target.banned ? 'disabled' : 'enabled';
  const after = action === 'disable' ? 'disabled' : 'enabled';
  if (target.role !== staffRole) {
    await apply(tx, userId, action);
    await recordAudit(tx, { actorUserId: actor.id, action: `user.${action}`, subjectType: 'user', subjectId: userId, before, after, detail: { email: target.email } });
    return { changed: true, pendingApproval: false };
  }
  // Only an administrator manages staff members (a second staff member still approves here).
  if (!actor.staffAdministrator) throw administratorOnly();
  if (await waitingChange(tx, userId)) {
    throw new AppError(409, 'change_waiting', 'A change to this staff member is already waiting for approval');
  }
  await tx.insert(schema.userStatusChange).values({ userId, action, requestedByUserId: actor.id });
  await recordAudit(tx, { actorUserId: actor.id, action: `user.${action}_requested`, subjectType: 'user', subjectId: userId, before, after, detail: { email: target.email } });
  return { changed: false, pendingApproval: true };
}

/** A second staff member approves the waiting change: never the one who asked, nor the staff member it concerns. */
export async function approveStatusChange(tx: Transaction, approver: SignedInUser, userId: string): Promise<StatusChangeOutcome> {
  if (userId === approver.id) throw ownAccount('approve');
  // The administrators before the user, in the order the Staff page locks them, so the two never deadlock.
  await lockedActiveAdministrators(tx);
  const target = await lockedUser(tx, userId);
  const waiting = await waitingChange(tx, userId);
  if (!waiting) throw new AppError(404, 'not_found', 'No change to this user is waiting for approval');
  if (waiting.requestedByUserId === approver.id) {
    throw new AppError(403, 'second_approver_required', 'Another staff member must approve a change you asked for');
  }
  if (waiting.action === 'disable') await assertAnotherAdministratorRemains(tx, userId);
  const changed = await apply(tx, userId, waiting.action);
  await tx
    .update(schema.userStatusChange)
    .set({ outcome: 'approved', decidedByUserId: approver.id, decidedAt: new Date() })
    .where(eq(schema.userStatusChange.id, waiting.id));
  await recordAudit(tx, {
    actorUserId: approver.id,
    action: `user.${waiting.action}`,
    subjectType: 'user',
    subjectId: userId,
    before: target.banned ? 'disabled' : 'enabled',
    after: waiting.action === 'disable' ? 'disabled' : 'enabled',
    detail: { email: target.email, requestedBy: waiting.requestedByUserId, approvedBy: approver.id },
  });
  return { changed, pendingApproval: false };
}

/** Any staff member may withdraw a waiting change (the one who asked, or a colleague who would not approve it). */
export async function cancelStatusChange(tx: Transaction, actor: SignedInUser, userId: string): Promise<StatusChangeOutcome> {
  await lockedUser(tx, userId);
  const waiting = await waitingChange(tx, userId);
  if (!waiting) throw new AppError(404, 'not_found', 'No change to this user is waiting for approval');
  await tx.update(schema.userStatusChange).set({ outcome: 'cancelled', decidedByUserId: actor.id, decidedAt: new Date() }).where(eq(schema.userStatusChange.id, waiting.id));
  await recordAudit(tx, { actorUserId: actor.id, action: `user.${waiting.action}_cancelled`, subjectType: 'user', subjectId: userId, detail: { requestedBy: waiting.requestedByUserId } });
  return { changed: false, pendingApproval: false };
}
