import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ApiError } from '../../lib/api-client';
import { hasLoadFailed } from '../../lib/load-failed';
import { ErrorState } from './error-state';
import { LoadingBlock } from './loading-block';

type QueryStateProps<T> = { query: UseQueryResult<T>; notFound: ReactNode; children: (data: T) => ReactNode };

/** Loading, not found (404 looks the same for missing and not-yours) and failure, in one place. */
export function QueryState<T>({ query, notFound, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  const missing = query.isError && query.error instanceof ApiError && query.error.status === 404;
  if (hasLoadFailed(query) && !missing) return <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <LoadingBlock label={t('common.loading')} />;
  if (query.isError) return <>{notFound}</>;
  return <>{children(query.data)}</>;
}
