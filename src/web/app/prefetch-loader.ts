import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

/**
 * A route loader that starts the request a page will make while the page's code is still on its
 * way, and does not wait for it: the page reads the answer from the same cache. Without it a
 * page asks for its data only once its code has arrived and rendered, one round trip later.
 */
export function prefetchLoader<Data, Key extends QueryKey>(queryClient: QueryClient, queryFor: (args: LoaderFunctionArgs) => FetchQueryOptions<Data, Error, Data, Key>) {
  return (args: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(queryFor(args));
    return null;
  };
}

/**
 * A route loader that waits for the answer before the route shows (a failed request is left to
 * the page, which shows its own error). For what decides the layout itself: shown without it,
 * the layout would have to move when it arrives. It waits `waitMaxMs` at most: without a network
 * the answer may never come, and the app (served by the service worker) must still show and say
 * why it cannot go on.
 */
export function awaitedQueryLoader<Data, Key extends QueryKey>(queryClient: QueryClient, queryFor: (args: LoaderFunctionArgs) => FetchQueryOptions<Data, Error, Data, Key>, waitMaxMs: number) {
  return async (args: LoaderFunctionArgs) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const givenUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMaxMs);
    });
    await Promise.race([queryClient.prefetchQuery(queryFor(args)), givenUp]);
    clearTimeout(timer);
    return null;
  };
}
