import type { AccountTypeSlug } from '../../../shared/constants';
import { formatBdt, poishaToBdtNumber } from '../../../shared/money';
import { perTransferLimitOverDailyMessage } from '../../../shared/schemas/limits';
import type { Database, Transaction } from '../../db/client';
import { runInSnapshot } from '../../db/snapshot';
import { AppError, assertInvariant, conflict, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import type { SignedInUser } from '../auth/signed-in-user';
import { stepUpForEveryApproval, type AccountlessRequestType, type DecisionRecord } from '../decisions/staff-decision';
import {
  findLimitProposal,
  findOwnAccountType,
  insertLimitProposal,
  lockLimitProposal,
  lockTransferLimitRow,
  markLimitProposalDecided,
  saveTransferLimit,
  type LockedLimitProposal,
} from './limits.repository';
import { leftToday, type TransferLimitAmounts } from '../../../shared/transfer-limits';
import { allowancesOf, defaultTransferLimits, readTransferLimits } from './transfer-limits';

/** A staff member's proposed limits for one account type, in poisha; a limit left out stays as it is (`limit-answers.ts` maps the request's words). */
export type LimitProposalCommand = { accountType: AccountTypeSlug; perTransferPoisha?: bigint; perDayPoisha?: bigint; reason: string };

const fieldError = (field: string, message: string) => new AppError(400, 'invalid_input', message, { [field]: message });

/** Limits as the audit trail keeps them: BDT numbers, as every answer shows money. */
const limitsInBdt = (perTransferPoisha: bigint, perDayPoisha: bigint) => ({ perTransfer: poishaToBdtNumber(perTransferPoisha), perDay: poishaToBdtNumber(perDayPoisha) });

/**
 * A staff member proposes new limits for one account type; nothing changes until a second staff
 * member approves. A limit left out keeps its current value, and the pair that would result must
 * be in order (per transfer at most per day) and differ from the limits as they are.
 */
export async function proposeLimitChange(tx: Transaction, staff: SignedInUser, command: LimitProposalCommand): Promise<string> {
  const current = (await readTransferLimits(tx)).get(command.accountType);
  assertInvariant(current, 'every account type has transfer limits');
  const perTransfer = command.perTransferPoisha ?? current.perTransferPoisha;
  const perDay = command.perDayPoisha ?? current.perDayPoisha;
  if (perTransfer > perDay) {
    const field = command.perTransferPoisha === undefined ? 'perDayPoisha' : 'perTransferPoisha';
    throw fieldError(field, `${perTransferLimitOverDailyMessage} (${formatBdt(perTransfer)} per transfer, ${formatBdt(perDay)} per day)`);
  }
  if (perTransfer === current.perTransferPoisha && perDay === current.perDayPoisha) {
    throw fieldError('perTransferPoisha', 'These are the limits already: propose a different amount');
  }
  const id = await insertLimitProposal(tx, {
    accountType: command.accountType,
    perTransferPoisha: command.perTransferPoisha,
    perDayPoisha: command.perDayPoisha,
    reason: command.reason,
    proposedByUserId: staff.id,
  });
  await recordAudit(tx, {
    actorUserId: staff.id,
    action: 'transfer_limit.propose',
    subjectType: 'transfer_limit_proposal',
    subjectId: id,
    after: 'pending',
    detail: { accountType: command.accountType, currentLimits: limitsInBdt(current.perTransferPoisha, current.perDayPoisha), proposedLimits: limitsInBdt(perTransfer, perDay), reason: command.reason },
  });
  return id;
}

const alreadyDecided = { code: 'already_decided', message: 'This proposal has already been decided' };

/**
 * Changing a transfer limit, as a request the staff-decision pipeline decides: it belongs to no
 * bank account, and the staff member who proposed it may not approve it (maker-checker).
 */
export const limitProposals: AccountlessRequestType<LockedLimitProposal, DecisionRecord, DecisionRecord> = {
  label: 'Limit proposal',
  subjectType: 'transfer_limit_proposal',
  lockAlone: lockLimitProposal,
  makerOf: (proposal) => proposal.proposed_by_user_id,
  // A new limit lets every customer of a type move more (or less) money: the approver proves again
  // who they are, not only that they hold a staff session. An approval the pipeline refuses anyway
  // (the approver's own proposal, one already decided, a missing one) is refused without a code.
  approvalStepUp: stepUpForEveryApproval('transfer limit change', findLimitProposal),
  approve: {
    action: 'transfer_limit.approve',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request }) => {
      const current = await lockTransferLimitRow(tx, request.account_type, defaultTransferLimits);
      const before = { perTransfer: BigInt(current.per_transfer_poisha), perDay: BigInt(current.per_day_poisha) };
      const perTransfer = request.per_transfer_poisha === null ? before.perTransfer : BigInt(request.per_transfer_poisha);
      const perDay = request.per_day_poisha === null ? before.perDay : BigInt(request.per_day_poisha);
      // Another proposal approved since this one was made may have moved the limit it leaves as it is.
      if (perTransfer > perDay) throw conflict('limits_out_of_order', `${perTransferLimitOverDailyMessage}: the limits changed since this was proposed, so decline it and propose again`);
      await saveTransferLimit(tx, { accountType: request.account_type, perTransferPoisha: perTransfer, perDayPoisha: perDay, staffUserId: staff.id });
      await markLimitProposalDecided(tx, request.id, 'approved', staff.id);
      return { after: 'approved', detail: { accountType: request.account_type, previousLimits: limitsInBdt(before.perTransfer, before.perDay), newLimits: limitsInBdt(perTransfer, perDay) } };
    },
  },
  decline: {
    action: 'transfer_limit.decline',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request }) => {
      await markLimitProposalDecided(tx, request.id, 'declined', staff.id);
      return { after: 'declined', detail: { accountType: request.account_type } };
    },
  },
};

/** One of a customer's own accounts' limits and what they leave today, in poisha. */
export type AccountAllowance = { accountId: string; accountType: AccountTypeSlug; limits: TransferLimitAmounts; sentTodayPoisha: bigint; leftTodayPoisha: bigint; largestTransferPoisha: bigint };

/** The limits of one of the customer's own accounts and what they leave today; another customer's account is not found. */
export function accountLimitsOf(db: Database, user: SignedInUser, accountId: string): Promise<AccountAllowance> {
  return runInSnapshot(db, async (reader) => {
    const accountType = await findOwnAccountType(reader, user.id, accountId);
    if (accountType === undefined) throw notFound('Account');
    const allowance = (await allowancesOf(reader, [accountId])).get(accountId);
    assertInvariant(allowance, 'an account the customer owns has its allowance');
    const { limits, sentTodayPoisha } = allowance;
    const leftTodayPoisha = leftToday(limits, sentTodayPoisha);
    return { accountId, accountType, limits, sentTodayPoisha, leftTodayPoisha, largestTransferPoisha: leftTodayPoisha < limits.perTransferPoisha ? leftTodayPoisha : limits.perTransferPoisha };
  });
}
