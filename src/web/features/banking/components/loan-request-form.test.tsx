// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loanRequestAnswerSchema } from '../../../../shared/schemas/banking-answers';
import { loanTypeSchema } from '../../../../shared/schemas/catalogue';
import { imageUploadAnswerSchema } from '../../../../shared/schemas/images';
import { activeAccount } from '../../../testing/account-fixture';
import { answer, refusal, stubApi, type StubReply } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import { LoanRequestForm } from './loan-request-form';

const account = activeAccount;
const loanTypes = answer(z.array(loanTypeSchema), [{ _id: 'l1', loanType: 'car', name: 'Car loan', img: '/car.webp', description: 'A car', rules: [], monthlyIncomeMin: 40_000 }]);
const uploaded = answer(imageUploadAnswerSchema, { success: true, status: 200, data: { url: '/api/images/proof.pdf', id: 'proof' } });
const requested = answer(loanRequestAnswerSchema, { acknowledged: true, insertedId: 'LN-4K7Q' });

function renderForm(loanRequest: StubReply = requested) {
  const api = stubApi({ 'GET /api/loansTypes': loanTypes, 'POST /api/images': uploaded, 'POST /api/loanReq': loanRequest });
  renderComponent(<LoanRequestForm account={account} />);
  return api;
}

const proof = new File(['%PDF-1.7'], 'salary.pdf', { type: 'application/pdf' });

async function fillIn({ amount }: { amount: string }) {
  await userEvent.selectOptions(screen.getByLabelText('Loan type'), 'car');
  await userEvent.selectOptions(screen.getByLabelText('Duration'), '12');
  await userEvent.type(screen.getByLabelText('Loan amount (BDT)'), amount);
  await userEvent.type(screen.getByLabelText('Monthly income (BDT)'), '50000');
  await userEvent.type(screen.getByLabelText('Company name'), 'Padma Textiles');
  await userEvent.selectOptions(screen.getByLabelText('Proof of income'), 'salary-certificate');
  await userEvent.upload(screen.getByLabelText('Upload the document'), proof);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Request loan' }));

describe('LoanRequestForm', () => {
  it('refuses an amount that is not one in BDT, saying why under the field, and sends nothing', async () => {
    const api = renderForm();
    await fillIn({ amount: '1500.555' });
    await submit();
    expect(await screen.findByText('Loan amount may have at most two decimals (poisha)')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Loan amount (BDT)'));
    await submit();
    expect(await screen.findByText('Loan amount is required')).toBeTruthy();
    expect(api.sent('POST /api/images')).toHaveLength(0);
    expect(api.sent('POST /api/loanReq')).toHaveLength(0);
  });

  it('shows the monthly instalment for the amount and months typed, and the income the loan type asks for', async () => {
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Loan type'), 'car');
    expect((await screen.findByTestId('loan-income-floor')).textContent).toContain('40,000');
    await userEvent.type(screen.getByLabelText('Loan amount (BDT)'), '1,20,000');
    expect(screen.queryByTestId('loan-estimate')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Duration'), '12');
    // 120,000 with 3 % interest over 12 months: 123,600 to repay, 10,300 a month.
    expect(screen.getByTestId('loan-estimate').textContent).toContain('10,300.00');
  });

  it('uploads the proof, then sends the amounts as exact decimals with an Idempotency-Key, and shows the receipt', async () => {
    const api = renderForm();
    await fillIn({ amount: '1,25,000.50' });
    await submit();
    expect(await screen.findByText('Requested for the Loan Successfully!!!')).toBeTruthy();
    expect(api.sent('POST /api/images')).toHaveLength(1);
    const [sent] = api.sent('POST /api/loanReq');
    expect(sent?.body).toEqual({
      loan: 'car',
      accNum: account._id,
      income: '50000.00',
      company: 'Padma Textiles',
      lAmount: '125000.50',
      lDuration: '12',
      document: '/api/images/proof.pdf',
      documentKind: 'salary-certificate',
    });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('shows a refusal under the field the server names', async () => {
    renderForm(refusal(400, 'validation_failed', 'Monthly income is below what a Car loan asks for', { income: 'Monthly income is below what a Car loan asks for' }));
    await fillIn({ amount: '100000' });
    await submit();
    await waitFor(() => expect(screen.getByLabelText('Monthly income (BDT)').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('loan-income-error')?.textContent).toBe('Monthly income is below what a Car loan asks for');
    expect(screen.queryByText('Requested for the Loan Successfully!!!')).toBeNull();
  });
});
