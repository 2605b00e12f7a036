// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dpsClosedAnswerSchema, dpsDetailAnswerSchema, dpsEarlyClosureQuoteAnswerSchema, type DpsInstalmentState } from '../../../../shared/schemas/deposit-schemes';
import { answer, refusal, stubApi } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import DepositSchemePage from './deposit-scheme';

const id = '5a1c2a4e-8b7d-4c6e-9f00-1a2b3c4d5e6f';
const payout = (paidPoisha: string) => ({ payoutDay: '2027-12-10', depositedPoisha: '400000', interestPoisha: '1200', taxPercent: 15, taxPoisha: '180', paidPoisha });
const states: DpsInstalmentState[] = ['paid', 'paid', 'retrying', 'missed', 'due', 'stopped'];
const scheme = answer(dpsDetailAnswerSchema, {
  id,
  accountId: '2081234567890',
  holderName: 'Shirin Akter',
  instalmentPoisha: '200000',
  termYears: 1,
  dayOfMonth: 10,
  annualRateBasisPoints: 700,
  earlyRateBasisPoints: 300,
  openingDay: '2026-11-29',
  maturityDay: '2027-12-10',
  nomineeName: 'Karim Uddin',
  nomineeRelation: 'Brother',
  status: 'active',
  missedCount: 1,
  reference: 'DPS7Q2M',
  maturity: payout('2497000'),
  closedDay: null,
  interestPoisha: null,
  taxPoisha: null,
  paidPoisha: null,
  instalments: states.map((state, index) => ({ number: index + 1, dueDay: `2027-0${index + 1}-10`, state, paidDay: state === 'paid' ? `2027-0${index + 1}-10` : null })),
});

describe('a DPS’s page', () => {
  it('names every instalment’s state in words, counts those paid, and closes early once after showing what is given up', async () => {
    const api = stubApi({
      [`GET /api/dps/${id}`]: scheme,
      [`POST /api/dps/${id}/early-closure/quote`]: answer(dpsEarlyClosureQuoteAnswerSchema, { id, closure: payout('401020'), atSchemeRate: payout('402500'), forgonePoisha: '1480' }),
      [`POST /api/dps/${id}/early-closure`]: answer(dpsClosedAnswerSchema, {
        id,
        closure: payout('401020'),
        atSchemeRate: payout('402500'),
        forgonePoisha: '1480',
        reference: 'CLS4K9',
        accountBalancePoisha: '901020',
      }),
    });
    renderComponent(<DepositSchemePage />, { path: `/dps/${id}`, route: '/dps/:id' });
    const phone = await screen.findByTestId('dps-instalments-phone');
    expect(
      within(phone)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('[data-status]')?.textContent),
    ).toEqual(['Paid', 'Paid', 'Being retried', 'Missed', 'Due', 'Not taken']);
    expect(within(screen.getByTestId('dps-instalments')).getAllByRole('row')).toHaveLength(states.length + 1);
    expect(screen.getByText('2 of 6')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'See what closing pays' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('You give up')).toBeTruthy();
    expect(within(confirm).getByText('14.80 BDT')).toBeTruthy();
    await userEvent.dblClick(within(confirm).getByRole('button', { name: 'Close DPS' }));
    await screen.findByText('Your DPS is closed');
    const closings = api.sent(`POST /api/dps/${id}/early-closure`);
    expect(closings).toHaveLength(1);
    expect(closings[0]?.headers.get('idempotency-key')).toMatch(/^web-/);
  });

  it('says another customer’s DPS is not found, as a missing one, without offering to try again', async () => {
    stubApi({ [`GET /api/dps/${id}`]: refusal(404, 'not_found', 'DPS not found') });
    renderComponent(<DepositSchemePage />, { path: `/dps/${id}`, route: '/dps/:id' });
    await screen.findByText('We could not find this DPS among yours.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
