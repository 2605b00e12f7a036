import { poishaToBdtNumber } from '../../../shared/money';
import { basisPointsToPercent, type InterestTermsAnswer, type InterestTermsProposal, type TermsProposalAnswer } from '../../../shared/schemas/interest-terms';
import type { Transaction } from '../../db/client';
import { AppError, assertInvariant, conflict } from '../../errors';
import { toIso } from '../../lib/answer-fields';
import { recordAudit } from '../../lib/audit';
import type { SignedInUser } from '../auth/signed-in-user';
import { businessDateHeld } from '../day-close/business-date';
import { stepUpForEveryApproval, type AccountlessRequestType, type DecisionRecord } from '../decisions/staff-decision';
import {
  findTermsProposal,
  insertTermsProposal,
  insertTermsVersion,
  lockTermsProposal,
  markTermsProposalDecided,
  versionStartsOn,
  type LockedTermsProposal,
  type StoredTier,
  type TermsProposalRow,
  type TermsVersionRow,
} from './interest-terms.repository';

const tierAnswer = (tier: StoredTier) => ({ balanceMin: poishaToBdtNumber(BigInt(tier.balancePoishaMin)), annualRatePercent: basisPointsToPercent(tier.annualRateBasisPoints) });

/**
 * Every version with its place on the business date: for each account type the latest version
 * from on or before the date is in force, later ones are scheduled, earlier ones history.
 */
export function toTermsAnswers(rows: readonly TermsVersionRow[], businessDate: string): InterestTermsAnswer[] {
  const inForce = new Map<string, string>();
  for (const row of rows) if (row.effective_from <= businessDate && !inForce.has(row.account_type)) inForce.set(row.account_type, row.id);
  return rows.map((row) => ({
    id: row.id,
    accountType: row.account_type,
    effectiveFrom: row.effective_from,
    posting: row.posting,
    balanceToEarnMin: poishaToBdtNumber(BigInt(row.balance_to_earn_poisha_min)),
    tiers: row.tiers.map(tierAnswer),
    state: row.effective_from > businessDate ? 'scheduled' : inForce.get(row.account_type) === row.id ? 'in-force' : 'history',
    proposedBy: row.proposed_by,
    approvedBy: row.approved_by,
  }));
}

export const toTermsProposalAnswer = (row: TermsProposalRow): TermsProposalAnswer => ({
  id: row.id,
  accountType: row.account_type,
  effectiveFrom: row.effective_from,
  posting: row.posting,
  balanceToEarnMin: poishaToBdtNumber(BigInt(row.balance_to_earn_poisha_min)),
  tiers: row.tiers.map(tierAnswer),
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
const versionExists = 'Terms for this account type already start on that date';

/**
 * A staff member proposes new terms; nothing changes until a second member of staff approves them
 * (`termsProposals`). Terms can start only after the current business date: a day already
 * accrued, or being accrued, keeps the terms it was earned under.
 */
export async function proposeTerms(tx: Transaction, staff: SignedInUser, input: InterestTermsProposal): Promise<string> {
  const businessDate = await businessDateHeld(tx);
  if (input.effectiveFrom <= businessDate) throw new AppError(400, 'invalid_input', effectiveNotAfter(businessDate), { effectiveFrom: effectiveNotAfter(businessDate) });
  if (await versionStartsOn(tx, input.accountType, input.effectiveFrom)) throw new AppError(400, 'invalid_input', versionExists, { effectiveFrom: versionExists });
  const id = await insertTermsProposal(tx, input, staff.id);
  await recordAudit(tx, {
    actorUserId: staff.id,
    action: 'interest_terms.propose',
    subjectType: 'interest_terms_proposal',
    subjectId: id,
    after: 'pending',
    detail: {
      accountType: input.accountType,
      effectiveFrom: input.effectiveFrom,
      posting: input.posting,
      balanceToEarnPoishaMin: input.balanceToEarnMin.toString(),
      tiers: input.tiers.map((tier) => ({ balancePoishaMin: tier.balanceMin.toString(), annualRateBasisPoints: tier.annualRatePercent })),
      reason: input.reason,
    },
  });
  return id;
}

const alreadyDecided = { code: 'already_decided', message: 'This proposal has already been decided' };

/**
 * Proposed interest terms, as a request the staff-decision pipeline decides: they belong to no
 * bank account, and the staff member who proposed them may not approve them (maker-checker).
 * Approving inserts them as a new version, provided their date is still after the business date
 * and no version starts on it; declining says why and changes nothing.
 */
export const termsProposals: AccountlessRequestType<LockedTermsProposal, DecisionRecord, DecisionRecord> = {
  label: 'Interest terms proposal',
  subjectType: 'interest_terms_proposal',
  lockAlone: lockTermsProposal,
  makerOf: (proposal) => proposal.proposed_by_user_id,
  // A rate is what every depositor of the type earns: the approver proves again who they are, as
  // for a transfer limit or a service notice.
  approvalStepUp: stepUpForEveryApproval('interest terms change', findTermsProposal),
  approve: {
    action: 'interest_terms.approve',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request }) => {
      const businessDate = await businessDateHeld(tx);
      if (request.effective_from <= businessDate)
        throw conflict('effective_date_passed', `These terms were to start on ${request.effective_from}, which is not after the business date (${businessDate}): decline them and propose again`);
      if (await versionStartsOn(tx, request.account_type, request.effective_from)) throw conflict('terms_exist', versionExists);
      const termsId = await insertTermsVersion(tx, request, staff.id);
      await markTermsProposalDecided(tx, request.id, { status: 'approved', staffUserId: staff.id, termsId });
      return { after: 'approved', detail: { termsId, accountType: request.account_type, effectiveFrom: request.effective_from } };
    },
  },
  decline: {
    action: 'interest_terms.decline',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request, note }) => {
      assertInvariant(note !== undefined, 'the route requires a reason to decline proposed terms');
      await markTermsProposalDecided(tx, request.id, { status: 'declined', staffUserId: staff.id, declinedReason: note });
      return { after: 'declined', detail: { accountType: request.account_type, effectiveFrom: request.effective_from } };
    },
  },
};
