import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useToastsWanted } from '../lib/toast';

// Mounted only once a toast has been raised (lib/toast.ts), so a page that says nothing never
// fetches the toast library. Toasts raised before it has loaded wait in its store and show once it is in.
const Toaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })));

/** The first product's toast durations, kept: success 2 s, error and default 4 s, loading until dismissed. */
const toastDurationsMs = { default: 4_000, success: 2_000, error: 4_000, loading: Number.POSITIVE_INFINITY };

/** `queryClient` is made once in main.tsx: the router's loaders fill the same cache the pages read. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <PageToaster />
    </QueryClientProvider>
  );
}

function PageToaster() {
  if (!useToastsWanted()) return null;
  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}
