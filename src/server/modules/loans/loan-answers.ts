import { monthlyInstalmentPoisha } from '../../../shared/loan';
import { poishaToBdtNumber } from '../../../shared/money';
import { formatReference } from '../../../shared/reference';
import type { LoanAnswer } from '../../../shared/schemas/banking-answers';
import { accountTypeName, declinedAnswer, toIso } from '../../lib/answer-fields';
import { spokenStatus } from '../../lib/status-words';
import type { LoanRow } from './loans.repository';

const bdt = (poisha: string) => poishaToBdtNumber(BigInt(poisha));

/** `status` in the wire's words (`docs/wire-names.md`); a repaid loan stays `success` with nothing outstanding (tLAmount 0). */
export const toLoanAnswer = (row: LoanRow): LoanAnswer => ({
  _id: row.id,
  accNum: row.bank_account_id,
  accountType: accountTypeName(row.account_type),
  loan: row.loan_type,
  lDuration: String(row.duration_months),
  lAmount: bdt(row.amount_poisha),
  interest: row.interest_percent / 100,
  interestPercent: row.interest_percent,
  totalAmount: bdt(row.total_poisha),
  tLAmount: bdt(row.outstanding_poisha),
  status: row.status === 'repaid' ? 'success' : spokenStatus(row.status),
  repaid: row.status === 'repaid',
  income: bdt(row.monthly_income_poisha),
  company: row.company_name,
  evidence: row.evidence,
  passport: row.passport_url,
  document: row.document_url,
  documentKind: row.document_kind,
  documentIsPdf: row.document_mime_type === 'application/pdf',
  monthlyInstalment: bdt(monthlyInstalmentPoisha(BigInt(row.total_poisha), row.duration_months).toString()),
  name: row.holder_name,
  user: row.holder_name,
  email: row.email,
  phone: row.phone,
  nid: row.nid,
  requestedAt: toIso(row.requested_at),
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
