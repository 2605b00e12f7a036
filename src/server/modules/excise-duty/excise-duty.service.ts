import { formatBdt } from '../../../shared/money';
import type { ExciseTableProposal } from '../../../shared/schemas/excise-duty';
import type { Transaction } from '../../db/client';
import { AppError, conflict } from '../../errors';
import { recordAudit } from '../../lib/audit';
import type { SignedInUser } from '../auth/signed-in-user';
import { currentBusinessDate } from '../day-close/day-close';
import { stepUpForEveryApproval, type AccountlessRequestType, type DecisionRecord } from '../decisions/staff-decision';
import { approvedTableStartsOn, findExciseTable, insertExciseTable, lockExciseTable, markExciseTableDecided, type LockedExciseTable } from './excise-duty.repository';

const fieldError = (field: string, message: string) => new AppError(400, 'invalid_input', message, { [field]: message });

/** Slabs as the audit trail keeps them: words a reader of the trail understands without the table. */
const slabsInWords = (slabs: ExciseTableProposal['slabs']) => slabs.map((slab) => `${slab.upTo === null ? 'above' : `up to ${formatBdt(slab.upTo)}`}: ${formatBdt(slab.duty)}`);

/**
 * A staff member proposes a new excise duty table from a day after the bank's business date;
 * nothing changes until a second staff member approves it. A table already in force (or in
 * force from today) is never replaced: the day close may have charged by it.
 */
export async function proposeExciseTable(tx: Transaction, staff: SignedInUser, proposal: ExciseTableProposal): Promise<string> {
  const businessDate = await currentBusinessDate(tx);
  if (proposal.effectiveFrom <= businessDate) throw fieldError('effectiveFrom', `Effective date must be after the bank’s business date (${businessDate}): a table in force is never rewritten`);
  if (await approvedTableStartsOn(tx, proposal.effectiveFrom)) throw fieldError('effectiveFrom', `A table is already approved from ${proposal.effectiveFrom}: propose another date`);
  const id = await insertExciseTable(tx, {
    effectiveFrom: proposal.effectiveFrom,
    slabs: proposal.slabs.map((slab) => ({ upToPoisha: slab.upTo, dutyPoisha: slab.duty })),
    reason: proposal.reason,
    proposedByUserId: staff.id,
  });
  await recordAudit(tx, {
    actorUserId: staff.id,
    action: 'excise_table.propose',
    subjectType: 'excise_duty_table',
    subjectId: id,
    after: 'pending',
    detail: { effectiveFrom: proposal.effectiveFrom, slabs: slabsInWords(proposal.slabs), reason: proposal.reason },
  });
  return id;
}

const alreadyDecided = { code: 'already_decided', message: 'This table has already been decided' };

/**
 * A new excise table, as a request the staff-decision pipeline decides: it belongs to no bank
 * account, its proposer may not approve it, and the approver confirms with a fresh code, since it
 * changes what every depositor pays at the year's end. An approval after the table's date has
 * come is refused: it would apply to days already closed.
 */
export const exciseTableProposals: AccountlessRequestType<LockedExciseTable, DecisionRecord, DecisionRecord> = {
  label: 'Excise table',
  subjectType: 'excise_duty_table',
  lockAlone: lockExciseTable,
  makerOf: (table) => table.proposed_by_user_id,
  approvalStepUp: stepUpForEveryApproval('excise duty table', (db, id) => findExciseTable(db, id)),
  approve: {
    action: 'excise_table.approve',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request }) => {
      const businessDate = await currentBusinessDate(tx);
      if (request.effective_from <= businessDate) {
        throw conflict('excise_table_too_late', `This table was to apply from ${request.effective_from}, which the bank has reached: decline it and propose a later date`);
      }
      if (await approvedTableStartsOn(tx, request.effective_from)) throw conflict('excise_table_date_taken', `A table is already approved from ${request.effective_from}: decline this one`);
      await markExciseTableDecided(tx, request.id, 'approved', staff.id);
      return { after: 'approved', detail: { effectiveFrom: request.effective_from } };
    },
  },
  decline: {
    action: 'excise_table.decline',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request }) => {
      await markExciseTableDecided(tx, request.id, 'declined', staff.id);
      return { after: 'declined', detail: { effectiveFrom: request.effective_from } };
    },
  },
};
