import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { LoanDocumentKind } from '../../../shared/constants';
import { schema, type Executor, type Transaction } from '../../db/client';
import { requestRepository } from '../decisions/request-repository';

/** A loan with its account's type and the kind of file its proof of income is (a PDF is shown as a link, not a picture). */
const loanSelect = (executor: Executor) =>
  executor
    .select({ ...getTableColumns(schema.loan), accountType: schema.bankAccount.accountType, documentMimeType: schema.upload.mimeType })
    .from(schema.loan)
    .innerJoin(schema.bankAccount, eq(schema.bankAccount.id, schema.loan.bankAccountId))
    .leftJoin(schema.upload, sql`${schema.loan.documentUrl} = '/api/images/' || ${schema.upload.id}::text`)
    .$dynamic();

export type LoanRow = Awaited<ReturnType<typeof loanSelect>>[number];

export const { find: findLoan, lock: lockLoan, listOfOwner: listLoansOfOwner, page: listLoans } = requestRepository({ name: 'loan', table: schema.loan, select: loanSelect });

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
