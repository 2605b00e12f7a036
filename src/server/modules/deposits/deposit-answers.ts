import { poishaToBdtNumber } from '../../../shared/money';
import { formatReference } from '../../../shared/reference';
import type { DepositAnswer } from '../../../shared/schemas/banking-answers';
import { declinedAnswer } from '../../lib/answer-fields';
import type { DepositRow } from './deposits.repository';

/** A deposit request with the account's balance now (`userAmount`), both in BDT. */
export const toDepositAnswer = (row: DepositRow): DepositAnswer => ({
  _id: row.id,
  reference: formatReference(row.reference),
  accNum: row.bankAccountId,
  email: row.email,
  user: row.holderName,
  depositAmount: poishaToBdtNumber(row.amountPoisha),
  userAmount: poishaToBdtNumber(row.balancePoisha),
  depStatus: row.status,
  requestedAt: row.requestedAt.toISOString(),
  ...declinedAnswer(row),
});
