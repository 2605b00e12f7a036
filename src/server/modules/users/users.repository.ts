import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type Executor } from '../../db/client';
import type { ListSearch } from '../../../shared/schemas/fields';
import { countListRows } from '../../lib/list-row-count';
import { bankAccountMatches, containing, countMatches } from '../../lib/list-search';
import type { Page } from '../../lib/paged-list';

export type UserRow = typeof schema.user.$inferSelect;

export type UserListFilter = { status?: 'active' | 'disabled' | undefined; q?: ListSearch | undefined; limit: number; offset: number };

const userStatusWhere = (status: UserListFilter['status']) => (status === undefined ? undefined : eq(schema.user.banned, status === 'disabled'));

/**
 * A user is found by a piece of their name or e-mail (the trigram index on
 * `lower(name || ' ' || email)`), or by what identifies an account they hold: its number or last
 * four digits, the mobile number or NID on it, a movement's reference (`bankAccountMatches`).
 */
function userSearchWhere(search: ListSearch | undefined): SQL | undefined {
  if (search === undefined) return undefined;
  const byAccount = sql`${schema.user.id} IN (SELECT searched.owner_user_id FROM bank_account searched WHERE ${bankAccountMatches(search, 'searched')})`;
  if (search.kind === 'digits') return byAccount;
  const byName = sql`lower(${schema.user.name} || ' ' || ${schema.user.email}) LIKE ${containing(search.text)}`;
  return search.kind === 'reference' ? sql`(${byAccount} OR ${byName})` : byName;
}

const userListWhere = (filter: UserListFilter) => and(userStatusWhere(filter.status), userSearchWhere(filter.q));

/** A change to the user waiting for a second staff member's approval, and who asked for it. */
export type WaitingStatusChange = { action: 'disable' | 'enable'; requestedByUserId: string; requestedByName: string; requestedAt: Date };

const requester = alias(schema.user, 'requester');

/** A user as the staff list shows them, with the change to them that waits for approval, if any. */
export type ListedUser = UserRow & { waitingChange: WaitingStatusChange | null };

export async function listUsers(db: Executor, filter: UserListFilter): Promise<ListedUser[]> {
  const rows = await db
    .select({
      user: schema.user,
      action: schema.userStatusChange.action,
      requestedByUserId: schema.userStatusChange.requestedByUserId,
      requestedByName: requester.name,
      requestedAt: schema.userStatusChange.requestedAt,
    })
    .from(schema.user)
    .leftJoin(schema.userStatusChange, and(eq(schema.userStatusChange.userId, schema.user.id), isNull(schema.userStatusChange.outcome)))
    .leftJoin(requester, eq(requester.id, schema.userStatusChange.requestedByUserId))
    .where(userListWhere(filter))
    .orderBy(asc(schema.user.createdAt), asc(schema.user.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return rows.map(({ user, action, requestedByUserId, requestedByName, requestedAt }) => ({
    ...user,
    waitingChange: action && requestedByUserId && requestedByName !== null && requestedAt ? { action, requestedByUserId, requestedByName, requestedAt } : null,
  }));
}

export function countUsers(db: Executor, status: UserListFilter['status']): Promise<number> {
  return countListRows(db, 'user', status === undefined ? undefined : String(status === 'disabled'));
}

/** One page of users and how many match the filter; read in one snapshot by the caller. */
export async function pageOfUsers(db: Executor, filter: UserListFilter): Promise<Page<ListedUser>> {
  const total = filter.q ? await countMatches(db, sql`SELECT count(*) FROM "user" WHERE ${userListWhere(filter)}`) : await countUsers(db, filter.status);
  return { rows: await listUsers(db, filter), total };
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(schema.user).where(eq(schema.user.id, id));
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(schema.user).where(eq(schema.user.email, email.toLowerCase()));
  return row;
}

export async function updateUserProfile(db: Executor, id: string, profile: { name: string; image: string }): Promise<void> {
  await db
    .update(schema.user)
    .set({ ...profile, updatedAt: new Date() })
    .where(eq(schema.user.id, id));
}

/**
 * Disables sign-in and ends every session; the user's accounts and journal stay. The session
 * generation rises too (session-generation.ts), so a sign-in still in flight when this commits
 * leaves a session that never serves, not even after the user is re-enabled.
 */
export async function disableUser(db: Executor, id: string, reason: string): Promise<boolean> {
  const updated = await db
    .update(schema.user)
    .set({ banned: true, banReason: reason, sessionGeneration: sql`${schema.user.sessionGeneration} + 1`, updatedAt: new Date() })
    .where(and(eq(schema.user.id, id), eq(schema.user.banned, false)))
    .returning({ id: schema.user.id });
  await db.delete(schema.session).where(eq(schema.session.userId, id));
  return updated.length > 0;
}

/**
 * Lets a disabled user sign in again; their sessions ended when they were disabled, and any made
 * while they were (a sign-in that raced the disabling) ends with the generation raised here.
 */
export async function enableUser(db: Executor, id: string): Promise<boolean> {
  const updated = await db
    .update(schema.user)
    .set({ banned: false, banReason: null, banExpires: null, sessionGeneration: sql`${schema.user.sessionGeneration} + 1`, updatedAt: new Date() })
    .where(and(eq(schema.user.id, id), eq(schema.user.banned, true)))
    .returning({ id: schema.user.id });
  return updated.length > 0;
}
