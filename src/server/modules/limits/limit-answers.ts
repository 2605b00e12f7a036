import type { AccountTypeSlug } from '../../../shared/constants';
import { poishaToBdtNumber } from '../../../shared/money';
import type { LimitProposalAnswer, TransferLimitAnswer } from '../../../shared/schemas/limits';
import { toIso } from '../../lib/answer-fields';
import type { LimitProposalRow } from './limits.repository';
import type { TransferLimits } from './transfer-limits';

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
