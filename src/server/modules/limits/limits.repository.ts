import { type SQL, sql } from 'drizzle-orm';
import type { AccountTypeSlug } from '../../../shared/constants';
import type { Executor, Transaction } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import type { WritePart } from '../../db/write-together';
import { assertInvariant } from '../../errors';
import type { Page } from '../../lib/paged-list';

/** The limits staff set for one account type; a type without a row has the defaults. */
export type TransferLimitRow = { account_type: AccountTypeSlug; per_transfer_poisha: string; per_day_poisha: string; updated_at: string };

export async function readTransferLimitRows(executor: Executor): Promise<TransferLimitRow[]> {
  const result = await executor.execute<TransferLimitRow>(sql`
    SELECT account_type, per_transfer_poisha::text AS per_transfer_poisha, per_day_poisha::text AS per_day_poisha, updated_at FROM transfer_limit`);
  return result.rows;
}

/**
 * The type's limit row, locked, created with `defaults` first when staff never set its limits:
 * two approvals for one type then apply one after the other, each on the limits the other left,
 * even for the type's first change.
 */
export async function lockTransferLimitRow(tx: Transaction, accountType: AccountTypeSlug, defaults: { perTransferPoisha: bigint; perDayPoisha: bigint }): Promise<TransferLimitRow> {
  await tx.execute(sql`
    INSERT INTO transfer_limit (account_type, per_transfer_poisha, per_day_poisha)
    VALUES (${accountType}, ${defaults.perTransferPoisha.toString()}, ${defaults.perDayPoisha.toString()}) ON CONFLICT (account_type) DO NOTHING`);
  const result = await tx.execute<TransferLimitRow>(sql`
    SELECT account_type, per_transfer_poisha::text AS per_transfer_poisha, per_day_poisha::text AS per_day_poisha, updated_at
    FROM transfer_limit WHERE account_type = ${accountType} FOR UPDATE`);
  const row = result.rows[0];
  if (!row) throw new Error('transfer limit row missing after insert');
  return row;
}

export async function saveTransferLimit(tx: Transaction, values: { accountType: AccountTypeSlug; perTransferPoisha: bigint; perDayPoisha: bigint; staffUserId: string }): Promise<void> {
  await tx.execute(sql`
    INSERT INTO transfer_limit (account_type, per_transfer_poisha, per_day_poisha, updated_by_user_id)
    VALUES (${values.accountType}, ${values.perTransferPoisha.toString()}, ${values.perDayPoisha.toString()}, ${values.staffUserId})
    ON CONFLICT (account_type) DO UPDATE SET per_transfer_poisha = excluded.per_transfer_poisha, per_day_poisha = excluded.per_day_poisha,
      updated_by_user_id = excluded.updated_by_user_id, updated_at = now()`);
}

/**
 * What every account sent to other customers since `since`, from the journal: its customer
 * transfers only, the debits of journal entries of kind `transfer` (a loan repayment or a
 * staff-approved deposit is not one). The truth the kept day sums are checked against.
 */
export async function journalSentSince(executor: Executor, since: Date): Promise<Map<string, bigint>> {
  const result = await executor.execute<{ account_id: string; sent_poisha: string }>(sql`
    SELECT p.ledger_account_code AS account_id, sum(-p.amount_poisha)::text AS sent_poisha
    FROM posting p JOIN journal_entry e ON e.id = p.journal_entry_id
    WHERE p.amount_poisha < 0 AND e.kind = 'transfer' AND e.created_at >= ${since.toISOString()}::timestamptz
    GROUP BY p.ledger_account_code`);
  return new Map(result.rows.map((row) => [row.account_id, BigInt(row.sent_poisha)]));
}

/** A sending account's limits as staff set them for its type (null: the defaults), and its sum for today (`bank_day`). */
export type SenderAllowanceRow = { account_id: string; per_transfer_poisha: string | null; per_day_poisha: string | null; sent_poisha: string; bank_day: string };

/**
 * Today in Dhaka by the database's clock. Limits per day are counted on it rather than on the
 * instance's own clock: two instances whose clocks disagree around midnight would otherwise each
 * count the same transfers on a different day, and the lagging one would neither check nor count
 * them against today's limit.
 */
export const bankDayAt = (moment: SQL) => sql`(${moment} AT TIME ZONE 'Asia/Dhaka')::date`;
export const bankDaySql = bankDayAt(sql`now()`);

/**
 * What the transfer limits need of an account, for any query over `bank_account b` that adds
 * `allowanceJoins`: its type's limits (null: the defaults), what it has sent today (a sum kept
 * for an earlier day counts as nothing), and today's date itself (`bank_day`), for the write that
 * adds to the sum.
 */
export const allowanceColumns = sql`t.per_transfer_poisha::text AS per_transfer_poisha, t.per_day_poisha::text AS per_day_poisha,
  (CASE WHEN s.day = ${bankDaySql} THEN s.sent_poisha ELSE 0 END)::text AS sent_poisha, ${bankDaySql}::text AS bank_day`;
export const allowanceJoins = sql`LEFT JOIN transfer_limit t ON t.account_type = b.account_type LEFT JOIN account_day_sent s ON s.account_id = b.id`;

/** For each account, its type's limits and what it has sent today, in one statement. */
export async function readSenderAllowances(executor: Executor, accountIds: readonly string[]): Promise<SenderAllowanceRow[]> {
  if (accountIds.length === 0) return [];
  const result = await executor.execute<SenderAllowanceRow>(sql`
    SELECT b.id AS account_id, ${allowanceColumns}
    FROM bank_account b ${allowanceJoins}
    WHERE b.id IN (${sql.join(
      accountIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return result.rows;
}

/**
 * Adds each account's transfers to its sum for the Dhaka day `day`, as one part of a combined
 * write (`writeTogether`); a sum of an earlier day starts again. `day` is the one the transfer's
 * locked read answered (`bank_day`); a sum already on a later day (a transaction that began after
 * midnight and committed first) is left as it is. Nothing to write when nothing was sent.
 */
export function daySentWrite(day: string, sentPoisha: ReadonlyMap<string, bigint>): WritePart | undefined {
  if (sentPoisha.size === 0) return undefined;
  const rows = [...sentPoisha].map(([accountId, sent]) => ({ account_id: accountId, sent: sent.toString() }));
  return {
    steps: [
      [
        'day_sent',
        sql`
      INSERT INTO account_day_sent AS s (account_id, day, sent_poisha)
      SELECT v.account_id, ${day}::date, v.sent FROM ${jsonRows(rows, sql`account_id text, sent bigint`)} AS v
      ON CONFLICT (account_id) DO UPDATE SET
        sent_poisha = CASE WHEN s.day = excluded.day THEN s.sent_poisha + excluded.sent_poisha WHEN s.day < excluded.day THEN excluded.sent_poisha ELSE s.sent_poisha END,
        day = greatest(s.day, excluded.day)
      RETURNING 1`,
      ],
    ],
    answer: sql`(SELECT count(*)::int FROM day_sent)`,
    check: (written) => assertInvariant(Number(written) === rows.length, 'every sending account has its day sum'),
  };
}

/** Every kept day sum of `day`, for checking against the journal. */
export async function readDaySums(executor: Executor, day: string): Promise<Map<string, bigint>> {
  const result = await executor.execute<{ account_id: string; sent_poisha: string }>(sql`
    SELECT account_id, sent_poisha::text AS sent_poisha FROM account_day_sent WHERE day = ${day}::date`);
  return new Map(result.rows.map((row) => [row.account_id, BigInt(row.sent_poisha)]));
}

/** The account's type when `ownerUserId` owns it; another customer's account reads as missing. */
export async function findOwnAccountType(executor: Executor, ownerUserId: string, accountId: string): Promise<AccountTypeSlug | undefined> {
  const result = await executor.execute<{ account_type: AccountTypeSlug }>(sql`
    SELECT account_type FROM bank_account WHERE id = ${accountId} AND owner_user_id = ${ownerUserId}`);
  return result.rows[0]?.account_type;
}

export type NewLimitProposal = { accountType: AccountTypeSlug; perTransferPoisha: bigint | undefined; perDayPoisha: bigint | undefined; reason: string; proposedByUserId: string };

const optionalPoisha = (poisha: bigint | undefined) => (poisha === undefined ? null : poisha.toString());

export async function insertLimitProposal(tx: Transaction, proposal: NewLimitProposal): Promise<string> {
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO transfer_limit_proposal (account_type, per_transfer_poisha, per_day_poisha, reason, proposed_by_user_id)
    VALUES (${proposal.accountType}, ${optionalPoisha(proposal.perTransferPoisha)}, ${optionalPoisha(proposal.perDayPoisha)}, ${proposal.reason}, ${proposal.proposedByUserId})
    RETURNING id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('limit proposal insert returned no id');
  return id;
}

export type LimitProposalStatus = 'pending' | 'approved' | 'declined';
export type LockedLimitProposal = {
  id: string;
  account_type: AccountTypeSlug;
  per_transfer_poisha: string | null;
  per_day_poisha: string | null;
  status: LimitProposalStatus;
  proposed_by_user_id: string;
};

export async function lockLimitProposal(tx: Transaction, proposalId: string): Promise<LockedLimitProposal | undefined> {
  const result = await tx.execute<LockedLimitProposal>(sql`
    SELECT id, account_type, per_transfer_poisha::text AS per_transfer_poisha, per_day_poisha::text AS per_day_poisha, status, proposed_by_user_id
    FROM transfer_limit_proposal WHERE id = ${proposalId} FOR UPDATE`);
  return result.rows[0];
}

/** A proposal as it stands, without a lock: who made it and whether it still waits. */
export async function findLimitProposal(executor: Executor, proposalId: string): Promise<Pick<LockedLimitProposal, 'status' | 'proposed_by_user_id'> | undefined> {
  const result = await executor.execute<Pick<LockedLimitProposal, 'status' | 'proposed_by_user_id'>>(sql`
    SELECT status, proposed_by_user_id FROM transfer_limit_proposal WHERE id = ${proposalId}`);
  return result.rows[0];
}

export async function markLimitProposalDecided(tx: Transaction, proposalId: string, status: Exclude<LimitProposalStatus, 'pending'>, staffUserId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE transfer_limit_proposal SET status = ${status}, decided_at = now(), decided_by_user_id = ${staffUserId} WHERE id = ${proposalId}`);
}

export type LimitProposalRow = LockedLimitProposal & {
  reason: string;
  proposed_at: string;
  proposed_by: string;
  decided_at: string | null;
  decided_by: string | null;
};

/** A page of proposals, newest first, with the names of who proposed and who decided. */
export async function listLimitProposals(executor: Executor, filter: { status?: LimitProposalStatus | undefined; limit: number; offset: number }): Promise<Page<LimitProposalRow>> {
  const where = filter.status ? sql`p.status = ${filter.status}` : sql`true`;
  const rows = await executor.execute<LimitProposalRow>(sql`
    SELECT p.id, p.account_type, p.per_transfer_poisha::text AS per_transfer_poisha, p.per_day_poisha::text AS per_day_poisha, p.status,
      p.proposed_by_user_id, p.reason, p.proposed_at, proposer.name AS proposed_by, p.decided_at, decider.name AS decided_by
    FROM transfer_limit_proposal p
    JOIN "user" proposer ON proposer.id = p.proposed_by_user_id
    LEFT JOIN "user" decider ON decider.id = p.decided_by_user_id
    WHERE ${where} ORDER BY p.proposed_at DESC, p.id LIMIT ${filter.limit} OFFSET ${filter.offset}`);
  // Proposals are few (a handful a year per account type): a plain count is cheap.
  const total = await executor.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM transfer_limit_proposal p WHERE ${where}`);
  return { rows: rows.rows, total: Number(total.rows[0]?.count ?? 0) };
}
