import type { z } from 'zod';
import { monthlyInstalmentPoisha } from '../../../shared/loan';
import { poishaToBdtNumber } from '../../../shared/money';
import { formatReference } from '../../../shared/reference';
import type { loanRequestSchema, repaymentSchema } from '../../../shared/schemas/banking';
import type { LoanAnswer, LoanRequestAnswer, RepaymentAnswer } from '../../../shared/schemas/banking-answers';
import { withWireFieldNames } from '../../errors';
import { accountTypeName, declinedAnswer } from '../../lib/answer-fields';
import { spokenStatus } from '../../lib/status-words';
import type { LoanRow } from './loans.repository';
import type { LoanRequestCommand, RepaymentCommand, RepaymentResult } from './loans.service';

/**
 * The loan routes' wire vocabulary (`docs/wire-names.md`): a request's `accNum` is the customer's
 * account, `loan` the loan's type, `lAmount` the amount, `lDuration` the months, `income` the
 * monthly income and `company` the employer, amounts in BDT on the wire and in poisha behind the
 * routes; a repayment's `id` is the loan, `accNum` the account it is paid from. Refusals mark the
 * fields as the request named them.
 */
type LoanRequestBody = z.output<typeof loanRequestSchema>;
type RepaymentBody = z.output<typeof repaymentSchema>;

/** Our name → the wire's, for every field of a loan request. */
const loanRequestWireNameOf: Readonly<Record<keyof LoanRequestCommand, keyof LoanRequestBody>> = {
  accountId: 'accNum',
  loanType: 'loan',
  amountPoisha: 'lAmount',
  durationMonths: 'lDuration',
  monthlyIncomePoisha: 'income',
  companyName: 'company',
  documentUrl: 'document',
  documentKind: 'documentKind',
};

/** Our name → the wire's, for every field of a repayment. */
const repaymentWireNameOf: Readonly<Record<keyof RepaymentCommand, keyof RepaymentBody>> = {
  loanId: 'id',
  repayingAccountId: 'accNum',
  amountPoisha: 'amount',
};

export const loanRequestCommandOf = (body: LoanRequestBody): LoanRequestCommand => ({
  accountId: body.accNum,
  loanType: body.loan,
  amountPoisha: body.lAmount,
  durationMonths: body.lDuration,
  monthlyIncomePoisha: body.income,
  companyName: body.company,
  documentUrl: body.document,
  documentKind: body.documentKind,
});

export const repaymentCommandOf = (body: RepaymentBody): RepaymentCommand => ({
  loanId: body.id,
  repayingAccountId: body.accNum,
  amountPoisha: body.amount,
});

export const inLoanRequestWireNames = (refusal: unknown): unknown => withWireFieldNames(refusal, loanRequestWireNameOf);
export const inRepaymentWireNames = (refusal: unknown): unknown => withWireFieldNames(refusal, repaymentWireNameOf);

export const toLoanRequestAnswer = (requestId: string): LoanRequestAnswer => ({ acknowledged: true, insertedId: requestId });

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
export const toRepaymentAnswer = (result: RepaymentResult): RepaymentAnswer => ({
  acknowledged: true,
  modifiedCount: 1,
  insertedId: result.entryId,
  reference: formatReference(result.reference),
  tLAmount: poishaToBdtNumber(result.outstandingPoisha),
  repaid: result.repaid,
});
