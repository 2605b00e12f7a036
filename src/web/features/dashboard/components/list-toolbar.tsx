import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ListSearchBox, type ListSearch } from './list-search-box';

type ListToolbarProps<Status extends string> = {
  statuses: readonly Status[];
  status: Status | undefined;
  statusLabel: (status: Status) => string;
  onStatusChange: (status: Status | undefined) => void;
  total: number | null | undefined;
  refreshing: boolean;
  search?: ListSearch | undefined;
};

/** The status filter and the search (both applied by the server) and the size of the filtered list. */
export function ListToolbar<Status extends string>({ statuses, status, statusLabel, onStatusChange, total, refreshing, search }: ListToolbarProps<Status>) {
  const { t } = useTranslation();
  const selectId = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-base-300 px-4 py-3">
      {statuses.length > 0 ? (
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium text-base-content/70">
            {t('dashboard.list.status')}
          </label>
          <select id={selectId} className="select select-sm w-auto min-w-36" value={status ?? ''} onChange={(event) => onStatusChange(statuses.find((candidate) => candidate === event.target.value))}>
            <option value="">{t('dashboard.list.all')}</option>
            {statuses.map((candidate) => (
              <option key={candidate} value={candidate}>
                {statusLabel(candidate)}
              </option>
            ))}
          </select>
        </div>
      ) : search ? null : (
        <span />
      )}
      {search ? <ListSearchBox {...search} /> : null}
      <p className="flex items-center gap-2 text-sm text-base-content/70" aria-live="polite" data-testid="list-count">
        {refreshing ? <span className="loading loading-spinner loading-xs text-primary" aria-label={t('dashboard.list.refreshing')} /> : null}
        {total === undefined ? null : total === null ? t('dashboard.list.countUnknown') : t('dashboard.list.count', { count: total })}
      </p>
    </div>
  );
}
