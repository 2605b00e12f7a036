import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Page } from '../../lib/paged-list';

/** One audit_event row with the e-mail and name of the staff member who acted. */
export type AuditEventRow = {
  id: string;
  created_at: string;
  action: string;
  subject_type: string;
  subject_id: string;
  detail: Record<string, unknown> | null;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
};

/**
 * The events of one account: those about the account itself, and those about its cards, loans
 * and deposit requests, which carry the account number in `detail.accountId`. The events of a
 * deleted request stay, so the trail still says who removed it.
 */
const aboutAccount = (accountId: string) => sql`((e.subject_type = 'bank_account' AND e.subject_id = ${accountId}) OR e.detail->>'accountId' = ${accountId})`;

export async function listAccountAuditEvents(executor: Executor, accountId: string, page: { limit: number; offset: number }): Promise<AuditEventRow[]> {
  const result = await executor.execute<AuditEventRow>(sql`
    SELECT e.id::text AS id, e.created_at, e.action, e.subject_type, e.subject_id, e.detail, e.actor_user_id,
      u.email AS actor_email, u.name AS actor_name
    FROM audit_event e LEFT JOIN "user" u ON u.id = e.actor_user_id
    WHERE ${aboutAccount(accountId)}
    ORDER BY e.created_at DESC, e.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  return result.rows;
}

export async function countAccountAuditEvents(executor: Executor, accountId: string): Promise<number> {
  const result = await executor.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM audit_event e WHERE ${aboutAccount(accountId)}`);
  return Number(result.rows[0]?.total ?? 0);
}

/** One page of an account's events, newest first, and how many there are; read in one snapshot by the caller. */
export async function pageOfAccountAuditEvents(executor: Executor, accountId: string, page: { limit: number; offset: number }): Promise<Page<AuditEventRow>> {
  return { rows: await listAccountAuditEvents(executor, accountId, page), total: await countAccountAuditEvents(executor, accountId) };
}
