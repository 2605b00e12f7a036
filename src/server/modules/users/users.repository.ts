import { and, asc, eq } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import { countListRows } from '../../lib/list-row-count';

export type UserRow = typeof schema.user.$inferSelect;

export type UserListFilter = { status?: 'active' | 'disabled' | undefined; limit: number; offset: number };

const userStatusWhere = (status: UserListFilter['status']) => (status === undefined ? undefined : eq(schema.user.banned, status === 'disabled'));

export function listUsers(db: Executor, filter: UserListFilter): Promise<UserRow[]> {
  return db
    .select()
    .from(schema.user)
    .where(userStatusWhere(filter.status))
    .orderBy(asc(schema.user.createdAt), asc(schema.user.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export function countUsers(db: Executor, status: UserListFilter['status']): Promise<number> {
  return countListRows(db, 'user', status === undefined ? undefined : String(status === 'disabled'));
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
  await db.update(schema.user).set({ ...profile, updatedAt: new Date() }).where(eq(schema.user.id, id));
}

/** Disables sign-in and ends every session; the user's accounts and journal stay. */
export async function disableUser(db: Executor, id: string, reason: string): Promise<boolean> {
  const updated = await db
    .update(schema.user)
    .set({ banned: true, banReason: reason, updatedAt: new Date() })
    .where(and(eq(schema.user.id, id), eq(schema.user.banned, false)))
    .returning({ id: schema.user.id });
  await db.delete(schema.session).where(eq(schema.session.userId, id));
  return updated.length > 0;
}
