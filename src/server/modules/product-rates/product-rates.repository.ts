import { sql } from 'drizzle-orm';
import type { TermsProposalStatus } from '../../../shared/schemas/interest-terms';
import type { ProductRateProposal, ProductRateScheme } from '../../../shared/schemas/product-rates';
import type { Executor, Transaction } from '../../db/client';
import type { Page } from '../../lib/paged-list';

/** A term's rates as a sheet or a proposal keeps them, in basis points. */
export type StoredTermRates = { term: number; annualRateBasisPoints: number; earlyRateBasisPoints: number };

/**
 * The product table of each scheme with its names for the term and the early rate: the FDR's in
 * months with a premature rate, the DPS's in years with an early-closure rate.
 */
const productTable = {
  fdr: { table: sql`fdr_product`, term: sql`term_months`, early: sql`premature_rate_basis_points` },
  dps: { table: sql`dps_product`, term: sql`term_years`, early: sql`early_rate_basis_points` },
} as const;

/** A sheet's amounts, in poisha: the FDR's minimum principal, or the DPS's lowest and highest instalment. */
export type StoredAmounts = { amount_poisha_min: string; amount_poisha_max: string | null };

export type ProductRowRow = StoredTermRates & StoredAmounts & { scheme: ProductRateScheme; effective_from: string; proposed_by: string | null; approved_by: string | null };

/** Rows are few (six per rate change per product): every one is listed, newest first within a product. */
export const productRowsListedMax = 600;

/** Every row of both products, with who proposed and approved it, by product, date (newest first) and term. */
export async function listProductRows(executor: Executor): Promise<ProductRowRow[]> {
  const result = await executor.execute<ProductRowRow>(sql`
    SELECT r.scheme, r.effective_from::text AS effective_from, r.term, r.annual AS "annualRateBasisPoints", r.early AS "earlyRateBasisPoints",
      r.amount_min::text AS amount_poisha_min, r.amount_max::text AS amount_poisha_max, proposer.name AS proposed_by, approver.name AS approved_by
    FROM (
      SELECT 'fdr' AS scheme, effective_from, term_months AS term, annual_rate_basis_points AS annual, premature_rate_basis_points AS early,
        principal_poisha_min AS amount_min, NULL::bigint AS amount_max, proposed_by_user_id, approved_by_user_id FROM fdr_product
      UNION ALL
      SELECT 'dps', effective_from, term_years, annual_rate_basis_points, early_rate_basis_points, instalment_poisha_min, instalment_poisha_max, proposed_by_user_id, approved_by_user_id
      FROM dps_product
    ) r
    LEFT JOIN "user" proposer ON proposer.id = r.proposed_by_user_id
    LEFT JOIN "user" approver ON approver.id = r.approved_by_user_id
    ORDER BY r.scheme DESC, r.effective_from DESC, r.term
    LIMIT ${productRowsListedMax}`);
  return result.rows.map((row) => ({ ...row, term: Number(row.term), annualRateBasisPoints: Number(row.annualRateBasisPoints), earlyRateBasisPoints: Number(row.earlyRateBasisPoints) }));
}

/** Whether rows of the product already start on the date (one row per term and date, by each table's unique key). */
export async function productRowsStartOn(executor: Executor, scheme: ProductRateScheme, effectiveFrom: string): Promise<boolean> {
  const { table } = productTable[scheme];
  const result = await executor.execute(sql`SELECT 1 FROM ${table} WHERE effective_from = ${effectiveFrom}::date LIMIT 1`);
  return result.rows.length > 0;
}

export async function insertRateProposal(tx: Transaction, proposal: ProductRateProposal, proposedByUserId: string): Promise<string> {
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO product_rate_proposal (scheme, effective_from, amount_poisha_min, amount_poisha_max, reason, proposed_by_user_id)
    VALUES (${proposal.scheme}, ${proposal.effectiveFrom}::date, ${proposal.amountMin.toString()}, ${proposal.amountMax?.toString() ?? null}, ${proposal.reason}, ${proposedByUserId})
    RETURNING id::text`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('product rate proposal insert returned no row');
  const rows = proposal.terms.map((row) => sql`(${id}::uuid, ${row.term}, ${row.annualRatePercent}, ${row.prematureRatePercent})`);
  await tx.execute(sql`INSERT INTO product_rate_proposal_term (proposal_id, term, annual_rate_basis_points, early_rate_basis_points) VALUES ${sql.join(rows, sql`, `)}`);
  return id;
}

/** A proposal as its decision needs it. */
export type LockedRateProposal = StoredAmounts & {
  id: string;
  scheme: ProductRateScheme;
  effective_from: string;
  terms: StoredTermRates[];
  status: TermsProposalStatus;
  proposed_by_user_id: string;
};

const proposalTerms = sql`coalesce((SELECT json_agg(json_build_object('term', t.term, 'annualRateBasisPoints', t.annual_rate_basis_points, 'earlyRateBasisPoints', t.early_rate_basis_points) ORDER BY t.term)
  FROM product_rate_proposal_term t WHERE t.proposal_id = p.id), '[]'::json) AS terms`;
const lockedColumns = sql`p.id::text, p.scheme, p.effective_from::text AS effective_from, ${proposalTerms},
  p.amount_poisha_min::text AS amount_poisha_min, p.amount_poisha_max::text AS amount_poisha_max, p.status, p.proposed_by_user_id`;

export async function lockRateProposal(tx: Transaction, proposalId: string): Promise<LockedRateProposal | undefined> {
  const result = await tx.execute<LockedRateProposal>(sql`SELECT ${lockedColumns} FROM product_rate_proposal p WHERE p.id = ${proposalId} FOR UPDATE OF p`);
  return result.rows[0];
}

/** A proposal as it stands, without a lock: for deciding whether its approval asks for a code. */
export async function findRateProposal(executor: Executor, proposalId: string): Promise<LockedRateProposal | undefined> {
  const result = await executor.execute<LockedRateProposal>(sql`SELECT ${lockedColumns} FROM product_rate_proposal p WHERE p.id = ${proposalId}`);
  return result.rows[0];
}

/**
 * Inserts an approved sheet as new product rows, one per term, in one statement: an insert only,
 * so no row in force, and no deposit that copied its rates, is ever changed. Every term takes the
 * sheet's amounts: the FDR's minimum principal, the DPS's lowest and highest instalment. Answers
 * how many rows it inserted.
 */
export async function insertProductRows(tx: Transaction, proposal: LockedRateProposal, approvedByUserId: string): Promise<number> {
  const sheet = JSON.stringify(proposal.terms);
  const rows = sql`jsonb_to_recordset(${sheet}::jsonb) AS s(term int, "annualRateBasisPoints" int, "earlyRateBasisPoints" int)`;
  const common = sql`${proposal.effective_from}::date, s."annualRateBasisPoints", s."earlyRateBasisPoints", ${proposal.proposed_by_user_id}, ${approvedByUserId}, now()`;
  const result =
    proposal.scheme === 'fdr'
      ? await tx.execute(sql`
          INSERT INTO fdr_product (term_months, effective_from, annual_rate_basis_points, premature_rate_basis_points, proposed_by_user_id, approved_by_user_id, approved_at, principal_poisha_min)
          SELECT s.term, ${common}, ${proposal.amount_poisha_min}::bigint FROM ${rows} RETURNING 1`)
      : await tx.execute(sql`
          INSERT INTO dps_product (term_years, effective_from, annual_rate_basis_points, early_rate_basis_points, proposed_by_user_id, approved_by_user_id, approved_at,
            instalment_poisha_min, instalment_poisha_max)
          SELECT s.term, ${common}, ${proposal.amount_poisha_min}::bigint, ${proposal.amount_poisha_max}::bigint FROM ${rows} RETURNING 1`);
  return result.rows.length;
}

export async function markRateProposalDecided(
  tx: Transaction,
  proposalId: string,
  decision: { status: Exclude<TermsProposalStatus, 'pending'>; staffUserId: string; declinedReason?: string | undefined },
): Promise<void> {
  await tx.execute(sql`
    UPDATE product_rate_proposal SET status = ${decision.status}, decided_at = now(), decided_by_user_id = ${decision.staffUserId}, declined_reason = ${decision.declinedReason ?? null}
    WHERE id = ${proposalId} AND status = 'pending'`);
}

export type RateProposalRow = LockedRateProposal & {
  reason: string;
  proposed_by: string;
  proposed_at: string;
  decided_by: string | null;
  decided_at: string | null;
  declined_reason: string | null;
};

/** A page of proposals, newest first, with the names of who proposed and who decided. */
export async function listRateProposals(executor: Executor, filter: { status?: TermsProposalStatus | undefined; limit: number; offset: number }): Promise<Page<RateProposalRow>> {
  const where = filter.status ? sql`p.status = ${filter.status}` : sql`true`;
  const rows = await executor.execute<RateProposalRow>(sql`
    SELECT ${lockedColumns}, p.reason, proposer.name AS proposed_by, p.proposed_at, decider.name AS decided_by, p.decided_at, p.declined_reason
    FROM product_rate_proposal p
    JOIN "user" proposer ON proposer.id = p.proposed_by_user_id
    LEFT JOIN "user" decider ON decider.id = p.decided_by_user_id
    WHERE ${where} ORDER BY p.proposed_at DESC, p.id LIMIT ${filter.limit} OFFSET ${filter.offset}`);
  // Rate changes are rare (a few a year): a plain count is cheap.
  const total = await executor.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM product_rate_proposal p WHERE ${where}`);
  return { rows: rows.rows, total: Number(total.rows[0]?.count ?? 0) };
}
