// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refusal, stubApi } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import FixedDepositPage from './fixed-deposit';

const id = '7c0e5b1a-2d3f-4a6b-8c9d-0e1f2a3b4c5d';

describe('an FDR’s page', () => {
  it('says another customer’s FDR is not found, as a missing one, without offering to try again', async () => {
    stubApi({ [`GET /api/fdr/${id}`]: refusal(404, 'not_found', 'FDR not found') });
    renderComponent(<FixedDepositPage />, { path: `/fdr/${id}`, route: '/fdr/:id' });
    await screen.findByText('We could not find this FDR among yours.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
