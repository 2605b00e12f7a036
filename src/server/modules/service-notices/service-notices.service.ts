import { dhakaToInstant } from '../../../shared/dates';
import type { NoticeProposalAnswer, ServiceNoticeAnswer, ServiceNoticeInput } from '../../../shared/schemas/service-notice';
import type { Database, Transaction } from '../../db/client';
import { AppError, assertInvariant, conflict, notFound } from '../../errors';
import { toIso } from '../../lib/answer-fields';
import { recordAudit } from '../../lib/audit';
import type { SignedInUser } from '../auth/signed-in-user';
import { stepUpForEveryApproval, type AccountlessRequestType, type DecisionRecord } from '../decisions/staff-decision';
import {
  endNoticeNow,
  findNoticeProposal,
  insertNoticeProposal,
  listCurrentNotices,
  lockNoticeProposal,
  markNoticeProposalDecided,
  noticeExists,
  publishProposal,
  type LockedNoticeProposal,
  type NoticeProposalRow,
  type ServiceNoticeRow,
} from './service-notices.repository';

export const toNoticeProposalAnswer = (row: NoticeProposalRow): NoticeProposalAnswer => ({
  id: row.id,
  kind: row.kind,
  textEn: row.text_en,
  textBn: row.text_bn,
  startsAt: toIso(row.starts_at),
  endsAt: toIso(row.ends_at),
  status: row.status,
  proposedBy: row.proposed_by,
  proposedByUserId: row.proposed_by_user_id,
  proposedAt: toIso(row.proposed_at),
  decidedBy: row.decided_by,
  decidedAt: row.decided_at === null ? null : toIso(row.decided_at),
  declinedReason: row.declined_reason,
});

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

/** A notice's words and times as the audit trail keeps them, so the trail says what customers were to read. */
const noticeDetail = (notice: { kind: string; textEn: string; textBn: string; startsAt: Date; endsAt: Date }) => ({
  kind: notice.kind,
  textEn: notice.textEn,
  textBn: notice.textBn,
  startsAt: notice.startsAt.toISOString(),
  endsAt: notice.endsAt.toISOString(),
});

const endPassed = 'End time must be in the future';

/**
 * A staff member proposes a notice; nothing shows until a second member of staff approves it
 * (`noticeProposals`). A notice whose end has already passed is refused: it would never show.
 */
export async function proposeNotice(tx: Transaction, staff: SignedInUser, input: ServiceNoticeInput): Promise<string> {
  const startsAt = dhakaToInstant(input.startsAt);
  const endsAt = dhakaToInstant(input.endsAt);
  if (!startsAt || !endsAt) throw new Error('the schema checked both times');
  const notice = { kind: input.kind, textEn: input.textEn, textBn: input.textBn, startsAt, endsAt };
  const id = await insertNoticeProposal(tx, { ...notice, proposedByUserId: staff.id });
  if (id === undefined) throw new AppError(400, 'invalid_input', endPassed, { endsAt: endPassed });
  await recordAudit(tx, { actorUserId: staff.id, action: 'service_notice.propose', subjectType: 'service_notice_proposal', subjectId: id, after: 'pending', detail: noticeDetail(notice) });
  return id;
}

const alreadyDecided = { code: 'already_decided', message: 'This notice has already been decided' };
const windowPassed = () => conflict('notice_window_passed', 'This notice’s end time has passed: decline it and propose it again with new times');

/**
 * A proposed notice, as a request the staff-decision pipeline decides: it belongs to no bank
 * account, and the staff member who proposed it may not approve it (maker-checker). Approving
 * publishes it, from its start time, on every page; declining says why and publishes nothing.
 */
export const noticeProposals: AccountlessRequestType<LockedNoticeProposal, DecisionRecord, DecisionRecord> = {
  label: 'Notice proposal',
  subjectType: 'service_notice_proposal',
  lockAlone: lockNoticeProposal,
  makerOf: (proposal) => proposal.proposed_by_user_id,
  // A notice speaks for the bank to every visitor, and a false one (a "helpline" number, a link)
  // is the fraud a bank's own site makes believable: the approver proves again who they are, as
  // for a limit change. An approval refused anyway is refused without asking for a code.
  approvalStepUp: stepUpForEveryApproval('service notice publication', findNoticeProposal, (proposal) => proposal.window_passed),
  approve: {
    action: 'service_notice.approve',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request }) => {
      if (request.window_passed) throw windowPassed();
      const notice = await publishProposal(tx, request, staff.id);
      await markNoticeProposalDecided(tx, request.id, { status: 'approved', staffUserId: staff.id });
      return { after: 'approved', detail: { noticeId: notice.id, kind: notice.kind } };
    },
  },
  decline: {
    action: 'service_notice.decline',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request, note }) => {
      assertInvariant(note !== undefined, 'the route requires a reason to decline a notice');
      await markNoticeProposalDecided(tx, request.id, { status: 'declined', staffUserId: staff.id, declinedReason: note });
      return { after: 'declined', detail: { kind: request.kind } };
    },
  },
};

/**
 * Ends a notice now, decided by one member of staff: taking a wrong or stale notice down must not
 * wait for a second person (docs/decisions/029-service-notice-maker-checker.md).
 */
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
