import { sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import type { Page } from '../../lib/paged-list';

export type ExciseTableStatus = 'pending' | 'approved' | 'declined';
export type NewExciseTable = {
  effectiveFrom: string;
  slabs: ReadonlyArray<{ upToPoisha: bigint | null; dutyPoisha: bigint }>;
  reason: string;
  proposedByUserId: string;
};

/** A proposed table and its slabs, in one statement: both or neither. */
export async function insertExciseTable(tx: Transaction, table: NewExciseTable): Promise<string> {
  const slabs = table.slabs.map((slab, index) => ({ position: index + 1, up_to: slab.upToPoisha === null ? null : slab.upToPoisha.toString(), duty: slab.dutyPoisha.toString() }));
  const result = await tx.execute<{ id: string }>(sql`
    WITH inserted AS (
      INSERT INTO excise_duty_table (effective_from, reason, proposed_by_user_id)
      VALUES (${table.effectiveFrom}::date, ${table.reason}, ${table.proposedByUserId})
      RETURNING id
    ), slabs AS (
      INSERT INTO excise_duty_slab (table_id, position, highest_balance_poisha_max, duty_poisha)
      SELECT i.id, s.position, s.up_to, s.duty FROM inserted i CROSS JOIN ${jsonRows(slabs, sql`position int, up_to bigint, duty bigint`)} AS s
      RETURNING 1
    )
    SELECT id::text AS id FROM inserted WHERE (SELECT count(*) FROM slabs) = ${slabs.length}`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('excise table insert returned no id');
  return id;
}

export type LockedExciseTable = { id: string; effective_from: string; status: ExciseTableStatus; proposed_by_user_id: string };

export async function lockExciseTable(tx: Transaction, tableId: string): Promise<LockedExciseTable | undefined> {
  const result = await tx.execute<LockedExciseTable>(sql`
    SELECT id::text AS id, effective_from::text AS effective_from, status, proposed_by_user_id
    FROM excise_duty_table WHERE id = ${tableId} AND proposed_by_user_id IS NOT NULL FOR UPDATE`);
  return result.rows[0];
}

/** A proposal as it stands, without a lock: who made it and whether it still waits. */
export async function findExciseTable(executor: Executor, tableId: string): Promise<Pick<LockedExciseTable, 'status' | 'proposed_by_user_id'> | undefined> {
  const result = await executor.execute<Pick<LockedExciseTable, 'status' | 'proposed_by_user_id'>>(sql`
    SELECT status, proposed_by_user_id FROM excise_duty_table WHERE id = ${tableId} AND proposed_by_user_id IS NOT NULL`);
  return result.rows[0];
}

/** Whether an approved table already starts on `effectiveFrom`: a second would leave that day's duty undecided. */
export async function approvedTableStartsOn(executor: Executor, effectiveFrom: string): Promise<boolean> {
  const result = await executor.execute(sql`SELECT 1 FROM excise_duty_table WHERE status = 'approved' AND effective_from = ${effectiveFrom}::date`);
  return result.rows.length > 0;
}

export async function markExciseTableDecided(tx: Transaction, tableId: string, status: Exclude<ExciseTableStatus, 'pending'>, staffUserId: string): Promise<void> {
  await tx.execute(sql`UPDATE excise_duty_table SET status = ${status}, decided_at = now(), decided_by_user_id = ${staffUserId} WHERE id = ${tableId}`);
}

export type ExciseTableRow = {
  id: string;
  effective_from: string;
  status: ExciseTableStatus;
  reason: string;
  slabs: Array<{ up_to: string | null; duty: string }>;
  proposed_by_user_id: string | null;
  proposed_by: string | null;
  proposed_at: string;
  decided_by: string | null;
  decided_at: string | null;
};

/** A page of tables, latest effective date first, each with its slabs in order and who proposed and decided it. */
export async function listExciseTables(executor: Executor, filter: { status?: ExciseTableStatus | undefined; limit: number; offset: number }): Promise<Page<ExciseTableRow>> {
  const where = filter.status ? sql`t.status = ${filter.status}` : sql`true`;
  const rows = await executor.execute<ExciseTableRow>(sql`
    SELECT t.id::text AS id, t.effective_from::text AS effective_from, t.status, t.reason,
      (SELECT json_agg(json_build_object('up_to', s.highest_balance_poisha_max::text, 'duty', s.duty_poisha::text) ORDER BY s.position)
       FROM excise_duty_slab s WHERE s.table_id = t.id) AS slabs,
      t.proposed_by_user_id, proposer.name AS proposed_by, t.proposed_at, decider.name AS decided_by, t.decided_at
    FROM excise_duty_table t
    LEFT JOIN "user" proposer ON proposer.id = t.proposed_by_user_id
    LEFT JOIN "user" decider ON decider.id = t.decided_by_user_id
    WHERE ${where} ORDER BY t.effective_from DESC, t.proposed_at DESC, t.id LIMIT ${filter.limit} OFFSET ${filter.offset}`);
  // A table a year or two: a plain count is cheap.
  const total = await executor.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM excise_duty_table t WHERE ${where}`);
  return { rows: rows.rows, total: Number(total.rows[0]?.count ?? 0) };
}

export type ExciseYearTotalsRow = { year: number; accounts: number; duty: string; charged: string; collected: string; due: string };

/**
 * The latest levied years' duty summed over every account, with what later closes collected of
 * the dues. One pass over those years' charges: a staff page read now and then, not a hot path.
 */
export async function exciseYearTotals(executor: Executor, yearsMax: number): Promise<ExciseYearTotalsRow[]> {
  const result = await executor.execute<ExciseYearTotalsRow>(sql`
    WITH collected AS (
      SELECT bank_account_id, year, sum(collected_poisha) AS amount FROM excise_duty_collection GROUP BY bank_account_id, year
    )
    SELECT c.year, count(*)::int AS accounts, sum(c.duty_poisha)::text AS duty, sum(c.charged_poisha)::text AS charged,
      coalesce(sum(x.amount), 0)::text AS collected, (sum(c.due_poisha) - coalesce(sum(x.amount), 0))::text AS due
    FROM excise_duty_charge c LEFT JOIN collected x ON x.bank_account_id = c.bank_account_id AND x.year = c.year
    WHERE c.year > (SELECT max(year) FROM excise_duty_charge) - ${yearsMax}::int
    GROUP BY c.year ORDER BY c.year DESC`);
  return result.rows;
}
