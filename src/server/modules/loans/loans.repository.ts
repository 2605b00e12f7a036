import { sql } from 'drizzle-orm';
import type { AccountTypeSlug, LoanDocumentKind, LoanTypeSlug } from '../../../shared/constants';
import type { Transaction } from '../../db/client';
import type { DeclinedColumns } from '../../lib/answer-fields';
import { requestRepository } from '../decisions/request-repository';

export type LoanRow = {
  id: string;
  bank_account_id: string;
  owner_user_id: string;
  account_type: AccountTypeSlug;
  loan_type: LoanTypeSlug;
  status: 'pending' | 'active' | 'repaid' | 'declined';
  amount_poisha: string;
  duration_months: number;
  interest_percent: number;
  total_poisha: string;
  outstanding_poisha: string;
  monthly_income_poisha: string;
  company_name: string;
  evidence: string | null;
  passport_url: string | null;
  document_url: string | null;
  document_kind: LoanDocumentKind | null;
  document_mime_type: string | null;
  holder_name: string;
  email: string;
  phone: string;
  nid: string;
  requested_at: string | Date;
} & DeclinedColumns;

const loanSelect = sql`
  SELECT n.id, n.bank_account_id, n.owner_user_id, b.account_type, n.loan_type, n.status, n.amount_poisha::text AS amount_poisha,
    n.duration_months, n.interest_percent, n.total_poisha::text AS total_poisha, n.outstanding_poisha::text AS outstanding_poisha,
    n.monthly_income_poisha::text AS monthly_income_poisha, n.company_name, n.evidence, n.passport_url, n.document_url, n.document_kind, u.mime_type AS document_mime_type, n.holder_name, n.email,
    n.phone, n.nid, n.requested_at, n.declined_reason, n.declined_note, n.declined_at
  FROM loan n JOIN bank_account b ON b.id = n.bank_account_id
    LEFT JOIN upload u ON n.document_url = '/api/images/' || u.id::text`;

export const { find: findLoan, lock: lockLoan, listOfOwner: listLoansOfOwner, page: listLoans } = requestRepository<LoanRow>({ table: 'loan', alias: 'n', select: loanSelect });

export async function hasOpenLoan(tx: Transaction, accountId: string): Promise<boolean> {
  const result = await tx.execute(sql`SELECT 1 FROM loan WHERE bank_account_id = ${accountId} AND status IN ('pending', 'active') LIMIT 1`);
  return result.rows.length > 0;
}

export type NewLoan = {
  accountId: string;
  ownerUserId: string;
  loanType: string;
  amountPoisha: bigint;
  durationMonths: number;
  interestPercent: number;
  totalPoisha: bigint;
  monthlyIncomePoisha: bigint;
  companyName: string;
  documentUrl: string;
  documentKind: LoanDocumentKind;
};

/** The loan carries the identity the account was opened with. */
export async function insertLoan(tx: Transaction, loan: NewLoan): Promise<string> {
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO loan (bank_account_id, owner_user_id, loan_type, amount_poisha, duration_months, interest_percent, total_poisha,
      outstanding_poisha, monthly_income_poisha, company_name, document_url, document_kind, holder_name, email, phone, nid)
    SELECT ${loan.accountId}, ${loan.ownerUserId}, ${loan.loanType}, ${loan.amountPoisha.toString()}, ${loan.durationMonths},
      ${loan.interestPercent}, ${loan.totalPoisha.toString()}, ${loan.totalPoisha.toString()}, ${loan.monthlyIncomePoisha.toString()},
      ${loan.companyName}, ${loan.documentUrl}, ${loan.documentKind}, holder_name, email, phone, nid
    FROM bank_account WHERE id = ${loan.accountId}
    RETURNING id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('loan insert returned no id');
  return id;
}

export async function activateLoan(tx: Transaction, loanId: string, staffUserId: string): Promise<void> {
  await tx.execute(sql`UPDATE loan SET status = 'active', decided_at = now(), decided_by_user_id = ${staffUserId} WHERE id = ${loanId}`);
}

export async function reduceOutstanding(tx: Transaction, loanId: string, outstandingPoisha: bigint): Promise<void> {
  await tx.execute(sql`
    UPDATE loan SET outstanding_poisha = ${outstandingPoisha.toString()}, status = CASE WHEN ${outstandingPoisha.toString()}::bigint = 0 THEN 'repaid' ELSE status END
    WHERE id = ${loanId}`);
}
