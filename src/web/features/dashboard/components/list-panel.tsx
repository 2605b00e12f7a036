import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { QueryState } from '../../../components/ui/query-state';
import type { PageWithTotal } from '../../../lib/api-client';
import type { ListParams } from '../api/dashboard-keys';
import { ListFailure } from './list-failure';
import type { ListSearch } from './list-search-box';
import { ListToolbar } from './list-toolbar';
import { Pagination } from './pagination';

type Filter<Status extends string> = {
  statuses: readonly Status[];
  status: Status | undefined;
  statusLabel: (status: Status) => string;
  onStatusChange: (status: Status | undefined) => void;
};

type ListPanelProps<Row, Status extends string> = {
  query: UseQueryResult<PageWithTotal<Row>>;
  params: ListParams;
  filter?: Filter<Status>;
  search?: ListSearch;
  onOffsetChange: (offset: number) => void;
  empty: string;
  emptyFiltered?: string;
  children: (rows: Row[]) => ReactNode;
};

/**
 * One staff list: filter and count above, then loading, failure (with the server's reason),
 * an empty state, or the rows; Previous and Next below.
 */
export function ListPanel<Row, Status extends string = never>({ query, params, filter, search, onOffsetChange, empty, emptyFiltered, children }: ListPanelProps<Row, Status>) {
  const { t } = useTranslation();
  const emptyText = params.q ? t('dashboard.list.noResults', { q: params.q }) : filter?.status && emptyFiltered ? emptyFiltered : empty;
  const rows = query.data?.items;
  const total = query.data?.total;
  return (
    <section className="rounded-box border border-base-300 bg-base-100 shadow-sm">
      <ListToolbar
        statuses={filter?.statuses ?? []}
        status={filter?.status}
        statusLabel={filter?.statusLabel ?? String}
        onStatusChange={filter?.onStatusChange ?? (() => undefined)}
        total={total}
        refreshing={query.isFetching && !query.isPending}
        search={search}
      />
      {/* A page past the first that came back empty says nothing: the pagination below leads back. */}
      <QueryState
        query={query}
        loadingLabel={t('dashboard.list.loading')}
        failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}
        isEmpty={(page) => page.items.length === 0 && params.offset === 0}
        empty={
          <p className="px-4 py-14 text-center text-base-content/70" data-testid="list-empty">
            {emptyText}
          </p>
        }
      >
        {(page) => (page.items.length > 0 ? children(page.items) : null)}
      </QueryState>
      {rows ? <Pagination offset={params.offset} limit={params.limit} shown={rows.length} total={total ?? null} onOffsetChange={onOffsetChange} /> : null}
    </section>
  );
}
