import { monthlyInstalmentPoisha } from '../../../shared/loan';
import { poishaToBdtNumber } from '../../../shared/money';
import { formatReference } from '../../../shared/reference';
import type { LoanAnswer } from '../../../shared/schemas/banking-answers';
import { accountTypeName, declinedAnswer } from '../../lib/answer-fields';
import { spokenStatus } from '../../lib/status-words';
import type { LoanRow } from './loans.repository';

/** `status` in the wire's words (`docs/wire-names.md`); a repaid loan stays `success` with nothing outstanding (tLAmount 0). */
export const toLoanAnswer = (row: LoanRow): LoanAnswer => ({
  _id: row.id,
  accNum: row.bankAccountId,
  accountType: accountTypeName(row.accountType),
  loan: row.loanType,
  lDuration: String(row.durationMonths),
  lAmount: poishaToBdtNumber(row.amountPoisha),
  interest: row.interestPercent / 100,
  interestPercent: row.interestPercent,
  totalAmount: poishaToBdtNumber(row.totalPoisha),
  tLAmount: poishaToBdtNumber(row.outstandingPoisha),
  status: row.status === 'repaid' ? 'success' : spokenStatus(row.status),
  repaid: row.status === 'repaid',
  income: poishaToBdtNumber(row.monthlyIncomePoisha),
  company: row.companyName,
  evidence: row.evidence,
  passport: row.passportUrl,
  document: row.documentUrl,
  documentKind: row.documentKind,
  documentIsPdf: row.documentMimeType === 'application/pdf',
  monthlyInstalment: poishaToBdtNumber(monthlyInstalmentPoisha(row.totalPoisha, row.durationMonths)),
  name: row.holderName,
  user: row.holderName,
  email: row.email,
  phone: row.phone,
  nid: row.nid,
  requestedAt: row.requestedAt.toISOString(),
  ...declinedAnswer(row),
});

/** The answer to a repayment: what is still owed, in BDT, and whether that is nothing. */
export const toRepaymentAnswer = (result: { entryId: string; reference: string; outstandingPoisha: bigint; repaid: boolean }) => ({
  acknowledged: true as const,
  modifiedCount: 1,
  insertedId: result.entryId,
  reference: formatReference(result.reference),
  tLAmount: poishaToBdtNumber(result.outstandingPoisha),
  repaid: result.repaid,
});
