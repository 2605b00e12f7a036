// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListSearchBox } from './list-search-box';

afterEach(cleanup);

/** Longer than the box's pause after typing. */
const pastTheDebounceMs = 600;

/** A list page with the search box and a link to an account whose page loads slowly (a lazy route not yet resolved). */
function listWithSlowAccountPage() {
  const onSearch = vi.fn<(q: string) => void>();
  let finishLoading: () => void = () => undefined;
  const accountPageLoaded = new Promise<void>((resolve) => {
    finishLoading = resolve;
  });
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <ListSearchBox q="" onSearch={onSearch} />
            <Link to="/dashboard/account/2089827254211">Details</Link>
          </>
        ),
      },
      {
        path: '/dashboard/account/:id',
        lazy: async () => {
          await accountPageLoaded;
          return { Component: () => <h1>Account</h1> };
        },
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onSearch, finishLoading };
}

describe('the staff list search box', () => {
  it('searches a moment after the typing stops', async () => {
    const { onSearch } = listWithSlowAccountPage();
    await userEvent.type(screen.getByRole('searchbox'), 'rahima');
    await act(() => new Promise((resolve) => setTimeout(resolve, pastTheDebounceMs)));
    expect(onSearch).toHaveBeenCalledWith('rahima');
  });

  it('does not pull staff back to the list when they opened an account before the pause ran out', async () => {
    const { router, onSearch, finishLoading } = listWithSlowAccountPage();
    await userEvent.type(screen.getByRole('searchbox'), 'yn4h c9d9');
    await userEvent.click(screen.getByRole('link', { name: 'Details' }));
    expect(router.state.navigation.state).toBe('loading');
    await act(() => new Promise((resolve) => setTimeout(resolve, pastTheDebounceMs)));
    expect(onSearch).not.toHaveBeenCalled();
    await act(async () => finishLoading());
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/account/2089827254211');
  });
});
