import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { ApiError } from '../../../lib/api-client';
import NotFoundPage from '../../../app/routes/not-found';

/** Loading, not-found and failure states shared by the three detail pages. */
export function CatalogueQueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingBlock label={t('common.loading')} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
    return <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
