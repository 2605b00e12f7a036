// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bankDirectory } from '../../../../shared/bank-directory';
import { accountListAnswerSchema } from '../../../../shared/schemas/banking-answers';
import { paymentAnswerSchema, paymentQuoteAnswerSchema } from '../../../../shared/schemas/payment-answers';
import { bankDirectoryAnswerSchema } from '../../../../shared/schemas/payments';
import { saveReceiverAnswerSchema, savedReceiverAnswerSchema, type SavedReceiverAnswer } from '../../../../shared/schemas/saved-receivers';
import { stepUpCheckAnswerSchema } from '../../../../shared/schemas/two-factor';
import { secondFactorCodeHeaderName } from '../../../../shared/second-factor';
import { activeAccount } from '../../../testing/account-fixture';
import { answer, refusal, stubApi, type StubReply } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import PayOtherBankPage from './pay-other-bank';

const directory = answer(
  bankDirectoryAnswerSchema,
  bankDirectory.map((entry) => ({ ...entry, rails: [...entry.rails] })),
);
const quote = answer(paymentQuoteAnswerSchema, {
  receiver: { participant: 'SONALI', account: '0012345678901', maskedName: 'RA*** UD***' },
  receiverNameChecked: true,
  amount: 5_000,
  options: [
    { rail: 'NPSB', open: true, arrival: 'instant', fee: 0, vat: 0, total: 5_000, arrivesBy: '2026-11-28T08:00:00.000Z' },
    { rail: 'BEFTN', open: true, arrival: 'session_close', fee: 0, vat: 0, total: 5_000, arrivesBy: '2026-11-28T09:00:00.000Z' },
    { rail: 'RTGS', open: false, refusal: 'rtgs_minimum', refusalWords: 'RTGS takes payments of 1,00,000 BDT or more' },
  ],
  proposed: 'NPSB',
  why: 'npsb_open',
  whyWords: 'NPSB: the money arrives at once, any day, free of charge to a bank',
  npsbLimits: { perTransfer: 300_000, perDay: 1_000_000, sentToday: 0, leftToday: 1_000_000 },
});
const paid = answer(paymentAnswerSchema, {
  id: '3f1c2a4e-8b7d-4c6e-9f00-1a2b3c4d5e6f',
  reference: 'PAY-7Q2M',
  status: 'sending',
  reasonCode: null,
  reasonWords: null,
  accountId: activeAccount._id,
  rail: 'BEFTN',
  amount: 5_000,
  fee: 0,
  vat: 0,
  total: 5_000,
  receiver: { participant: 'SONALI', account: '0012345678901', maskedName: 'RA*** UD***' },
  purpose: 'Rent',
  arrivesBy: '2026-11-28T09:00:00.000Z',
  createdAt: '2026-11-28T07:00:00.000Z',
});

const sonaliRafiq: SavedReceiverAnswer = {
  _id: '6b1c2a4e-8b7d-4c6e-9f00-1a2b3c4d5e70',
  accNum: '0012345678901',
  transfer: null,
  participant: { code: 'SONALI', kind: 'bank', nameEn: 'Sonali Bank PLC', nameBn: 'সোনালী ব্যাংক পিএলসি' },
  user: 'RA*** UD***',
  nickname: 'Rafiq bhai',
  createdAt: '2026-11-27T07:00:00.000Z',
};
const bkashKarima: SavedReceiverAnswer = {
  _id: '6b1c2a4e-8b7d-4c6e-9f00-1a2b3c4d5e71',
  accNum: '01711000001',
  transfer: null,
  participant: { code: 'BKASH', kind: 'wallet', nameEn: 'bKash', nameBn: 'বিকাশ' },
  user: 'KA**** BE***',
  nickname: null,
  createdAt: '2026-11-27T07:00:00.000Z',
};
const hereBob: SavedReceiverAnswer = {
  ...sonaliRafiq,
  _id: '6b1c2a4e-8b7d-4c6e-9f00-1a2b3c4d5e72',
  accNum: '2081234567897',
  transfer: 'Current',
  participant: null,
  user: 'B** HO*****',
  nickname: 'Bob',
};

type CheckReply = StubReply | ((request: { headers: Headers }) => StubReply);

function renderPage(
  quoteReply: StubReply = quote,
  check: CheckReply = answer(stepUpCheckAnswerSchema, { stepUp: 'none' }),
  saved: SavedReceiverAnswer[] = [],
  path = '/payments/new',
  accounts = [activeAccount],
) {
  const api = stubApi({
    'GET /api/savedReceivers': answer(savedReceiverAnswerSchema.array(), saved),
    'POST /api/savedReceivers': answer(saveReceiverAnswerSchema, { acknowledged: true, insertedId: sonaliRafiq._id, merged: false }),
    'GET /api/userAccount': answer(accountListAnswerSchema, accounts),
    'GET /api/banks': directory,
    'POST /api/payments/quote': quoteReply,
    'POST /api/payments/check': check,
    'POST /api/payments': paid,
  });
  renderComponent(<PayOtherBankPage />, { path });
  return api;
}

const user = () => userEvent.setup();

async function chooseBank(typist: ReturnType<typeof user>, search: string, name: string) {
  await typist.type(await screen.findByRole('combobox', { name: 'Receiver’s bank or wallet' }), search);
  await typist.click(within(screen.getByRole('listbox')).getByRole('option', { name: new RegExp(name) }));
}

async function lookUp(typist: ReturnType<typeof user>) {
  await chooseBank(typist, 'sonali', 'Sonali Bank PLC');
  await typist.type(screen.getByLabelText('Receiver’s account number'), '0012345678901');
  await typist.type(screen.getByLabelText('Send amount (BDT)'), '5000');
  await typist.click(screen.getByRole('button', { name: 'Look up receiver' }));
  await screen.findByTestId('payment-quote');
}

describe('paying another bank or wallet', () => {
  it('says why nothing can be paid while no account is active, and leads back to the accounts, as the transfer does', async () => {
    renderPage(undefined, undefined, [], '/payments/new', [{ ...activeAccount, status: 'pending' }]);
    expect(await screen.findByText(/You need an active account to send money/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Accounts' }).getAttribute('href')).toBe('/myAccounts');
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('finds a bank by its Bangla name, and chooses it from the keyboard', async () => {
    renderPage();
    const typist = user();
    const search = await screen.findByRole('combobox', { name: 'Receiver’s bank or wallet' });
    await typist.type(search, 'সোনালী');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Sonali Bank PLCসোনালী ব্যাংক পিএলসি']);
    await typist.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(search).toHaveProperty('value', 'Sonali Bank PLC');
    expect(search.getAttribute('aria-expanded')).toBe('false');
  });

  it('groups banks apart from wallets', async () => {
    renderPage();
    await user().click(await screen.findByRole('combobox', { name: 'Receiver’s bank or wallet' }));
    const wallets = screen.getByRole('group', { name: 'Mobile wallets' });
    expect(
      within(wallets)
        .getAllByRole('option')
        .map((option) => option.textContent?.split(/[\u0980-\u09ff]/)[0]),
    ).toEqual(['bKash', 'Nagad', 'Rocket (Dutch-Bangla Bank mobile banking)', 'Upay']);
    expect(within(screen.getByRole('group', { name: 'Banks' })).getAllByRole('option').length).toBeGreaterThan(40);
  });

  it('pays a wallet only at an 11-digit number from 01, in the shared schema’s words, before asking anything', async () => {
    const api = renderPage();
    const typist = user();
    await chooseBank(typist, 'বিকাশ', 'bKash');
    await typist.type(screen.getByLabelText('Receiver’s wallet number'), '0012345678901');
    await typist.type(screen.getByLabelText('Send amount (BDT)'), '500');
    await typist.click(screen.getByRole('button', { name: 'Look up receiver' }));
    expect(await screen.findByText('A wallet is paid at its mobile number: 11 digits starting 01')).toBeTruthy();
    expect(api.sent('POST /api/payments/quote')).toHaveLength(0);
    await typist.clear(screen.getByLabelText('Receiver’s wallet number'));
    await typist.type(screen.getByLabelText('Receiver’s wallet number'), '01712345678');
    await typist.click(screen.getByRole('button', { name: 'Look up receiver' }));
    await waitFor(() =>
      expect(api.sent('POST /api/payments/quote').map((request) => request.body)).toEqual([
        { accountId: activeAccount._id, receiverParticipant: 'BKASH', receiverAccount: '01712345678', amount: '500.00' },
      ]),
    );
  });

  it('shows the receiver’s masked name and every rail: the proposed one chosen with why, a closed one with its reason', async () => {
    renderPage();
    await lookUp(user());
    expect(screen.getByTestId('payment-receiver-name').textContent).toBe('RA*** UD***');
    expect(screen.getByTestId('payment-why').textContent).toContain('NPSB: the money arrives at once');
    expect(screen.getByLabelText(/NPSB \(instant\)/)).toHaveProperty('checked', true);
    expect(screen.getByTestId('payment-rail-NPSB').textContent).toContain('Fee 0.00 BDT + VAT 0.00 BDT');
    expect(screen.getByTestId('payment-rail-NPSB').textContent).toContain('Total 5,000.00 BDT');
    expect(screen.getByTestId('payment-rail-NPSB').textContent).toContain('28 Nov 2026, 14:00');
    expect(screen.getByLabelText(/RTGS/)).toHaveProperty('disabled', true);
    expect(screen.getByTestId('payment-rail-RTGS').textContent).toContain('RTGS takes payments of 1,00,000 BDT or more');
  });

  it('asks for the receiver’s name at a bank without name enquiry, says it is checked only on arrival, and pays under it', async () => {
    const bkbQuote = answer(paymentQuoteAnswerSchema, {
      receiver: { participant: 'BKB', account: '0300100012345', maskedName: 'A*** KA****', typedName: 'Abul Kashem' },
      receiverNameChecked: false,
      amount: 5_000,
      options: [
        { rail: 'NPSB', open: false, refusal: 'receiver_not_on_rail', refusalWords: 'The receiver’s bank does not take NPSB' },
        { rail: 'BEFTN', open: true, arrival: 'session_close', fee: 0, vat: 0, total: 5_000, arrivesBy: '2026-11-28T09:00:00.000Z' },
      ],
      proposed: 'BEFTN',
      why: 'only_beftn_open',
      whyWords: 'BEFTN',
      npsbLimits: { perTransfer: 300_000, perDay: 1_000_000, sentToday: 0, leftToday: 1_000_000 },
    });
    const api = renderPage(bkbQuote);
    const typist = user();
    await chooseBank(typist, 'krishi', 'Bangladesh Krishi Bank');
    expect(screen.getByTestId('payment-name-unchecked').textContent).toBe(
      'Bangladesh Krishi Bank does not show who holds an account before it is paid. Bangladesh Krishi Bank checks the name when the money arrives, and sends it back to you if the name does not match the account.',
    );
    await typist.type(screen.getByLabelText('Receiver’s account number'), '0300100012345');
    await typist.type(screen.getByLabelText('Send amount (BDT)'), '5000');
    await typist.click(screen.getByRole('button', { name: 'Look up receiver' }));
    expect(await screen.findByText(/^Receiver’s name is required/)).toBeTruthy();
    expect(api.sent('POST /api/payments/quote')).toHaveLength(0);
    await typist.type(screen.getByLabelText('Receiver’s name'), 'Abul Kashem');
    await typist.click(screen.getByRole('button', { name: 'Look up receiver' }));
    await screen.findByTestId('payment-quote');
    expect(api.sent('POST /api/payments/quote')[0]?.body).toMatchObject({ receiverParticipant: 'BKB', receiverName: 'Abul Kashem' });
    expect(screen.getByTestId('payment-receiver-name').textContent).toBe('Abul Kashem');
    expect(screen.getByText(/^Not checked before sending/)).toBeTruthy();
    expect(screen.queryByText(/over NPSB today/)).toBeNull();
    await typist.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByTestId('confirm-payee')).toHaveProperty('textContent', 'To: Abul Kashem (name as you typed it), Bangladesh Krishi Bank 0300100012345');
    await typist.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await screen.findByTestId('receipt-reference');
    const [sent] = api.sent('POST /api/payments');
    expect(sent?.body).toMatchObject({ receiverParticipant: 'BKB', receiverName: 'Abul Kashem', rail: 'BEFTN' });
    expect(sent?.body).not.toHaveProperty('confirmedName');
  });

  it('says so under the number when the switch knows no such account', async () => {
    const message = 'No account at that bank or wallet has this number. Check the number, and the bank, with the person you are paying.';
    renderPage(refusal(404, 'receiver_not_found', message, { receiverAccount: message }));
    const typist = user();
    await chooseBank(typist, 'sonali', 'Sonali Bank PLC');
    await typist.type(screen.getByLabelText('Receiver’s account number'), '0012345678901');
    await typist.type(screen.getByLabelText('Send amount (BDT)'), '5000');
    await typist.click(screen.getByRole('button', { name: 'Look up receiver' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByTestId('payment-quote')).toBeNull();
  });

  it('sends the confirmed payment once with its Idempotency-Key, the name shown and the rail chosen, and shows the receipt', async () => {
    const api = renderPage();
    const typist = user();
    await lookUp(typist);
    await typist.click(screen.getByLabelText(/BEFTN/));
    await typist.type(screen.getByLabelText('Purpose (optional)'), 'Rent');
    await typist.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByTestId('confirm-payee')).toHaveProperty('textContent', 'To: RA*** UD***, Sonali Bank PLC 0012345678901');
    expect(api.sent('POST /api/payments')).toHaveLength(0);
    await typist.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByTestId('receipt-reference')).toHaveProperty('textContent', 'PAY-7Q2M');
    const sent = api.sent('POST /api/payments');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('idempotency-key')).toMatch(/^web-[0-9a-f]{32}$/);
    expect(sent[0]?.body).toEqual({
      accountId: activeAccount._id,
      receiverParticipant: 'SONALI',
      receiverAccount: '0012345678901',
      amount: '5000.00',
      confirmedName: 'RA*** UD***',
      rail: 'BEFTN',
      purpose: 'Rent',
    });
    expect(api.sent('POST /api/payments/check').map((request) => request.body)).toEqual([sent[0]?.body]);
    expect(screen.getByTestId('operation-receipt').textContent).toContain('Sending');
    expect(screen.getByRole('link', { name: 'Follow this payment' }).getAttribute('href')).toBe('/payments/3f1c2a4e-8b7d-4c6e-9f00-1a2b3c4d5e6f');
  });

  it('forgets the quote when what was quoted changes, so no name is confirmed for another receiver', async () => {
    renderPage();
    const typist = user();
    await lookUp(typist);
    await typist.type(screen.getByLabelText('Send amount (BDT)'), '0');
    expect(screen.queryByTestId('payment-quote')).toBeNull();
    expect(screen.getByRole('button', { name: 'Look up receiver' })).toBeTruthy();
  });

  it('asks for the code when the check says so, before the confirm step, and sends it with the payment', async () => {
    const api = renderPage(quote, ({ headers }) => answer(stepUpCheckAnswerSchema, { stepUp: headers.get(secondFactorCodeHeaderName) === '123456' ? 'confirmed' : 'app' }));
    const typist = user();
    await lookUp(typist);
    await typist.click(screen.getByRole('button', { name: 'Pay' }));
    // The check, the prompt and the payment are each an answer away: on a busy machine more than the default second.
    const slow = { timeout: 10_000 };
    const prompt = within(await screen.findByTestId('step-up-prompt', {}, slow));
    expect(screen.queryByTestId('confirm-payee')).toBeNull();
    await typist.type(prompt.getByLabelText(/code/i), '123456');
    await typist.click(prompt.getByRole('button', { name: /confirm/i }));
    await screen.findByTestId('confirm-payee', {}, slow);
    await typist.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await screen.findByTestId('receipt-reference', {}, slow);
    const [sent] = api.sent('POST /api/payments');
    expect(sent?.headers.get(secondFactorCodeHeaderName)).toBe('123456');
    expect(sent?.headers.get('idempotency-key')).toMatch(/^web-/);
    expect(sent?.body).toMatchObject({ rail: 'NPSB', confirmedName: 'RA*** UD***' });
  });
});

describe('a saved receiver at another bank or wallet', () => {
  it('offers only receivers at other banks and wallets, and picking one fills the bank and the number in one tap', async () => {
    const api = renderPage(quote, undefined, [sonaliRafiq, bkashKarima, hereBob]);
    const typist = user();
    const picker = await screen.findByRole('radiogroup', { name: 'Saved receiver' });
    // Each receiver in two lines, who and where, so that a long name wraps rather than being cut.
    const choices = within(picker)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);
    expect(choices).toEqual(['A new receiver', 'Rafiq bhai (RA*** UD***) Sonali Bank PLC · ••••8901', 'KA**** BE*** bKash · ••••0001']);
    const choice = (name: RegExp) => within(picker).getByRole('radio', { name });
    await typist.click(choice(/Rafiq bhai/));
    expect(screen.getByRole('combobox', { name: 'Receiver’s bank or wallet' })).toHaveProperty('value', 'Sonali Bank PLC');
    expect(screen.getByLabelText('Receiver’s account number')).toHaveProperty('value', '0012345678901');
    await typist.type(screen.getByLabelText('Send amount (BDT)'), '5000');
    await typist.click(screen.getByRole('button', { name: 'Look up receiver' }));
    await screen.findByTestId('payment-quote');
    expect(api.sent('POST /api/payments/quote').map((request) => request.body)).toEqual([
      { accountId: activeAccount._id, receiverParticipant: 'SONALI', receiverAccount: '0012345678901', amount: '5000.00' },
    ]);
    // Picking a wallet changes the number's label to the wallet's, and the picker follows what is typed.
    await typist.click(choice(/KA\*\*\*\* BE\*\*\*/));
    expect(screen.getByLabelText('Receiver’s wallet number')).toHaveProperty('value', '01711000001');
    expect(screen.queryByTestId('payment-quote')).toBeNull();
    await typist.type(screen.getByLabelText('Receiver’s wallet number'), '9');
    expect(choice(/A new receiver/)).toHaveProperty('checked', true);
  });

  it('fills the receiver chosen on the Saved receivers page (?receiver=)', async () => {
    renderPage(quote, undefined, [sonaliRafiq, bkashKarima], `/payments/new?receiver=${bkashKarima._id}`);
    expect(await screen.findByLabelText('Receiver’s wallet number')).toHaveProperty('value', '01711000001');
    expect(screen.getByRole('combobox', { name: 'Receiver’s bank or wallet' })).toHaveProperty('value', 'bKash');
  });

  it('offers “Save this receiver” after the receipt when the receiver is not saved, and saves the name shown', async () => {
    const api = renderPage();
    const typist = user();
    await lookUp(typist);
    await typist.click(screen.getByRole('button', { name: 'Pay' }));
    await typist.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    await typist.click(await screen.findByRole('button', { name: 'Save this receiver' }));
    expect(await screen.findByText('RA*** UD*** is now among your saved receivers.')).toBeTruthy();
    expect(api.sent('POST /api/savedReceivers').map((request) => request.body)).toEqual([{ participant: 'SONALI', accNum: '0012345678901', confirmedName: 'RA*** UD***' }]);
  });

  it('does not offer to save a receiver already saved', async () => {
    renderPage(quote, undefined, [sonaliRafiq]);
    const typist = user();
    await typist.click(within(await screen.findByRole('radiogroup', { name: 'Saved receiver' })).getByRole('radio', { name: /Rafiq bhai/ }));
    await typist.type(screen.getByLabelText('Send amount (BDT)'), '5000');
    await typist.click(screen.getByRole('button', { name: 'Look up receiver' }));
    await typist.click(await screen.findByRole('button', { name: 'Pay' }));
    await typist.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    await screen.findByTestId('receipt-reference');
    expect(screen.queryByRole('button', { name: 'Save this receiver' })).toBeNull();
  });
});
