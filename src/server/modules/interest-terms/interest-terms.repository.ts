import { sql } from 'drizzle-orm';
import type { AccountTypeSlug } from '../../../shared/constants';
import type { InterestTermsProposal, PostingFrequencyName, TermsProposalStatus } from '../../../shared/schemas/interest-terms';
import type { Executor, Transaction } from '../../db/client';
import type { Page } from '../../lib/paged-list';

/** A tier as a version or a proposal keeps it: the threshold in poisha (decimal text: JSON has no bigint) and the rate in basis points. */
export type StoredTier = { balancePoishaMin: string; annualRateBasisPoints: number };

export type TermsVersionRow = {
  id: string;
  account_type: AccountTypeSlug;
  effective_from: string;
  posting: PostingFrequencyName;
  balance_to_earn_poisha_min: string;
  tiers: StoredTier[];
  proposed_by: string | null;
  approved_by: string | null;
};

/** Versions are few (one per account type per rate change): every one is listed, newest first within a type. */
export const termsVersionsListedMax = 200;

/** Every version of every account type's terms with its tiers ascending, and who proposed and approved it. */
export async function listTermsVersions(executor: Executor): Promise<TermsVersionRow[]> {
  const result = await executor.execute<TermsVersionRow>(sql`
    SELECT t.id::text, t.account_type, t.effective_from::text AS effective_from, t.posting, t.balance_to_earn_poisha_min::text AS balance_to_earn_poisha_min,
      coalesce((SELECT json_agg(json_build_object('balancePoishaMin', r.balance_poisha_min::text, 'annualRateBasisPoints', r.annual_rate_basis_points) ORDER BY r.balance_poisha_min)
                FROM interest_terms_tier r WHERE r.terms_id = t.id), '[]'::json) AS tiers,
      proposer.name AS proposed_by, approver.name AS approved_by
    FROM interest_terms t
    LEFT JOIN "user" proposer ON proposer.id = t.proposed_by_user_id
    LEFT JOIN "user" approver ON approver.id = t.approved_by_user_id
    ORDER BY t.account_type, t.effective_from DESC
    LIMIT ${termsVersionsListedMax}`);
  return result.rows;
}

/** Whether a version of the account type already starts on the date (one version a day, by the table's unique key). */
export async function versionStartsOn(executor: Executor, accountType: AccountTypeSlug, effectiveFrom: string): Promise<boolean> {
  const result = await executor.execute(sql`SELECT 1 FROM interest_terms WHERE account_type = ${accountType} AND effective_from = ${effectiveFrom}::date`);
  return result.rows.length > 0;
}

export async function insertTermsProposal(tx: Transaction, proposal: InterestTermsProposal, proposedByUserId: string): Promise<string> {
  const tiers: StoredTier[] = proposal.tiers.map((tier) => ({ balancePoishaMin: tier.balanceMin.toString(), annualRateBasisPoints: tier.annualRatePercent }));
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO interest_terms_proposal (account_type, effective_from, posting, balance_to_earn_poisha_min, tiers, reason, proposed_by_user_id)
    VALUES (${proposal.accountType}, ${proposal.effectiveFrom}::date, ${proposal.posting}, ${proposal.balanceToEarnMin.toString()}::bigint, ${JSON.stringify(tiers)}::jsonb, ${proposal.reason}, ${proposedByUserId})
    RETURNING id::text`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('interest terms proposal insert returned no row');
  return id;
}

/** A proposal as its decision needs it, locked. */
export type LockedTermsProposal = {
  id: string;
  account_type: AccountTypeSlug;
  effective_from: string;
  posting: PostingFrequencyName;
  balance_to_earn_poisha_min: string;
  tiers: StoredTier[];
  status: TermsProposalStatus;
  proposed_by_user_id: string;
};

const lockedColumns = sql`id::text, account_type, effective_from::text AS effective_from, posting, balance_to_earn_poisha_min::text AS balance_to_earn_poisha_min, tiers, status, proposed_by_user_id`;

export async function lockTermsProposal(tx: Transaction, proposalId: string): Promise<LockedTermsProposal | undefined> {
  const result = await tx.execute<LockedTermsProposal>(sql`SELECT ${lockedColumns} FROM interest_terms_proposal WHERE id = ${proposalId} FOR UPDATE`);
  return result.rows[0];
}

/** A proposal as it stands, without a lock: for deciding whether its approval asks for a code. */
export async function findTermsProposal(executor: Executor, proposalId: string): Promise<LockedTermsProposal | undefined> {
  const result = await executor.execute<LockedTermsProposal>(sql`SELECT ${lockedColumns} FROM interest_terms_proposal WHERE id = ${proposalId}`);
  return result.rows[0];
}

/**
 * Inserts an approved proposal as a new version with its tiers: an insert only, so no version in
 * force and no accrual made under one is ever changed.
 */
export async function insertTermsVersion(tx: Transaction, proposal: LockedTermsProposal, approvedByUserId: string): Promise<string> {
  const inserted = await tx.execute<{ id: string }>(sql`
    INSERT INTO interest_terms (account_type, effective_from, posting, balance_to_earn_poisha_min, proposed_by_user_id, approved_by_user_id, approved_at)
    VALUES (${proposal.account_type}, ${proposal.effective_from}::date, ${proposal.posting}, ${proposal.balance_to_earn_poisha_min}::bigint, ${proposal.proposed_by_user_id}, ${approvedByUserId}, now())
    RETURNING id::text`);
  const termsId = inserted.rows[0]?.id;
  if (!termsId) throw new Error('interest terms insert returned no row');
  for (const tier of proposal.tiers) {
    await tx.execute(sql`
      INSERT INTO interest_terms_tier (terms_id, balance_poisha_min, annual_rate_basis_points)
      VALUES (${termsId}::uuid, ${tier.balancePoishaMin}::bigint, ${tier.annualRateBasisPoints})`);
  }
  return termsId;
}

export async function markTermsProposalDecided(
  tx: Transaction,
  proposalId: string,
  decision: { status: Exclude<TermsProposalStatus, 'pending'>; staffUserId: string; termsId?: string; declinedReason?: string | undefined },
): Promise<void> {
  await tx.execute(sql`
    UPDATE interest_terms_proposal SET status = ${decision.status}, decided_at = now(), decided_by_user_id = ${decision.staffUserId},
      terms_id = ${decision.termsId ?? null}::uuid, declined_reason = ${decision.declinedReason ?? null}
    WHERE id = ${proposalId} AND status = 'pending'`);
}

export type TermsProposalRow = LockedTermsProposal & {
  reason: string;
  proposed_by: string;
  proposed_at: string;
  decided_by: string | null;
  decided_at: string | null;
  declined_reason: string | null;
};

/** A page of proposals, newest first, with the names of who proposed and who decided. */
export async function listTermsProposals(executor: Executor, filter: { status?: TermsProposalStatus | undefined; limit: number; offset: number }): Promise<Page<TermsProposalRow>> {
  const where = filter.status ? sql`p.status = ${filter.status}` : sql`true`;
  const rows = await executor.execute<TermsProposalRow>(sql`
    SELECT p.id::text, p.account_type, p.effective_from::text AS effective_from, p.posting, p.balance_to_earn_poisha_min::text AS balance_to_earn_poisha_min, p.tiers,
      p.reason, p.status, p.proposed_by_user_id, proposer.name AS proposed_by, p.proposed_at, decider.name AS decided_by, p.decided_at, p.declined_reason
    FROM interest_terms_proposal p
    JOIN "user" proposer ON proposer.id = p.proposed_by_user_id
    LEFT JOIN "user" decider ON decider.id = p.decided_by_user_id
    WHERE ${where} ORDER BY p.proposed_at DESC, p.id LIMIT ${filter.limit} OFFSET ${filter.offset}`);
  // Rate changes are rare (a few a year): a plain count is cheap.
  const total = await executor.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM interest_terms_proposal p WHERE ${where}`);
  return { rows: rows.rows, total: Number(total.rows[0]?.count ?? 0) };
}

export type TermsInForceRow = Omit<TermsVersionRow, 'proposed_by' | 'approved_by'>;

/** Each account type's version in force on `businessDate`, with its tiers ascending: one statement. */
export async function listTermsInForce(executor: Executor, businessDate: string): Promise<TermsInForceRow[]> {
  const result = await executor.execute<TermsInForceRow>(sql`
    SELECT DISTINCT ON (t.account_type) t.id::text, t.account_type, t.effective_from::text AS effective_from, t.posting, t.balance_to_earn_poisha_min::text AS balance_to_earn_poisha_min,
      coalesce((SELECT json_agg(json_build_object('balancePoishaMin', r.balance_poisha_min::text, 'annualRateBasisPoints', r.annual_rate_basis_points) ORDER BY r.balance_poisha_min)
                FROM interest_terms_tier r WHERE r.terms_id = t.id), '[]'::json) AS tiers
    FROM interest_terms t WHERE t.effective_from <= ${businessDate}::date
    ORDER BY t.account_type, t.effective_from DESC`);
  return result.rows;
}

type AccountInterestRow = { id: string; posting: PostingFrequencyName; earn_min: string; rate: number | null; last_posted_on: string | null; units: string };

/**
 * For each of `accountIds` that has terms in force on the business date: the rate of the tier its
 * balance reaches now (the whole balance earns it, record 077), and the exact interest accrued
 * since its last posting, in 1/3,650,000 poisha. One statement, each account read by its keys.
 */
export async function readAccountsInterest(executor: Executor, accountIds: readonly string[]): Promise<AccountInterestRow[]> {
  if (accountIds.length === 0) return [];
  const result = await executor.execute<AccountInterestRow>(sql`
    WITH terms AS (
      SELECT DISTINCT ON (t.account_type) t.id, t.account_type, t.posting, t.balance_to_earn_poisha_min
      FROM interest_terms t WHERE t.effective_from <= (SELECT business_date FROM business_date)
      ORDER BY t.account_type, t.effective_from DESC
    ), accounts AS (
      SELECT a.id, t.id AS terms_id, t.posting, t.balance_to_earn_poisha_min, greatest(la.balance_poisha, 0) AS balance,
        (SELECT max(p.business_date) FROM interest_posting p WHERE p.bank_account_id = a.id) AS last_posted_on
      FROM bank_account a
      JOIN ledger_account la ON la.code = a.id
      JOIN terms t ON t.account_type = a.account_type
      WHERE a.id IN (${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    )
    SELECT c.id, c.posting, c.balance_to_earn_poisha_min::text AS earn_min, c.last_posted_on::text AS last_posted_on,
      (SELECT r.annual_rate_basis_points FROM interest_terms_tier r WHERE r.terms_id = c.terms_id AND r.balance_poisha_min <= c.balance
       ORDER BY r.balance_poisha_min DESC LIMIT 1) AS rate,
      (SELECT coalesce(sum(ia.accrued_units), 0)::text FROM interest_accrual ia
       WHERE ia.bank_account_id = c.id AND (c.last_posted_on IS NULL OR ia.business_date > c.last_posted_on)) AS units
    FROM accounts c`);
  return result.rows;
}
