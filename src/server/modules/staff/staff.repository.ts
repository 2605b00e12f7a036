import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { staffRole } from '../../../shared/constants';
import { schema, type Executor } from '../../db/client';

export type StaffRow = typeof schema.user.$inferSelect;
export type InvitationRow = typeof schema.staffInvitation.$inferSelect;

/** A staff member with their latest invitation (if they were invited) and who sent it. */
export type ListedStaffMember = { user: StaffRow; invitation: InvitationRow | null; invitedByName: string | null };

/** The most staff members the Staff page lists: a bank's staff, not its customers. */
export const staffListMax = 500;

const inviter = alias(schema.user, 'inviter');

export async function listStaffMembers(db: Executor): Promise<ListedStaffMember[]> {
  const users = await db.select().from(schema.user).where(eq(schema.user.role, staffRole)).orderBy(asc(schema.user.createdAt), asc(schema.user.id)).limit(staffListMax);
  if (users.length === 0) return [];
  const invitations = await db
    .select({ invitation: schema.staffInvitation, invitedByName: inviter.name })
    .from(schema.staffInvitation)
    .innerJoin(inviter, eq(inviter.id, schema.staffInvitation.invitedByUserId))
    .where(
      inArray(
        schema.staffInvitation.userId,
        users.map((user) => user.id),
      ),
    )
    .orderBy(desc(schema.staffInvitation.invitedAt));
  const latest = new Map<string, { invitation: InvitationRow; invitedByName: string }>();
  for (const row of invitations) if (!latest.has(row.invitation.userId)) latest.set(row.invitation.userId, row);
  return users.map((user) => ({ user, invitation: latest.get(user.id)?.invitation ?? null, invitedByName: latest.get(user.id)?.invitedByName ?? null }));
}

/** The user, locked, so that two administrators acting on one staff member are decided one after the other. */
export async function lockedUser(tx: Executor, userId: string): Promise<StaffRow | undefined> {
  const [row] = await tx.select().from(schema.user).where(eq(schema.user.id, userId)).for('update');
  return row;
}

/**
 * The active administrators, locked in one order: of two administrators disabling each other at
 * once, the second sees the first's change and is refused if it would leave none.
 */
export async function lockedActiveAdministrators(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(and(eq(schema.user.role, staffRole), eq(schema.user.staffAdministrator, true), eq(schema.user.banned, false)))
    .orderBy(asc(schema.user.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function hasPassword(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.account.id })
    .from(schema.account)
    .where(and(eq(schema.account.userId, userId), eq(schema.account.providerId, 'credential')))
    .limit(1);
  return row !== undefined;
}

export async function insertInvitation(tx: Executor, invitation: typeof schema.staffInvitation.$inferInsert): Promise<InvitationRow> {
  const [row] = await tx.insert(schema.staffInvitation).values(invitation).returning();
  if (!row) throw new Error('the invitation was not stored');
  return row;
}

/** The invitation a link's token belongs to, locked: of two acceptances at once, one wins. */
export async function lockedInvitationByTokenHash(tx: Executor, tokenHash: string): Promise<(InvitationRow & { expired: boolean }) | undefined> {
  const [row] = await tx
    .select({ invitation: schema.staffInvitation, expired: sql<boolean>`${schema.staffInvitation.expiresAt} <= now()` })
    .from(schema.staffInvitation)
    .where(eq(schema.staffInvitation.tokenHash, tokenHash))
    .for('update');
  return row ? { ...row.invitation, expired: row.expired } : undefined;
}

/** Ends every invitation of the user not yet accepted: a new one replaces them, or the invitee was disabled. */
export async function lapseOpenInvitations(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(schema.staffInvitation)
    .set({ expiresAt: sql`least(${schema.staffInvitation.expiresAt}, now())` })
    .where(and(eq(schema.staffInvitation.userId, userId), sql`${schema.staffInvitation.acceptedAt} IS NULL`));
}

export async function markInvitationAccepted(tx: Executor, invitationId: string): Promise<void> {
  await tx
    .update(schema.staffInvitation)
    .set({ acceptedAt: sql`now()` })
    .where(eq(schema.staffInvitation.id, invitationId));
}
