import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Page } from '../../lib/paged-list';

export type NotificationRow = { id: string; kind: string; params: unknown; created_at: string; read_at: string | null };

/** One page of a user's notifications, newest first, and how many they hold. */
export async function pageOfNotifications(db: Executor, userId: string, page: { limit: number; offset: number }): Promise<Page<NotificationRow>> {
  const rows = await db.execute<NotificationRow>(sql`
    SELECT id, kind, params, created_at, read_at FROM notification
    WHERE user_id = ${userId}
    ORDER BY created_at DESC, id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  const counted = await db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM notification WHERE user_id = ${userId}`);
  return { rows: rows.rows, total: Number(counted.rows[0]?.total ?? 0) };
}

/** The bell's figure, read from the partial index of unread rows only. */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  const result = await db.execute<{ unread: number }>(sql`SELECT count(*)::int AS unread FROM notification WHERE user_id = ${userId} AND read_at IS NULL`);
  return Number(result.rows[0]?.unread ?? 0);
}

/**
 * Marks one of the user's notifications read. Answers whether it is theirs at all (read before or
 * now): another user's id is found exactly as often as a missing one.
 */
export async function markRead(db: Executor, userId: string, notificationId: string): Promise<{ found: boolean; modified: number }> {
  const result = await db.execute<{ found: number; modified: number }>(sql`
    WITH mine AS (SELECT id, read_at FROM notification WHERE id = ${notificationId} AND user_id = ${userId}),
    marked AS (UPDATE notification SET read_at = now() WHERE id IN (SELECT id FROM mine WHERE read_at IS NULL) RETURNING 1)
    SELECT (SELECT count(*)::int FROM mine) AS found, (SELECT count(*)::int FROM marked) AS modified`);
  const row = result.rows[0];
  return { found: Number(row?.found ?? 0) > 0, modified: Number(row?.modified ?? 0) };
}

export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`UPDATE notification SET read_at = now() WHERE user_id = ${userId} AND read_at IS NULL RETURNING id`);
  return result.rows.length;
}
