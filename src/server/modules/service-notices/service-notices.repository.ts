import { sql } from 'drizzle-orm';
import type { ServiceNoticeKind } from '../../../shared/schemas/service-notice';
import type { Executor, Transaction } from '../../db/client';

export type ServiceNoticeRow = {
  id: string;
  kind: ServiceNoticeKind;
  text_en: string;
  text_bn: string;
  starts_at: string | Date;
  ends_at: string | Date;
  ended_early_at: string | Date | null;
};

const noticeColumns = sql`id, kind, text_en, text_bn, starts_at, ends_at, ended_early_at`;

/** How many notices one answer carries: a banner shows a few at most, the staff page the recent ones. */
export const currentNoticesMax = 3;
export const listedNoticesMax = 50;

export async function listCurrentNotices(executor: Executor): Promise<ServiceNoticeRow[]> {
  const result = await executor.execute<ServiceNoticeRow>(sql`
    SELECT ${noticeColumns} FROM service_notice WHERE ends_at > now() AND starts_at <= now()
    ORDER BY starts_at DESC LIMIT ${currentNoticesMax}`);
  return result.rows;
}

/** Upcoming and current notices first, then the ones that ended, newest first. */
export async function listRecentNotices(executor: Executor): Promise<ServiceNoticeRow[]> {
  const result = await executor.execute<ServiceNoticeRow>(sql`
    SELECT ${noticeColumns} FROM service_notice ORDER BY (ends_at > now()) DESC, starts_at DESC LIMIT ${listedNoticesMax}`);
  return result.rows;
}

export async function insertNotice(
  tx: Transaction,
  notice: { kind: ServiceNoticeKind; textEn: string; textBn: string; startsAt: Date; endsAt: Date; createdByUserId: string },
): Promise<ServiceNoticeRow> {
  const result = await tx.execute<ServiceNoticeRow>(sql`
    INSERT INTO service_notice (kind, text_en, text_bn, starts_at, ends_at, created_by_user_id)
    VALUES (${notice.kind}, ${notice.textEn}, ${notice.textBn}, ${notice.startsAt.toISOString()}, ${notice.endsAt.toISOString()}, ${notice.createdByUserId})
    RETURNING ${noticeColumns}`);
  const row = result.rows[0];
  if (!row) throw new Error('service notice insert returned no row');
  return row;
}

/**
 * Ends a notice now: a current one stops showing, an upcoming one never shows (its start moves
 * back so that the end still follows it). Undefined when the notice does not exist or already ended.
 */
export async function endNoticeNow(tx: Transaction, noticeId: string): Promise<ServiceNoticeRow | undefined> {
  const result = await tx.execute<ServiceNoticeRow>(sql`
    UPDATE service_notice SET ends_at = now(), ended_early_at = now(), starts_at = least(starts_at, now() - interval '1 millisecond')
    WHERE id = ${noticeId} AND ends_at > now()
    RETURNING ${noticeColumns}`);
  return result.rows[0];
}

export async function noticeExists(executor: Executor, noticeId: string): Promise<boolean> {
  const result = await executor.execute(sql`SELECT 1 FROM service_notice WHERE id = ${noticeId}`);
  return result.rows.length > 0;
}
