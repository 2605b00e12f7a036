// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentDetailAnswerSchema, type PaymentDetailAnswer } from '../../../../shared/schemas/payment-answers';
import { addTexts, chooseLanguage } from '../../../lib/i18n';
import { bnBanking } from '../../../locales/bn-banking';
import { activeAccount } from '../../../testing/account-fixture';
import { answer, stubApi } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import PaymentDetailPage from './payment-detail';

const id = '3f1c2a4e-8b7d-4c6e-9f00-1a2b3c4d5e6f';
const base = {
  id,
  reference: 'PAY-7Q2M',
  accountId: activeAccount._id,
  rail: 'BEFTN' as const,
  amount: 5_000,
  fee: 0,
  vat: 0,
  total: 5_000,
  receiver: { participant: 'SONALI', account: '0012345678901', maskedName: 'RA*** UD***' },
  purpose: null,
  arrivesBy: '2026-11-28T09:00:00.000Z',
  createdAt: '2026-11-28T07:00:00.000Z',
};
const sent = { status: 'sending' as const, reasonCode: null, reasonWords: null, at: '2026-11-28T07:00:00.000Z' };
const accepted = { status: 'accepted' as const, reasonCode: null, reasonWords: null, at: '2026-11-28T07:00:02.000Z' };
const settled = { status: 'settled' as const, reasonCode: null, reasonWords: null, at: '2026-11-28T09:00:00.000Z' };

const detail = (payment: Pick<PaymentDetailAnswer, 'status' | 'history'> & Partial<PaymentDetailAnswer>) =>
  answer(paymentDetailAnswerSchema, { ...base, reasonCode: null, reasonWords: null, ...payment });

function renderPayment(replies: ReturnType<typeof detail>[]) {
  let asked = 0;
  const api = stubApi({
    'GET /api/banks': { status: 200, body: [] },
    [`GET /api/payments/${id}`]: () => replies[Math.min(asked++, replies.length - 1)]!,
  });
  renderComponent(<PaymentDetailPage />, { path: `/payments/${id}`, route: '/payments/:id' });
  return api;
}

const steps = () =>
  within(screen.getByTestId('payment-timeline'))
    .getAllByRole('listitem')
    .map((step) => [step.dataset.status, step.dataset.state]);

afterEach(async () => {
  await chooseLanguage('en');
});

describe('a payment’s page', () => {
  it('shows where a BEFTN payment has been and the step still to come, and follows it until it arrives', async () => {
    const api = renderPayment([detail({ status: 'accepted', history: [sent, accepted] }), detail({ status: 'settled', history: [sent, accepted, settled], clearingReference: 'BEFTN2611280042' })]);
    await screen.findByTestId('payment-timeline');
    expect(screen.queryByText('Clearing house reference')).toBeNull();
    expect(steps()).toEqual([
      ['sending', 'done'],
      ['accepted', 'done'],
      ['settled', 'to-come'],
    ]);
    expect(within(screen.getByTestId('payment-timeline')).getByText('Accepted into a BEFTN session')).toBeTruthy();
    expect(screen.getByText(/updates by itself/)).toBeTruthy();
    // Asked again after a few seconds: the payment arrived, and the page stops asking.
    await waitFor(() => expect(steps().map(([, state]) => state)).toEqual(['done', 'done', 'done']), { timeout: 6_000 });
    expect(screen.queryByText(/updates by itself/)).toBeNull();
    expect(screen.getByText('Clearing house reference')).toBeTruthy();
    expect(screen.getByText('BEFTN2611280042')).toBeTruthy();
    const asked = api.sent(`GET /api/payments/${id}`).length;
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(api.sent(`GET /api/payments/${id}`)).toHaveLength(asked);
  }, 15_000);

  it('says in words why a payment came back', async () => {
    renderPayment([
      detail({
        status: 'returned',
        reasonCode: 'AC04',
        reasonWords: 'The receiver’s account is closed',
        history: [sent, settled, { status: 'returned', reasonCode: 'AC04', reasonWords: 'The receiver’s account is closed', at: '2026-11-29T05:00:00.000Z' }],
      }),
    ]);
    await screen.findByTestId('payment-timeline');
    expect(steps()).toEqual([
      ['sending', 'done'],
      ['settled', 'done'],
      ['returned', 'done'],
    ]);
    expect(within(screen.getByTestId('payment-timeline')).getByText('The receiver’s account is closed')).toBeTruthy();
    expect(within(screen.getByTestId('payment-timeline')).getByText('Sent back: the money is back in your account')).toBeTruthy();
  });

  it('says a refusal’s reason in Bangla, with the times in Bangla digits', async () => {
    addTexts(bnBanking, 'bn');
    await chooseLanguage('bn');
    renderPayment([
      detail({ status: 'rejected', reasonCode: 'AC01', reasonWords: 'x', history: [sent, { status: 'rejected', reasonCode: 'AC01', reasonWords: 'x', at: '2026-11-28T07:00:03.000Z' }] }),
    ]);
    const timeline = await screen.findByTestId('payment-timeline');
    expect(timeline.textContent).toContain('প্রত্যাখ্যাত');
    expect(timeline.textContent).toContain('প্রাপকের হিসাব নম্বর সঠিক নয়');
    expect(timeline.textContent).toContain('১৩:০০');
  });
});
