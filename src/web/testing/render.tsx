import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import { addTexts } from '../lib/i18n';
import { enBanking } from '../locales/en-banking';

addTexts(enBanking);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Renders a component as the app does (a fresh query client, a data router at `path`, so a
 * component may watch navigations), with the banking texts in. Retries are off: a refusal shows
 * at once instead of after the back-off. An address `route` does not match draws nothing.
 */
export function renderComponent(ui: ReactElement, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: route, element: ui },
      { path: '*', element: null },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
