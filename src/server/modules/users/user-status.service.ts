import { and, eq, isNull } from 'drizzle-orm';
import { staffRole } from '../../../shared/constants';
import { schema, type Transaction } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { administratorOnly } from '../../plugins/access-guard';
import type { SignedInUser } from '../auth/signed-in-user';
import type { AccountlessRequestType, DecisionRecord } from '../decisions/staff-decision';
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

type WaitingChange = typeof schema.userStatusChange.$inferSelect;

/** A waiting change as the decision pipeline sees it: the change, and the user it concerns, both locked. */
export type LockedStatusChange = { status: 'pending'; change: WaitingChange; user: typeof schema.user.$inferSelect };

const noneWaiting = () => new AppError(404, 'not_found', 'No change to this user is waiting for approval');

/**
 * The change waiting for the user `userId`, locked with the user: the administrators first, in the
 * order the Staff page locks them, so the two never deadlock.
 */
async function lockWaitingChange(tx: Transaction, userId: string): Promise<LockedStatusChange> {
  await lockedActiveAdministrators(tx);
  const user = await lockedUser(tx, userId);
  const change = await waitingChange(tx, userId);
  if (!change) throw noneWaiting();
  return { status: 'pending', change, user };
}

const enabledWord = (banned: boolean) => (banned ? 'disabled' : 'enabled');

/**
 * A change to a staff member's status, as a request the staff-decision pipeline decides (its id is
 * the user's): a second staff member approves it, never the one who asked (the pipeline's
 * maker-checker rule); any staff member may withdraw it (the decline).
 */
export const staffStatusChanges: AccountlessRequestType<LockedStatusChange, DecisionRecord & { changed: boolean }, DecisionRecord> = {
  label: 'Status change',
  subjectType: 'user',
  lockAlone: lockWaitingChange,
  makerOf: ({ change }) => change.requestedByUserId,
  approve: {
    action: 'user.status_change',
    from: ['pending'],
    refusal: { code: 'not_found', message: 'No change to this user is waiting for approval' },
    apply: async ({ tx, staff, request: { change, user } }) => {
      if (change.action === 'disable') await assertAnotherAdministratorRemains(tx, user.id);
      const changed = await apply(tx, user.id, change.action);
      await tx.update(schema.userStatusChange).set({ outcome: 'approved', decidedByUserId: staff.id, decidedAt: new Date() }).where(eq(schema.userStatusChange.id, change.id));
      const detail = { email: user.email, requestedBy: change.requestedByUserId, approvedBy: staff.id };
      return { changed, action: `user.${change.action}`, before: enabledWord(user.banned), after: enabledWord(change.action === 'disable'), detail };
    },
  },
  decline: {
    action: 'user.status_change_cancelled',
    from: ['pending'],
    refusal: { code: 'not_found', message: 'No change to this user is waiting for approval' },
    apply: async ({ tx, staff, request: { change } }) => {
      await tx.update(schema.userStatusChange).set({ outcome: 'cancelled', decidedByUserId: staff.id, decidedAt: new Date() }).where(eq(schema.userStatusChange.id, change.id));
      return { action: `user.${change.action}_cancelled`, after: 'cancelled', detail: { requestedBy: change.requestedByUserId } };
    },
  },
};

/** A staff member approving a change to their own status is refused before anything is locked. */
export function refuseOwnStatusApproval(approver: SignedInUser, userId: string): void {
  if (userId === approver.id) throw ownAccount('approve');
}
