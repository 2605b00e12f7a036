import { dhakaToInstant } from '../../../shared/dates';
import type { ServiceNoticeAnswer, ServiceNoticeInput } from '../../../shared/schemas/service-notice';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { toIso } from '../../lib/answer-fields';
import { recordAudit } from '../../lib/audit';
import type { SignedInUser } from '../../plugins/access-guard';
import { endNoticeNow, insertNotice, listCurrentNotices, noticeExists, type ServiceNoticeRow } from './service-notices.repository';

export const toNoticeAnswer = (row: ServiceNoticeRow): ServiceNoticeAnswer => ({
  id: row.id,
  kind: row.kind,
  textEn: row.text_en,
  textBn: row.text_bn,
  startsAt: toIso(row.starts_at),
  endsAt: toIso(row.ends_at),
  endedEarly: row.ended_early_at !== null,
});

/** How long one instance answers the banner from memory: every page asks, and a notice may wait this long to show or go. */
export const currentNoticesCacheMs = 5_000;

/**
 * The current notices as every page load asks for them: one small query at most every few
 * seconds per instance, and a notice ending in the meantime is dropped on the way out. Staff
 * changes clear this instance's copy at once; other instances follow within the cache time.
 */
export function currentNoticesCache(db: Database, now: () => number = Date.now) {
  let cached: { at: number; notices: ServiceNoticeAnswer[] } | undefined;
  let loading: Promise<ServiceNoticeAnswer[]> | undefined;
  const load = async () => {
    const notices = (await listCurrentNotices(db)).map(toNoticeAnswer);
    cached = { at: now(), notices };
    return notices;
  };
  return {
    async current(): Promise<ServiceNoticeAnswer[]> {
      const fresh = cached && now() - cached.at < currentNoticesCacheMs ? cached.notices : undefined;
      // Concurrent page loads after the copy expired share one query.
      const notices = fresh ?? (await (loading ??= load().finally(() => (loading = undefined))));
      return notices.filter((notice) => Date.parse(notice.endsAt) > now() && Date.parse(notice.startsAt) <= now());
    },
    clear(): void {
      cached = undefined;
    },
  };
}
export type CurrentNoticesCache = ReturnType<typeof currentNoticesCache>;

export async function postNotice(db: Database, staff: SignedInUser, input: ServiceNoticeInput): Promise<ServiceNoticeAnswer> {
  const startsAt = dhakaToInstant(input.startsAt);
  const endsAt = dhakaToInstant(input.endsAt);
  if (!startsAt || !endsAt) throw new Error('the schema checked both times');
  return db.transaction(async (tx) => {
    const row = await insertNotice(tx, { kind: input.kind, textEn: input.textEn, textBn: input.textBn, startsAt, endsAt, createdByUserId: staff.id });
    await recordAudit(tx, {
      actorUserId: staff.id,
      action: 'service_notice.post',
      subjectType: 'service_notice',
      subjectId: row.id,
      after: 'posted',
      detail: { kind: row.kind, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
    });
    return toNoticeAnswer(row);
  });
}

export async function endNotice(db: Database, staff: SignedInUser, noticeId: string): Promise<ServiceNoticeAnswer> {
  return db.transaction(async (tx) => {
    const row = await endNoticeNow(tx, noticeId);
    if (!row) {
      if (await noticeExists(tx, noticeId)) throw conflict('already_ended', 'This notice has already ended');
      throw notFound('Notice');
    }
    await recordAudit(tx, { actorUserId: staff.id, action: 'service_notice.end', subjectType: 'service_notice', subjectId: row.id, before: 'posted', after: 'ended' });
    return toNoticeAnswer(row);
  });
}
