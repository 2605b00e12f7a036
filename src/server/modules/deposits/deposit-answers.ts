import { poishaToBdtNumber } from '../../../shared/money';
import { formatReference } from '../../../shared/reference';
import type { DepositAnswer } from '../../../shared/schemas/banking-answers';
import { declinedAnswer, toIso } from '../../lib/answer-fields';
import type { DepositRow } from './deposits.repository';

/** A deposit request with the account's balance now (`userAmount`), both in BDT. */
export const toDepositAnswer = (row: DepositRow): DepositAnswer => ({
  _id: row.id,
  reference: formatReference(row.reference),
  accNum: row.bank_account_id,
  email: row.email,
  user: row.holder_name,
  depositAmount: poishaToBdtNumber(BigInt(row.amount_poisha)),
  userAmount: poishaToBdtNumber(BigInt(row.balance_poisha)),
  depStatus: row.status,
  requestedAt: toIso(row.requested_at),
  ...declinedAnswer(row),
});
