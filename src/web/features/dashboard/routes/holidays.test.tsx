// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { holidayAnswerSchema, weekendHolidayMessage } from '../../../../shared/schemas/holidays';
import { addTexts } from '../../../lib/i18n';
import { enDashboard } from '../../../locales/en-dashboard';
import { answer, stubApi } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import HolidaysPage from './holidays';

addTexts(enDashboard);

const eidUlFitr = { date: '2026-03-20', nameEn: 'Eid-ul-Fitr', nameBn: 'ঈদুল ফিতর', predicted: true };
const victoryDay = { date: '2026-12-16', nameEn: 'Victory Day', nameBn: 'বিজয় দিবস', predicted: false };

describe('the holidays page', () => {
  it('refuses a Friday under the date field without sending it', async () => {
    const api = stubApi({ 'GET /api/holidays': answer(z.array(holidayAnswerSchema), [eidUlFitr, victoryDay]) });
    renderComponent(<HolidaysPage />);
    await screen.findByText('Victory Day');
    await userEvent.type(screen.getByLabelText('Date'), '2026-11-27');
    await userEvent.type(screen.getByLabelText('English name'), 'Bank foundation day');
    await userEvent.type(screen.getByLabelText('Bangla name'), 'ব্যাংকের প্রতিষ্ঠা দিবস');
    await userEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(await screen.findByText(weekendHolidayMessage)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Yes, add it' })).toBeNull();
    expect(api.sent('POST /api/holidays')).toEqual([]);
  });

  it('confirms a predicted holiday that falls on the weekend, as the government published it, with one key for the confirmed send', async () => {
    const api = stubApi({
      'GET /api/holidays': answer(z.array(holidayAnswerSchema), [eidUlFitr, victoryDay]),
      'PUT /api/holidays/2026-03-20': answer(holidayAnswerSchema, { ...eidUlFitr, predicted: false }),
    });
    renderComponent(<HolidaysPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Correct Eid-ul-Fitr on 20 Mar 2026' }));
    await userEvent.click(screen.getByLabelText(/The date is a prediction/));
    await userEvent.click(screen.getByRole('button', { name: 'Save correction' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, save it' }));
    await waitFor(() => expect(api.sent('PUT /api/holidays/2026-03-20')).toHaveLength(1));
    const [sent] = api.sent('PUT /api/holidays/2026-03-20');
    expect(sent?.body).toEqual({ nameEn: 'Eid-ul-Fitr', nameBn: 'ঈদুল ফিতর', predicted: false });
    expect(sent?.headers.get('idempotency-key')).toEqual(expect.any(String));
    // The correction is done: the page offers to add a holiday again.
    expect(await screen.findByRole('button', { name: 'Add holiday' })).toBeTruthy();
  });
});
