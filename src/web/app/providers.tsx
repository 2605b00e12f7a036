import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { createQueryClient } from '../lib/query-client';

/** The spec's toast durations: success 2 s, error and default 4 s, loading until dismissed. */
const toastDurationsMs = { default: 4_000, success: 2_000, error: 4_000, loading: Number.POSITIVE_INFINITY };

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        position="top-center"
        containerStyle={{ top: 72 }}
        toastOptions={{
          duration: toastDurationsMs.default,
          success: { duration: toastDurationsMs.success },
          error: { duration: toastDurationsMs.error },
          loading: { duration: toastDurationsMs.loading },
        }}
      />
    </QueryClientProvider>
  );
}
