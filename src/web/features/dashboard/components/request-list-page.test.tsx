// @vitest-environment happy-dom
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bulkApprovalAnswerSchema } from '../../../../shared/schemas/staff-queue';
import { apiGetWithTotal } from '../../../lib/api-client';
import { addTexts } from '../../../lib/i18n';
import { enDashboard } from '../../../locales/en-dashboard';
import { answer, stubApi, type StubReply } from '../../../testing/api-stub';
import { renderComponent } from '../../../testing/render';
import type { ListParams } from '../api/dashboard-keys';
import { RequestListPage, type RequestListDescriptor } from './request-list-page';

addTexts(enDashboard);

type Deposit = { _id: string; holder: string; status: 'pending' | 'success' };

const deposits: Deposit[] = [
  { _id: 'd1', holder: 'Farzana Haque', status: 'pending' },
  { _id: 'd2', holder: 'Karim Hossain', status: 'pending' },
  { _id: 'd3', holder: 'Rahima Akter', status: 'success' },
];

/** The page's rows from the stubbed server, as a list's query reads them. */
const useDeposits = (params: ListParams) => useQuery({ queryKey: ['deposits', params], queryFn: ({ signal }) => apiGetWithTotal<Deposit>('/api/deposits', signal) });

const descriptor: RequestListDescriptor<Deposit, 'pending' | 'success' | 'declined'> = {
  texts: 'dashboard.deposits',
  statuses: ['pending', 'success', 'declined'],
  useItems: useDeposits,
  testIds: { table: 'deposits-table', row: 'deposit' },
  itemKey: (deposit) => deposit._id,
  columns: [{ label: 'Holder', render: (deposit) => deposit.holder }],
  decisions: () => [],
  bulk: { kind: 'deposit', selectable: (deposit) => deposit.status === 'pending', describe: (deposit) => deposit.holder },
};

function renderList(bulkAnswer: StubReply) {
  const api = stubApi({ 'GET /api/deposits': { status: 200, body: deposits }, 'POST /api/bulkApprovals': bulkAnswer });
  renderComponent(<RequestListPage descriptor={descriptor} />, { path: '/dashboard/depositRequest' });
  return api;
}

describe('RequestListPage', () => {
  it('approves the chosen waiting rows together, and lists the ones the server left waiting with its reason', async () => {
    const api = renderList(
      answer(bulkApprovalAnswerSchema, {
        results: [
          { id: 'd1', outcome: 'approved' },
          { id: 'd2', outcome: 'refused', code: 'own_request', message: 'You cannot approve your own request' },
        ],
      }),
    );
    await screen.findByTestId('deposits-table');
    // A credited deposit has nothing to approve, so no box to choose it.
    expect(within(screen.getByTestId('deposit-d3')).queryByRole('checkbox')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve 2 selected' }));
    expect(screen.getByRole('heading', { name: 'Approve 2 requests?' })).toBeTruthy();
    expect(api.sent('POST /api/bulkApprovals')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Approve 2' }));
    const refused = await screen.findByTestId('bulk-refused');
    expect(refused.textContent).toContain('Karim Hossain: It is your own account: another member of staff must approve it.');
    const [sent] = api.sent('POST /api/bulkApprovals');
    expect(sent?.body).toEqual({ kind: 'deposit', ids: ['d1', 'd2'] });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve 0 selected' })).toHaveProperty('disabled', true));
  });

  it('chooses one row by its box, and sends only that one', async () => {
    const api = renderList(answer(bulkApprovalAnswerSchema, { results: [{ id: 'd2', outcome: 'approved' }] }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Karim Hossain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve 1 selected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve 1' }));
    await waitFor(() => expect(api.sent('POST /api/bulkApprovals').map((request) => request.body)).toEqual([{ kind: 'deposit', ids: ['d2'] }]));
  });
});
