import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ApiError } from '../../lib/api-client';
import { hasLoadFailed } from '../../lib/load-failed';
import { ErrorState } from './error-state';
import { LoadingBlock } from './loading-block';

/** What a page's state needs of a query: a TanStack query's result and an infinite query's both fit. */
export type LoadingQuery<T> = {
  data: T | undefined;
  error: Error | null;
  failureReason: Error | null;
  isPending: boolean;
  isError: boolean;
  failureCount: number;
  refetch: () => Promise<unknown>;
};

type QueryStateProps<T> = {
  query: LoadingQuery<T>;
  /** Shown in place of the content when the load found nothing; `isEmpty` says what nothing is (by default, an empty list). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** Shown when the address names nothing the reader may see (another customer's looks the same as a missing one). */
  notFound?: ReactNode;
  /** The staff screens' own words while waiting and after a failure (the reason, a way to sign in again). */
  loadingLabel?: string;
  failure?: (error: Error | null, retry: () => void) => ReactNode;
  children: (data: T) => ReactNode;
};

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/** 404 for a missing one, 400 for an address that cannot name one (a malformed number): retrying changes neither. */
const namesNothing = (error: Error | null) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * A page's load in one place: a LoadingBlock while it is pending, the failure with a Retry as soon as
 * the first attempt fails (lib/load-failed.ts), the empty text, then the content. What was loaded
 * before a failed refresh stays below the failure, but the empty text does not: after a failure
 * the page no longer knows there is nothing.
 */
export function QueryState<T>({ query, empty, isEmpty = isEmptyList, notFound, loadingLabel, failure, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  // The settled error stays while a retry runs; before the first load settles, the last attempt's reason is all there is.
  const reason = query.error ?? query.failureReason;
  if (notFound !== undefined && namesNothing(reason)) return <>{notFound}</>;
  const failed = hasLoadFailed(query);
  const retry = () => void query.refetch();
  const data = query.data;
  const nothing = data !== undefined && empty !== undefined && isEmpty(data);
  return (
    <>
      {failed ? failure ? failure(reason, retry) : <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={retry} /> : null}
      {query.isPending && !failed ? <LoadingBlock label={loadingLabel ?? t('common.loading')} /> : null}
      {data === undefined ? null : nothing ? (failed ? null : empty) : children(data)}
    </>
  );
}
