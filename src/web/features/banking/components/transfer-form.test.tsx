// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { secondFactorCodeHeaderName } from '../../../../shared/second-factor';
import { transferAnswerSchema } from '../../../../shared/schemas/banking-answers';
import { accountLimitAnswerSchema } from '../../../../shared/schemas/limits';
import { nameEnquiryAnswerSchema } from '../../../../shared/schemas/name-enquiry';
import { stepUpCheckAnswerSchema } from '../../../../shared/schemas/two-factor';
import { activeAccount } from '../../../testing/account-fixture';
import { answer, refusal, stubApi, type StubReply } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import { TransferForm } from './transfer-form';

const sender = activeAccount;
const receiverNumber = '2089876543210';
const payee = answer(nameEnquiryAnswerSchema, { accNum: receiverNumber, maskedName: 'RA*** AH****', accountType: 'current' });
const limits = answer(accountLimitAnswerSchema, { accountId: sender._id, accountType: 'savings', perTransfer: 1_000, perDay: 3_000, sentToday: 2_500, leftToday: 500, largestTransfer: 500 });
const noCodeNeeded = answer(stepUpCheckAnswerSchema, { stepUp: 'none' });
const sentAnswer = answer(transferAnswerSchema, {
  acknowledged: true,
  modifiedCount: 2,
  insertedId: 'entry-1',
  reference: 'TX-7Q2M',
  amount: 4_800,
  postedAt: '2026-11-25T10:00:00.000Z',
});

function renderTransfer(check: StubReply | ((request: { headers: Headers }) => StubReply) = noCodeNeeded, nameEnquiry: StubReply = payee) {
  const api = stubApi({
    'GET /api/savedReceivers': { status: 200, body: [] },
    'GET /api/transferLimits/account/2081234567890': limits,
    'POST /api/nameEnquiry': nameEnquiry,
    'POST /api/userMoneyTrans/check': check,
    'PUT /api/userMoneyTrans': sentAnswer,
  });
  renderComponent(<TransferForm account={sender} />);
  return api;
}

const user = () => userEvent.setup();

async function fillIn(typist: ReturnType<typeof user>, amount: string, number = receiverNumber) {
  await typist.type(screen.getByLabelText('Receiver account number'), number);
  await typist.type(screen.getByLabelText('Send amount (BDT)'), amount);
}

describe('the transfer form', () => {
  it('shows whose account the typed number is, masked, with its type', async () => {
    renderTransfer();
    await user().type(screen.getByLabelText('Receiver account number'), receiverNumber);
    expect(await screen.findByTestId('payee-name')).toHaveProperty('textContent', 'RA*** AH****');
    expect(screen.getByTestId('payee-lookup').textContent).toContain('Current account');
  });

  it('refuses a number nobody has and sends nothing', async () => {
    const api = renderTransfer(noCodeNeeded, refusal(404, 'not_found', 'Account not found'));
    const typist = user();
    await fillIn(typist, '100');
    await waitFor(() => expect(screen.getByTestId('payee-lookup').dataset.state).toBe('notFound'));
    await typist.click(screen.getByRole('button', { name: 'Send money' }));
    expect(await screen.findAllByText(/No account that can receive money has this number/)).not.toHaveLength(0);
    expect(api.sent('POST /api/userMoneyTrans/check')).toHaveLength(0);
  });

  it('says an amount with three decimals or below the minimum is not one it takes', async () => {
    renderTransfer();
    const typist = user();
    await fillIn(typist, '12.345');
    await typist.click(screen.getByRole('button', { name: 'Send money' }));
    expect(await screen.findByText(/^Send amount .*two decimal/i)).toBeTruthy();
    await typist.clear(screen.getByLabelText('Send amount (BDT)'));
    await typist.type(screen.getByLabelText('Send amount (BDT)'), '5');
    await typist.click(screen.getByRole('button', { name: 'Send money' }));
    expect(await screen.findByText(/Send amount must be at least/)).toBeTruthy();
  });

  it('says the whole balance cannot leave, and the most that can', async () => {
    const api = renderTransfer();
    const typist = user();
    await fillIn(typist, '5000');
    await screen.findByTestId('payee-name');
    await typist.click(screen.getByRole('button', { name: 'Send money' }));
    expect(await screen.findByText(/the most you can send now is 4,999.99 BDT/)).toBeTruthy();
    expect(api.sent('POST /api/userMoneyTrans/check')).toHaveLength(0);
  });

  it('refuses an amount over what is left of today’s limit in the server’s words, before asking the server', async () => {
    const api = renderTransfer();
    const typist = user();
    await screen.findByTestId('transfer-limits');
    await fillIn(typist, '600');
    await screen.findByTestId('payee-name');
    await typist.click(screen.getByRole('button', { name: 'Send money' }));
    expect(await screen.findByText(/over the daily limit of 3,000.00 BDT; 500.00 BDT is left today/)).toBeTruthy();
    expect(api.sent('POST /api/userMoneyTrans/check')).toHaveLength(0);
  });

  it('asks for the code before the confirm step, keeps what was typed, and sends the code with the transfer', async () => {
    const api = renderTransfer(({ headers }) => answer(stepUpCheckAnswerSchema, { stepUp: headers.get(secondFactorCodeHeaderName) === '123456' ? 'confirmed' : 'app' }));
    const typist = user();
    await fillIn(typist, '300');
    await screen.findByTestId('payee-name');
    await typist.click(screen.getByRole('button', { name: 'Send money' }));
    const prompt = within(await screen.findByTestId('step-up-prompt'));
    expect(screen.queryByTestId('confirm-payee')).toBeNull();
    await typist.type(prompt.getByLabelText(/code/i), '123456');
    await typist.click(prompt.getByRole('button', { name: /confirm/i }));
    expect((await screen.findByTestId('confirm-payee')).textContent).toContain('RA*** AH****, Current account 2089876543210');
    expect(screen.getByLabelText<HTMLInputElement>('Receiver account number').value).toBe(receiverNumber);
    expect(screen.getByLabelText<HTMLInputElement>('Send amount (BDT)').value).toBe('300');
    await typist.click(screen.getByRole('button', { name: 'Yes, send it' }));
    expect(await screen.findByText('Money Transfer successfully')).toBeTruthy();
    const [sent] = api.sent('PUT /api/userMoneyTrans');
    expect(sent?.body).toEqual({ id: sender._id, accNum: receiverNumber, confirmedName: 'RA*** AH****', sendAmount: '300.00' });
    expect(sent?.headers.get(secondFactorCodeHeaderName)).toBe('123456');
  });

  it('keeps everything typed when the code prompt is cancelled, and sends nothing', async () => {
    const api = renderTransfer(answer(stepUpCheckAnswerSchema, { stepUp: 'app' }));
    const typist = user();
    await fillIn(typist, '300');
    await screen.findByTestId('payee-name');
    await typist.click(screen.getByRole('button', { name: 'Send money' }));
    const prompt = within(await screen.findByTestId('step-up-prompt'));
    await typist.click(prompt.getByRole('button', { name: /cancel/i }));
    await waitFor(() => expect(screen.queryByTestId('step-up-prompt')).toBeNull());
    expect(screen.queryByTestId('confirm-payee')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Receiver account number').value).toBe(receiverNumber);
    expect(screen.getByLabelText<HTMLInputElement>('Send amount (BDT)').value).toBe('300');
    expect(api.sent('PUT /api/userMoneyTrans')).toHaveLength(0);
  });
});
