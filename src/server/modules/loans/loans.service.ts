import { documentMimeTypes, staffRole, type LoanDocumentKind, type LoanTypeSlug } from '../../../shared/constants';
import { computeLoanTerms } from '../../../shared/loan';
import { formatBdt, poishaPerBdt } from '../../../shared/money';
import type { Executor, Transaction } from '../../db/client';
import { AppError, assertInvariant, conflict, notFound } from '../../errors';
import type { SignedInUser } from '../auth/signed-in-user';
import { claimUpload, findUpload, uploadIdFromUrl } from '../images/images.repository';
import { findLoanIncomeFloor } from '../catalogue/catalogue.repository';
import { lockAccounts, lockedBalancesOf } from '../accounts/accounts.repository';
import { assertUsableUpload, requireOwnActiveAccount } from '../accounts/accounts.service';
import { findRequestAccountId, findRequestAmountPoisha } from '../decisions/decisions.repository';
import { declinePendingRequest, stepUpAboveStaffApprovalLimit, type DecisionRecord, type RequestType } from '../decisions/staff-decision';
import { bankAccounts, postJournalEntry } from '../ledger/ledger';
import { raiseNotices } from '../notices/notices.service';
import { activateLoan, findLoan, hasOpenLoan, insertLoan, lockLoan, reduceOutstanding, type LoanRow } from './loans.repository';

export const loanAmountMinPoisha = 1_000n * poishaPerBdt;

const fieldError = (field: string, message: string, code = 'invalid_input') => new AppError(400, code, message, { [field]: message });

/** A loan asked for, in the bank's words (`loan-answers.ts` maps the wire's); the proof of income is an upload's URL. */
export type LoanRequestCommand = {
  accountId: string;
  loanType: LoanTypeSlug;
  amountPoisha: bigint;
  durationMonths: number;
  monthlyIncomePoisha: bigint;
  companyName: string;
  documentUrl: string;
  documentKind: LoanDocumentKind;
};

/** The income the loan type asks for, as staff set it, read in the request's own transaction. */
async function assertIncomeAboveFloor(tx: Transaction, command: LoanRequestCommand): Promise<void> {
  const floorPoisha = await findLoanIncomeFloor(tx, command.loanType);
  if (floorPoisha === undefined) throw fieldError('loanType', 'Please select the Loan Type');
  if (command.monthlyIncomePoisha < floorPoisha) throw fieldError('monthlyIncomePoisha', `Monthly income must be at least ${formatBdt(floorPoisha)} for this loan`);
}

/** The proof of income must be the customer's own upload, and a PDF or a scan (never another kind of image). */
async function claimIncomeDocument(tx: Transaction, user: SignedInUser, url: string): Promise<void> {
  await assertUsableUpload(tx, url, user, 'documentUrl', 'Proof of income');
  const id = uploadIdFromUrl(url);
  const upload = id ? await findUpload(tx, id) : undefined;
  if (!upload || !(documentMimeTypes as readonly string[]).includes(upload.mimeType)) {
    throw fieldError('documentUrl', 'Proof of income must be a PDF, PNG or JPEG file: upload it again');
  }
  await claimUpload(tx, url, user.id, { makePrivate: true });
}

/** Identity comes from the account (its NID, checked when staff opened it), so a loan asks for no passport. */
export async function requestLoan(tx: Transaction, user: SignedInUser, command: LoanRequestCommand): Promise<string> {
  if (command.amountPoisha < loanAmountMinPoisha) throw fieldError('amountPoisha', 'Loan amount must be at least 1,000 BDT');
  await assertIncomeAboveFloor(tx, command);
  const account = requireOwnActiveAccount(await lockAccounts(tx, [command.accountId]), command.accountId, user.id, 'accountId');
  if (await hasOpenLoan(tx, account.id)) throw conflict('loan_exists', 'This account already has an open loan or a loan request');
  await claimIncomeDocument(tx, user, command.documentUrl);
  const terms = computeLoanTerms(command.amountPoisha, command.durationMonths);
  return insertLoan(tx, { ...command, accountId: account.id, ownerUserId: user.id, interestPercent: terms.interestPercent, totalPoisha: terms.totalPoisha });
}

export async function findVisibleLoan(executor: Executor, viewer: SignedInUser, loanId: string): Promise<LoanRow> {
  const loan = await findLoan(executor, loanId);
  if (!loan || (viewer.role !== staffRole && loan.ownerUserId !== viewer.id)) throw notFound('Loan');
  return loan;
}

/** Account rows first, then the loan, then the ledger: the lock order of every money path. */
async function lockLoanWithAccounts(tx: Transaction, loanId: string, repayingAccountId: string) {
  const loanAccountId = await findRequestAccountId(tx, 'loan', loanId);
  if (!loanAccountId) throw notFound('Loan');
  const accounts = await lockAccounts(tx, [loanAccountId, repayingAccountId]);
  const loan = await lockLoan(tx, loanId);
  if (!loan) throw notFound('Loan');
  return { accounts, loan };
}

/**
 * A loan request. Approval disburses it: the customer receives the amount, the bank is owed
 * amount + interest and earns the interest. Example for 1,00,000.00 BDT over 12 months:
 * customer +1,00,000.00, loans receivable −1,03,000.00, interest income +3,000.00 (sum 0).
 */
export const loanRequests: RequestType<LoanRow, DecisionRecord, DecisionRecord> = {
  label: 'Loan',
  subjectType: 'loan',
  table: 'loan',
  approvalStepUp: stepUpAboveStaffApprovalLimit('Loan', (db, requestId) => findRequestAmountPoisha(db, 'loan', requestId)),
  lock: lockLoan,
  notice: (loan) => ({ request: 'loan', amountPoisha: loan.amountPoisha.toString() }),
  approve: {
    action: 'loan.approve',
    from: ['pending'],
    refusal: { code: 'already_decided', message: 'This loan has already been approved' },
    apply: async ({ tx, staff, request: loan, account }) => {
      const amount = loan.amountPoisha;
      const total = loan.totalPoisha;
      const postings = [
        { accountCode: account.id, amountPoisha: amount },
        { accountCode: bankAccounts.loansReceivable, amountPoisha: -total },
        { accountCode: bankAccounts.interestIncome, amountPoisha: total - amount },
      ].filter((posting) => posting.amountPoisha !== 0n);
      const movement = { kind: 'loan_disbursement', amountPoisha: amount.toString(), loanType: loan.loanType } as const;
      await postJournalEntry(tx, { movement, referenceId: loan.id, createdByUserId: staff.id, postings }, lockedBalancesOf([account]));
      await activateLoan(tx, loan.id, staff.id);
      return { after: 'success', detail: { amountPoisha: amount.toString() } };
    },
  },
  decline: declinePendingRequest('loan.decline', 'Only a pending loan request can be declined'),
};

/** A repayment, in the bank's words (`loan-answers.ts` maps the wire's): the loan, the customer's account it is paid from, and the amount. */
export type RepaymentCommand = { loanId: string; repayingAccountId: string; amountPoisha: bigint };

export type RepaymentResult = { entryId: string; reference: string; outstandingPoisha: bigint; repaid: boolean };

/** Repays from one of the customer's own active accounts: more than 0, at most what is owed and what the account holds. */
export async function repayLoan(tx: Transaction, user: SignedInUser, command: RepaymentCommand): Promise<RepaymentResult> {
  const { amountPoisha } = command;
  const { accounts, loan } = await lockLoanWithAccounts(tx, command.loanId, command.repayingAccountId);
  if (loan.ownerUserId !== user.id) throw notFound('Loan');
  const account = requireOwnActiveAccount(accounts, command.repayingAccountId, user.id, 'repayingAccountId');
  const outstanding = loan.outstandingPoisha;
  if (loan.status !== 'active' || outstanding === 0n) {
    throw fieldError('loanId', loan.status === 'pending' ? 'This loan has not been approved yet' : 'This loan is already fully repaid', 'nothing_to_repay');
  }
  if (amountPoisha > outstanding) throw fieldError('amountPoisha', `Amount must be at most the outstanding ${formatBdt(outstanding)}`, 'over_repayment');
  if (amountPoisha > BigInt(account.balance_poisha)) {
    throw fieldError('amountPoisha', `This account holds only ${formatBdt(BigInt(account.balance_poisha))}: deposit first or repay less`, 'insufficient_funds');
  }
  const posted = await postJournalEntry(
    tx,
    {
      movement: { kind: 'loan_repayment', amountPoisha: amountPoisha.toString(), loanType: loan.loanType },
      referenceId: loan.id,
      createdByUserId: user.id,
      postings: [
        { accountCode: account.id, amountPoisha: -amountPoisha },
        { accountCode: bankAccounts.loansReceivable, amountPoisha },
      ],
    },
    lockedBalancesOf([account]),
  );
  const remaining = outstanding - amountPoisha;
  assertInvariant(remaining >= 0n, 'outstanding can never go below zero');
  await reduceOutstanding(tx, loan.id, remaining);
  await raiseNotices(tx, [
    {
      userId: user.id,
      name: account.holder_name,
      kind: 'loan-repaid',
      at: new Date(),
      params: { amountPoisha: amountPoisha.toString(), accountId: account.id, outstandingPoisha: remaining.toString(), reference: posted.reference },
    },
  ]);
  return { entryId: posted.entryId, reference: posted.reference, outstandingPoisha: remaining, repaid: remaining === 0n };
}
