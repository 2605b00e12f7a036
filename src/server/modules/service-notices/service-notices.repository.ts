import { sql } from 'drizzle-orm';
import type { NoticeProposalStatus, ServiceNoticeKind } from '../../../shared/schemas/service-notice';
import type { Executor, Transaction } from '../../db/client';
import type { Page } from '../../lib/paged-list';

export type ServiceNoticeRow = {
  id: string;
  kind: ServiceNoticeKind;
  text_en: string;
  text_bn: string;
  starts_at: string;
  ends_at: string;
  ended_early_at: string | null;
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

/** Publishes an approved proposal as a notice: its words and times as proposed, with who wrote it and who approved it. */
export async function publishProposal(tx: Transaction, proposal: LockedNoticeProposal, approvedByUserId: string): Promise<ServiceNoticeRow> {
  const result = await tx.execute<ServiceNoticeRow>(sql`
    INSERT INTO service_notice (kind, text_en, text_bn, starts_at, ends_at, created_by_user_id, approved_by_user_id, proposal_id)
    SELECT kind, text_en, text_bn, starts_at, ends_at, proposed_by_user_id, ${approvedByUserId}, id FROM service_notice_proposal WHERE id = ${proposal.id}
    RETURNING ${noticeColumns}`);
  const row = result.rows[0];
  if (!row) throw new Error('service notice insert returned no row');
  return row;
}

/**
 * Ends a notice now: a current one stops showing, an upcoming one never shows (its start moves
 * back so that the end still follows it). Undefined when the notice does not exist or already
 * ended. `ended_early_at` is checked as well as the end: two staff ending one notice at once are
 * run one after the other, and the second's `now()` (its transaction's start) may be earlier than
 * the end the first one wrote, so the end alone would let it end the notice a second time.
 */
export async function endNoticeNow(tx: Transaction, noticeId: string): Promise<ServiceNoticeRow | undefined> {
  const result = await tx.execute<ServiceNoticeRow>(sql`
    UPDATE service_notice SET ends_at = now(), ended_early_at = now(), starts_at = least(starts_at, now() - interval '1 millisecond')
    WHERE id = ${noticeId} AND ends_at > now() AND ended_early_at IS NULL
    RETURNING ${noticeColumns}`);
  return result.rows[0];
}

export async function noticeExists(executor: Executor, noticeId: string): Promise<boolean> {
  const result = await executor.execute(sql`SELECT 1 FROM service_notice WHERE id = ${noticeId}`);
  return result.rows.length > 0;
}

export type NewNoticeProposal = { kind: ServiceNoticeKind; textEn: string; textBn: string; startsAt: Date; endsAt: Date; proposedByUserId: string };

/**
 * Records a proposed notice, unless its end has already passed by the database's clock (the one
 * clock every instance shares): undefined then, and nothing is written.
 */
export async function insertNoticeProposal(tx: Transaction, proposal: NewNoticeProposal): Promise<string | undefined> {
  const endsAt = proposal.endsAt.toISOString();
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO service_notice_proposal (kind, text_en, text_bn, starts_at, ends_at, proposed_by_user_id)
    SELECT ${proposal.kind}, ${proposal.textEn}, ${proposal.textBn}, ${proposal.startsAt.toISOString()}::timestamptz, ${endsAt}::timestamptz, ${proposal.proposedByUserId}
    WHERE ${endsAt}::timestamptz > now()
    RETURNING id`);
  return result.rows[0]?.id;
}

/** A proposal as its decision needs it, locked; `window_passed` says its end is behind the database's clock. */
export type LockedNoticeProposal = { id: string; kind: ServiceNoticeKind; status: NoticeProposalStatus; proposed_by_user_id: string; window_passed: boolean };

export async function lockNoticeProposal(tx: Transaction, proposalId: string): Promise<LockedNoticeProposal | undefined> {
  const result = await tx.execute<LockedNoticeProposal>(sql`
    SELECT id, kind, status, proposed_by_user_id, ends_at <= now() AS window_passed
    FROM service_notice_proposal WHERE id = ${proposalId} FOR UPDATE`);
  return result.rows[0];
}

/** A proposal as it stands, without a lock: for deciding whether its approval asks for a code. */
export async function findNoticeProposal(executor: Executor, proposalId: string): Promise<Omit<LockedNoticeProposal, 'id' | 'kind'> | undefined> {
  const result = await executor.execute<Omit<LockedNoticeProposal, 'id' | 'kind'>>(sql`
    SELECT status, proposed_by_user_id, ends_at <= now() AS window_passed FROM service_notice_proposal WHERE id = ${proposalId}`);
  return result.rows[0];
}

export async function markNoticeProposalDecided(
  tx: Transaction,
  proposalId: string,
  decision: { status: Exclude<NoticeProposalStatus, 'pending'>; staffUserId: string; declinedReason?: string | undefined },
): Promise<void> {
  await tx.execute(sql`
    UPDATE service_notice_proposal SET status = ${decision.status}, decided_at = now(), decided_by_user_id = ${decision.staffUserId}, declined_reason = ${decision.declinedReason ?? null}
    WHERE id = ${proposalId} AND status = 'pending'`);
}

export type NoticeProposalRow = {
  id: string;
  kind: ServiceNoticeKind;
  text_en: string;
  text_bn: string;
  starts_at: string;
  ends_at: string;
  status: NoticeProposalStatus;
  proposed_by_user_id: string;
  proposed_by: string;
  proposed_at: string;
  decided_by: string | null;
  decided_at: string | null;
  declined_reason: string | null;
};

/** A page of proposals, newest first, with the names of who proposed and who decided. */
export async function listNoticeProposals(executor: Executor, filter: { status?: NoticeProposalStatus | undefined; limit: number; offset: number }): Promise<Page<NoticeProposalRow>> {
  const where = filter.status ? sql`p.status = ${filter.status}` : sql`true`;
  const rows = await executor.execute<NoticeProposalRow>(sql`
    SELECT p.id, p.kind, p.text_en, p.text_bn, p.starts_at, p.ends_at, p.status, p.proposed_by_user_id, proposer.name AS proposed_by, p.proposed_at,
      decider.name AS decided_by, p.decided_at, p.declined_reason
    FROM service_notice_proposal p
    JOIN "user" proposer ON proposer.id = p.proposed_by_user_id
    LEFT JOIN "user" decider ON decider.id = p.decided_by_user_id
    WHERE ${where} ORDER BY p.proposed_at DESC, p.id LIMIT ${filter.limit} OFFSET ${filter.offset}`);
  // Notices are rare (a few a month): a plain count is cheap.
  const total = await executor.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM service_notice_proposal p WHERE ${where}`);
  return { rows: rows.rows, total: Number(total.rows[0]?.count ?? 0) };
}
