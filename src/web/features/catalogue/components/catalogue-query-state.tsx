import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

type CatalogueQueryStateProps<T> = { query: UseQueryResult<T>; titleOf: (data: T) => string; children: (data: T) => ReactNode };

/** Loading, not-found and failure states shared by the three detail pages; names the tab after the entry. */
export function CatalogueQueryState<T>({ query, titleOf, children }: CatalogueQueryStateProps<T>) {
  const { t } = useTranslation();
  const isNotFound = query.isError && query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(query.data === undefined ? (isNotFound ? t('catalogueDetail.notFoundTitle') : null) : titleOf(query.data));
  if (query.isPending) return <LoadingBlock label={t('common.loading')} />;
  if (isNotFound) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
        <p className="text-7xl font-black text-primary/30" aria-hidden="true">
          404
        </p>
        <h1 className="text-3xl font-bold">{t('catalogueDetail.notFoundTitle')}</h1>
        <p className="text-base-content/80">{t('catalogueDetail.notFoundBody')}</p>
        <Link to="/" className="btn btn-primary">
          {t('catalogueDetail.notFoundHome')}
        </Link>
      </section>
    );
  }
  if (query.isError) return <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
