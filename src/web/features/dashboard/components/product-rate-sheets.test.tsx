// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { termsProposedAnswerSchema } from '../../../../shared/schemas/interest-terms';
import { earlyAboveAnnualMessage, maximumBelowMinimum } from '../../../../shared/schemas/product-rates';
import { addTexts } from '../../../lib/i18n';
import { enDashboard } from '../../../locales/en-dashboard';
import { answer, stubApi } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import { ProposeRatesForm } from './product-rate-sheets';

addTexts(enDashboard);

const dpsYears = ['1 year', '2 years', '3 years', '5 years', '7 years', '10 years'];

async function fillSheet(early: (index: number) => string, highest = '20,000') {
  await userEvent.type(screen.getByLabelText('Effective from (business date)'), '2027-01-01');
  await userEvent.type(screen.getByLabelText('Lowest instalment (BDT)'), '1000');
  await userEvent.type(screen.getByLabelText('Highest instalment (BDT)'), highest);
  for (const [index, term] of dpsYears.entries()) {
    await userEvent.type(screen.getByLabelText(`${term}: rate a year (%)`), '8.75');
    await userEvent.type(screen.getByLabelText(`${term}: if closed early (%)`), early(index));
  }
  await userEvent.type(screen.getByLabelText('Reason'), 'ALCO meeting: DPS rates up');
}

describe('the form to propose DPS rates', () => {
  it('refuses an early-closure rate above the annual one under its field, without sending', async () => {
    const api = stubApi({});
    renderComponent(<ProposeRatesForm scheme="dps" />);
    await fillSheet((index) => (index === 2 ? '9' : '3.5'));
    await userEvent.click(screen.getByRole('button', { name: 'Propose' }));
    expect(await screen.findByText(earlyAboveAnnualMessage('dps'))).toBeTruthy();
    expect(screen.getByLabelText('3 years: if closed early (%)').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST /api/productRateProposals')).toEqual([]);
  });

  it('refuses a highest instalment below the lowest under its field, without sending', async () => {
    const api = stubApi({});
    renderComponent(<ProposeRatesForm scheme="dps" />);
    await fillSheet(() => '3.5', '500');
    await userEvent.click(screen.getByRole('button', { name: 'Propose' }));
    expect(await screen.findByText(maximumBelowMinimum)).toBeTruthy();
    expect(screen.getByLabelText('Highest instalment (BDT)').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST /api/productRateProposals')).toEqual([]);
  });

  it('sends every term once, in percent, and the instalment bounds in BDT, after the confirm step, with one key', async () => {
    const api = stubApi({ 'POST /api/productRateProposals': answer(termsProposedAnswerSchema, { acknowledged: true, insertedId: 'c0ffee00-0000-4000-8000-000000000001' }) });
    renderComponent(<ProposeRatesForm scheme="dps" />);
    await fillSheet(() => '3.5');
    await userEvent.click(screen.getByRole('button', { name: 'Propose' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, propose them' }));
    await waitFor(() => expect(api.sent('POST /api/productRateProposals')).toHaveLength(1));
    const [sent] = api.sent('POST /api/productRateProposals');
    expect(sent?.body).toEqual({
      scheme: 'dps',
      effectiveFrom: '2027-01-01',
      terms: [1, 2, 3, 5, 7, 10].map((term) => ({ term, annualRatePercent: '8.75', prematureRatePercent: '3.50' })),
      amountMin: '1000.00',
      amountMax: '20000.00',
      reason: 'ALCO meeting: DPS rates up',
    });
    expect(sent?.headers.get('idempotency-key')).toEqual(expect.any(String));
  });
});
