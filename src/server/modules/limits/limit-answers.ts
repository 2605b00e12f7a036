import type { AccountTypeSlug } from '../../../shared/constants';
import { poishaToBdtNumber } from '../../../shared/money';
import type { z } from 'zod';
import type { AccountLimitAnswer, LimitProposalAnswer, LimitProposedAnswer, TransferLimitAnswer, transferLimitProposalSchema } from '../../../shared/schemas/limits';
import { withWireFieldNames } from '../../errors';
import { toIso } from '../../lib/answer-fields';
import type { LimitProposalRow } from './limits.repository';
import type { AccountAllowance, LimitProposalCommand } from './limits.service';
import type { TransferLimits } from './transfer-limits';

/**
 * The limits routes' wire vocabulary: a limit is `perTransfer` or `perDay` on the wire, in BDT in
 * an answer; behind the routes every amount carries its unit (`perTransferPoisha`).
 */
export const limitProposalCommandOf = (body: z.output<typeof transferLimitProposalSchema>): LimitProposalCommand => ({
  accountType: body.accountType,
  reason: body.reason,
  ...(body.perTransfer === undefined ? {} : { perTransferPoisha: body.perTransfer }),
  ...(body.perDay === undefined ? {} : { perDayPoisha: body.perDay }),
});

export const inLimitWireNames = (refusal: unknown): unknown => withWireFieldNames(refusal, { perTransferPoisha: 'perTransfer', perDayPoisha: 'perDay' });

export const toLimitProposedAnswer = (proposalId: string): LimitProposedAnswer => ({ acknowledged: true, insertedId: proposalId });

export const toAccountLimitAnswer = (allowance: AccountAllowance): AccountLimitAnswer => ({
  accountId: allowance.accountId,
  accountType: allowance.accountType,
  perTransfer: poishaToBdtNumber(allowance.limits.perTransferPoisha),
  perDay: poishaToBdtNumber(allowance.limits.perDayPoisha),
  sentToday: poishaToBdtNumber(allowance.sentTodayPoisha),
  leftToday: poishaToBdtNumber(allowance.leftTodayPoisha),
  largestTransfer: poishaToBdtNumber(allowance.largestTransferPoisha),
});

const optionalBdt = (poisha: string | null) => (poisha === null ? null : poishaToBdtNumber(BigInt(poisha)));

export const toTransferLimitAnswer = ([accountType, limits]: [AccountTypeSlug, TransferLimits]): TransferLimitAnswer => ({
  accountType,
  perTransfer: poishaToBdtNumber(limits.perTransferPoisha),
  perDay: poishaToBdtNumber(limits.perDayPoisha),
  updatedAt: limits.updatedAt === null ? null : limits.updatedAt.toISOString(),
});

export const toLimitProposalAnswer = (row: LimitProposalRow): LimitProposalAnswer => ({
  _id: row.id,
  accountType: row.account_type,
  perTransfer: optionalBdt(row.per_transfer_poisha),
  perDay: optionalBdt(row.per_day_poisha),
  reason: row.reason,
  status: row.status,
  proposedBy: row.proposed_by,
  proposedByUserId: row.proposed_by_user_id,
  proposedAt: toIso(row.proposed_at),
  decidedBy: row.decided_by,
  decidedAt: row.decided_at === null ? null : toIso(row.decided_at),
});
