import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { inLoanRequestWireNames, inRepaymentWireNames, loanRequestCommandOf, repaymentCommandOf } from './loan-answers';

describe('loan requests and repayments in the bank’s words', () => {
  it('reads a loan request’s wire names as the loan’s own', () => {
    const body = {
      loan: 'car' as const,
      accNum: '1000000000014',
      income: 6_000_000n,
      company: 'Padma Textiles',
      lAmount: 10_000_000n,
      lDuration: 12,
      document: '/api/images/c5b0b0c8-7a61-4c1e-9d0e-2f6f3c1f9a10',
      documentKind: 'salary-certificate' as const,
    };
    expect(loanRequestCommandOf(body)).toEqual({
      accountId: '1000000000014',
      loanType: 'car',
      amountPoisha: 10_000_000n,
      durationMonths: 12,
      monthlyIncomePoisha: 6_000_000n,
      companyName: 'Padma Textiles',
      documentUrl: '/api/images/c5b0b0c8-7a61-4c1e-9d0e-2f6f3c1f9a10',
      documentKind: 'salary-certificate',
    });
  });

  it('reads a repayment’s `id` as the loan and `accNum` as the account it is paid from', () => {
    expect(repaymentCommandOf({ id: 'c5b0b0c8-7a61-4c1e-9d0e-2f6f3c1f9a10', accNum: '1000000000014', amount: 300_000n })).toEqual({
      loanId: 'c5b0b0c8-7a61-4c1e-9d0e-2f6f3c1f9a10',
      repayingAccountId: '1000000000014',
      amountPoisha: 300_000n,
    });
  });

  it('names a refusal’s fields as each request did', () => {
    const loanRefusal = new AppError(400, 'invalid_input', 'No', { amountPoisha: 'a', monthlyIncomePoisha: 'b', loanType: 'c', documentUrl: 'd', accountId: 'e' });
    expect((inLoanRequestWireNames(loanRefusal) as AppError).fields).toEqual({ lAmount: 'a', income: 'b', loan: 'c', document: 'd', accNum: 'e' });
    const repaymentRefusal = new AppError(400, 'nothing_to_repay', 'No', { loanId: 'a', repayingAccountId: 'b', amountPoisha: 'c' });
    expect((inRepaymentWireNames(repaymentRefusal) as AppError).fields).toEqual({ id: 'a', accNum: 'b', amount: 'c' });
  });
});
