import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const retriesMax = 3;
const retryDelayFirstMs = 1_000;
const retryDelayMaxMs = 30_000;
const unusedDataLifetimeMs = 5 * 60 * 1_000;

/** The first product's cache figures, kept: 3 retries, delay doubling from 1 s capped at 30 s, unused data kept 5 minutes. */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < retriesMax,
        retryDelay: (attempt) => Math.min(retryDelayFirstMs * 2 ** attempt, retryDelayMaxMs),
        gcTime: unusedDataLifetimeMs,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // The first attempt goes out even when the browser believes it is offline (a phone's
        // belief is often wrong), so a page without a network says so at once instead of
        // waiting silently; retries then wait for the network to come back.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
  // Balances, statements, loans and cards, and the notifications that announce money arriving, are
  // asked again whenever the customer comes back to the page, however recently they were read: a
  // deposit staff credited a minute ago must not wait out the 30 seconds above.
  for (const moneyKey of ['banking', 'account', 'notifications']) queryClient.setQueryDefaults([moneyKey], { refetchOnWindowFocus: 'always' });
  return queryClient;
}
