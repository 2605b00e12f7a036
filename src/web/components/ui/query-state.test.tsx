// @vitest-environment happy-dom
import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, apiGet } from '../../lib/api-client';
import { refusal, stubApi, type StubReply } from '../../testing/api-stub';
import { renderComponent } from '../../testing/render';
import { QueryState, type LoadingQuery } from './query-state';

type Payees = string[];

/** A page reading one list through the real client and query, the way the app's pages do. */
function PayeesPage() {
  const query = useQuery({ queryKey: ['payees'], queryFn: ({ signal }) => apiGet<Payees>('/api/payees', signal) });
  return (
    <QueryState query={query} empty={<p>No payees yet.</p>} notFound={<p>Nothing here.</p>}>
      {(payees) => (
        <ul aria-label="Payees">
          {payees.map((payee) => (
            <li key={payee}>{payee}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

const payees = (body: Payees): StubReply => ({ status: 200, body });

describe('QueryState', () => {
  it('shows the loading block while the load is pending, then the content', async () => {
    let answer: (reply: StubReply) => void = () => undefined;
    stubApi({ 'GET /api/payees': () => new Promise<StubReply>((resolve) => (answer = resolve)) });
    renderComponent(<PayeesPage />);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading…');
    answer(payees(['Rahim', 'Karim']));
    expect(await screen.findByRole('list', { name: 'Payees' })).toHaveProperty('textContent', 'RahimKarim');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the load failed, with a retry that asks again and shows what came back', async () => {
    let failing = true;
    const api = stubApi({ 'GET /api/payees': () => (failing ? refusal(503, 'unavailable', 'unavailable') : payees(['Rahim'])) });
    renderComponent(<PayeesPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load this. Please try again.');
    expect(screen.queryByRole('status')).toBeNull();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Payees' })).toHaveProperty('textContent', 'Rahim');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.sent('GET /api/payees')).toHaveLength(2);
  });

  it('shows the empty text, not the content, when the load found nothing', async () => {
    stubApi({ 'GET /api/payees': payees([]) });
    renderComponent(<PayeesPage />);
    expect(await screen.findByText('No payees yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the not-found part for a 404 or a malformed address, with no retry', async () => {
    for (const reply of [refusal(404, 'not_found', 'Not found'), refusal(400, 'validation_failed', 'Invalid id')]) {
      stubApi({ 'GET /api/payees': reply });
      const { unmount } = renderComponent(<PayeesPage />);
      expect(await screen.findByText('Nothing here.')).toBeTruthy();
      expect(screen.queryByRole('button')).toBeNull();
      unmount();
    }
  });

  it('keeps what was loaded below a failed refresh, but no longer says there is nothing', () => {
    const failedRefresh = (data: Payees): LoadingQuery<Payees> => {
      const error = new ApiError(0, 'network', 'offline');
      return { data, error, failureReason: error, isPending: false, isError: true, failureCount: 1, refetch: () => Promise.resolve() };
    };
    const page = (query: LoadingQuery<Payees>) => (
      <QueryState query={query} empty={<p>No payees yet.</p>}>
        {(list) => <p>{list.join(', ')}</p>}
      </QueryState>
    );
    const { rerender } = render(page(failedRefresh(['Rahim'])));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByText('Rahim')).toBeTruthy();
    rerender(page(failedRefresh([])));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByText('No payees yet.')).toBeNull();
  });

  it('draws a failure in the screen’s own words when it brings them, with the reason and the retry', async () => {
    stubApi({ 'GET /api/payees': refusal(403, 'forbidden', 'Staff only') });
    function StaffPayees() {
      const query = useQuery({ queryKey: ['payees'], queryFn: ({ signal }) => apiGet<Payees>('/api/payees', signal) });
      return (
        <QueryState query={query} loadingLabel="Loading the list…" failure={(error, retry) => <button onClick={retry}>{error?.message}</button>}>
          {(list) => <p>{list.length}</p>}
        </QueryState>
      );
    }
    renderComponent(<StaffPayees />);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading the list…');
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('Staff only'));
  });
});
