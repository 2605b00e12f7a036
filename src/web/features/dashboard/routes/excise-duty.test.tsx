// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exciseSlabsOrderMessage, exciseSummaryAnswerSchema, exciseTableAnswerSchema, exciseTableProposedAnswerSchema, type ExciseTableAnswer } from '../../../../shared/schemas/excise-duty';
import { addTexts } from '../../../lib/i18n';
import { enDashboard } from '../../../locales/en-dashboard';
import { answer, stubApi } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import ExciseDutyPage from './excise-duty';

addTexts(enDashboard);

const finance2025: ExciseTableAnswer = {
  _id: '00000000-0000-4000-8000-000000000025',
  effectiveFrom: '2025-07-01',
  status: 'approved',
  reason: 'Finance Act 2025-26',
  slabs: [
    { upTo: 300_000, duty: 0 },
    { upTo: 500_000, duty: 150 },
    { upTo: null, duty: 500 },
  ],
  proposedBy: null,
  proposedByUserId: null,
  proposedAt: '2025-06-01T00:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
};

function stubPage(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/exciseDutyTables': answer(z.array(exciseTableAnswerSchema), [finance2025]),
    'GET /api/exciseDutySummary': answer(exciseSummaryAnswerSchema, { businessDate: '2026-11-29', years: [{ year: 2025, accounts: 3, duty: 450, charged: 50, collected: 300, due: 100 }] }),
    ...extra,
  });
}

describe('the excise duty page', () => {
  it('shows the table in force with its bounds in lakh and crore grouping, and the year’s totals', async () => {
    stubPage();
    renderComponent(<ExciseDutyPage />);
    const inForce = await screen.findByTestId('excise-table-in-force');
    expect(within(inForce).getByText('Since 1 Jul 2025')).toBeTruthy();
    expect(within(inForce).getByText('Up to 3,00,000.00 BDT')).toBeTruthy();
    expect(within(inForce).getByText('Above 5,00,000.00 BDT')).toBeTruthy();
    expect(within(screen.getByTestId('excise-year-totals')).getByText('300.00 BDT')).toBeTruthy();
  });

  it('checks a proposal with the route’s own schema: bounds in order, each slab’s duty, and sends nothing until they are right', async () => {
    const api = stubPage({ 'POST /api/exciseDutyTables': answer(exciseTableProposedAnswerSchema, { acknowledged: true, insertedId: 'new-table' }) });
    renderComponent(<ExciseDutyPage />);
    const form = await screen.findByTestId('propose-excise-form');
    await userEvent.type(within(form).getByLabelText('Effective from (business date)'), '2027-07-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a slab' }));
    const bounds = within(form).getAllByLabelText('Highest balance up to (BDT)');
    const duties = within(form).getAllByLabelText('Duty (BDT)');
    // Three slabs: two with a bound, the last covering every balance above.
    expect(bounds).toHaveLength(2);
    expect(duties).toHaveLength(3);
    await userEvent.type(bounds[0]!, '5,00,000');
    await userEvent.type(bounds[1]!, '4,00,000');
    await userEvent.type(duties[0]!, '0');
    await userEvent.type(duties[1]!, 'lots');
    await userEvent.type(duties[2]!, '500');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Finance Act 2027-28');
    await userEvent.click(within(form).getByRole('button', { name: 'Propose' }));
    expect(await within(form).findByText('Duty must be an amount in BDT, for example 1500 or 1500.50')).toBeTruthy();

    await userEvent.clear(duties[1]!);
    await userEvent.type(duties[1]!, '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Propose' }));
    expect(await within(form).findByText(exciseSlabsOrderMessage)).toBeTruthy();
    expect(within(form).queryByRole('button', { name: 'Yes, propose it' })).toBeNull();
    expect(api.sent('POST /api/exciseDutyTables')).toEqual([]);

    await userEvent.clear(bounds[1]!);
    await userEvent.type(bounds[1]!, '10,00,000');
    await userEvent.click(within(form).getByRole('button', { name: 'Propose' }));
    await userEvent.click(await within(form).findByRole('button', { name: 'Yes, propose it' }));
    await waitFor(() => expect(api.sent('POST /api/exciseDutyTables')).toHaveLength(1));
    expect(api.sent('POST /api/exciseDutyTables')[0]?.body).toEqual({
      effectiveFrom: '2027-07-01',
      slabs: [
        { upTo: '500000.00', duty: '0.00' },
        { upTo: '1000000.00', duty: '150.00' },
        { upTo: null, duty: '500.00' },
      ],
      reason: 'Finance Act 2027-28',
    });
  });
});
