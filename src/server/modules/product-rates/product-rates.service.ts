import { basisPointsToPercent } from '../../../shared/schemas/interest-terms';
import type { ProductRateProposal, ProductRateProposalAnswer, ProductRateSheet, TermRatesAnswer } from '../../../shared/schemas/product-rates';
import type { Transaction } from '../../db/client';
import { AppError, assertInvariant, conflict } from '../../errors';
import { toIso } from '../../lib/answer-fields';
import { recordAudit } from '../../lib/audit';
import type { SignedInUser } from '../auth/signed-in-user';
import { businessDateHeld } from '../day-close/business-date';
import { stepUpForEveryApproval, type AccountlessRequestType, type DecisionRecord } from '../decisions/staff-decision';
import {
  findRateProposal,
  insertProductRows,
  insertRateProposal,
  lockRateProposal,
  markRateProposalDecided,
  productRowsStartOn,
  type LockedRateProposal,
  type ProductRowRow,
  type RateProposalRow,
  type StoredTermRates,
} from './product-rates.repository';

const termAnswer = (row: StoredTermRates): TermRatesAnswer => ({
  term: row.term,
  annualRatePercent: basisPointsToPercent(row.annualRateBasisPoints),
  prematureRatePercent: basisPointsToPercent(row.earlyRateBasisPoints),
});

/**
 * The rows of both products gathered into sheets, one per product and date, each with its place
 * on the business date: a sheet holding a term's latest row from on or before the date is in
 * force, a later one scheduled, an earlier one history. `rows` come ordered by product, date
 * (newest first) and term.
 */
export function toRateSheets(rows: readonly ProductRowRow[], businessDate: string): ProductRateSheet[] {
  const inForceTerms = new Set<string>();
  const sheets = new Map<string, ProductRateSheet>();
  for (const row of rows) {
    const key = `${row.scheme}:${row.effective_from}`;
    const termKey = `${row.scheme}:${row.term}`;
    const inForce = row.effective_from <= businessDate && !inForceTerms.has(termKey);
    if (inForce) inForceTerms.add(termKey);
    const sheet = sheets.get(key) ?? {
      scheme: row.scheme,
      effectiveFrom: row.effective_from,
      state: row.effective_from > businessDate ? 'scheduled' : 'history',
      terms: [],
      amountPoishaMin: row.amount_poisha_min,
      amountPoishaMax: row.amount_poisha_max,
      proposedBy: row.proposed_by,
      approvedBy: row.approved_by,
    };
    if (inForce) sheet.state = 'in-force';
    sheet.terms.push(termAnswer(row));
    sheets.set(key, sheet);
  }
  return [...sheets.values()];
}

export const toRateProposalAnswer = (row: RateProposalRow): ProductRateProposalAnswer => ({
  id: row.id,
  scheme: row.scheme,
  effectiveFrom: row.effective_from,
  terms: row.terms.map(termAnswer),
  amountPoishaMin: row.amount_poisha_min,
  amountPoishaMax: row.amount_poisha_max,
  reason: row.reason,
  status: row.status,
  proposedBy: row.proposed_by,
  proposedByUserId: row.proposed_by_user_id,
  proposedAt: toIso(row.proposed_at),
  decidedBy: row.decided_by,
  decidedAt: row.decided_at === null ? null : toIso(row.decided_at),
  declinedReason: row.declined_reason,
});

const effectiveNotAfter = (businessDate: string) => `Effective date must be after the current business date (${businessDate})`;
const sheetExists = 'Rates for this product already start on that date';

/**
 * A staff member proposes a new rate sheet for the FDR or the DPS product; nothing changes until a
 * second member of staff approves it (`rateProposals`). Rates can start only after the current
 * business date: a deposit opened today has copied today's rates.
 */
export async function proposeRates(tx: Transaction, staff: SignedInUser, input: ProductRateProposal): Promise<string> {
  const businessDate = await businessDateHeld(tx);
  if (input.effectiveFrom <= businessDate) throw new AppError(400, 'invalid_input', effectiveNotAfter(businessDate), { effectiveFrom: effectiveNotAfter(businessDate) });
  if (await productRowsStartOn(tx, input.scheme, input.effectiveFrom)) throw new AppError(400, 'invalid_input', sheetExists, { effectiveFrom: sheetExists });
  const id = await insertRateProposal(tx, input, staff.id);
  await recordAudit(tx, {
    actorUserId: staff.id,
    action: 'product_rates.propose',
    subjectType: 'product_rate_proposal',
    subjectId: id,
    after: 'pending',
    detail: {
      scheme: input.scheme,
      effectiveFrom: input.effectiveFrom,
      terms: input.terms.map((row) => ({ term: row.term, annualRateBasisPoints: row.annualRatePercent, earlyRateBasisPoints: row.prematureRatePercent })),
      amountPoishaMin: input.amountMin.toString(),
      amountPoishaMax: input.amountMax?.toString() ?? null,
      reason: input.reason,
    },
  });
  return id;
}

const alreadyDecided = { code: 'already_decided', message: 'This proposal has already been decided' };

/**
 * A proposed FDR or DPS rate sheet, as a request the staff-decision pipeline decides, as proposed
 * interest terms are: it belongs to no bank account, and its proposer may not approve it
 * (maker-checker). Approving inserts one product row per term from its date, each with the
 * sheet's amounts, provided the date is
 * still after the business date and no row of the product starts on it; declining says why and
 * changes nothing.
 */
export const rateProposals: AccountlessRequestType<LockedRateProposal, DecisionRecord, DecisionRecord> = {
  label: 'Product rate proposal',
  subjectType: 'product_rate_proposal',
  lockAlone: lockRateProposal,
  makerOf: (proposal) => proposal.proposed_by_user_id,
  // Every new deposit of the product opens at these rates: the approver proves again who they are,
  // as for interest terms.
  approvalStepUp: stepUpForEveryApproval('product rate change', findRateProposal),
  approve: {
    action: 'product_rates.approve',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request }) => {
      const businessDate = await businessDateHeld(tx);
      if (request.effective_from <= businessDate)
        throw conflict('effective_date_passed', `These rates were to start on ${request.effective_from}, which is not after the business date (${businessDate}): decline them and propose again`);
      if (await productRowsStartOn(tx, request.scheme, request.effective_from)) throw conflict('rates_exist', sheetExists);
      const inserted = await insertProductRows(tx, request, staff.id);
      assertInvariant(inserted === request.terms.length, 'an approved sheet inserts one product row per term');
      await markRateProposalDecided(tx, request.id, { status: 'approved', staffUserId: staff.id });
      return {
        after: 'approved',
        detail: { scheme: request.scheme, effectiveFrom: request.effective_from, terms: request.terms, amountPoishaMin: request.amount_poisha_min, amountPoishaMax: request.amount_poisha_max },
      };
    },
  },
  decline: {
    action: 'product_rates.decline',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request, note }) => {
      assertInvariant(note !== undefined, 'the route requires a reason to decline proposed rates');
      await markRateProposalDecided(tx, request.id, { status: 'declined', staffUserId: staff.id, declinedReason: note });
      return { after: 'declined', detail: { scheme: request.scheme, effectiveFrom: request.effective_from } };
    },
  },
};
