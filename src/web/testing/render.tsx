import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, vi } from 'vitest';
import { addTexts } from '../lib/i18n';
import { enBanking } from '../locales/en-banking';

addTexts(enBanking);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Renders a component as the app does (a fresh query client, a router at `path`), with the
 * banking texts in. Retries are off: a refusal shows at once instead of after the back-off.
 */
export function renderComponent(ui: ReactElement, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
