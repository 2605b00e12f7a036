import { useTranslation } from '../../../lib/use-translation';

type PaginationProps = { offset: number; limit: number; shown: number; total: number | null; onOffsetChange: (offset: number) => void };

/**
 * Previous and Next with "Showing 21–40 of 53". Without a total (a list that does not send
 * X-Total-Count) Next stays available while pages come back full.
 */
export function Pagination({ offset, limit, shown, total, onOffsetChange }: PaginationProps) {
  const { t } = useTranslation();
  const from = shown === 0 ? 0 : offset + 1;
  const to = offset + shown;
  const hasNext = total === null ? shown === limit : to < total;
  const hasPrevious = offset > 0;
  if (!hasNext && !hasPrevious && shown === 0) return null;
  const summary = shown === 0 ? t('dashboard.list.nothingHere') : total === null ? t('dashboard.list.showingOpen', { from, to }) : t('dashboard.list.showing', { from, to, total });
  return (
    <nav aria-label={t('dashboard.list.pages')} className="flex flex-wrap items-center justify-between gap-3 border-t border-base-300 px-4 py-3">
      <p className="text-sm text-base-content/70" data-testid="list-range">
        {summary}
      </p>
      {hasNext || hasPrevious ? (
        <div className="join">
          <button type="button" className="btn join-item btn-sm" disabled={!hasPrevious} onClick={() => onOffsetChange(Math.max(0, offset - limit))}>
            ‹ {t('dashboard.list.previous')}
          </button>
          <button type="button" className="btn join-item btn-sm" disabled={!hasNext} onClick={() => onOffsetChange(offset + limit)}>
            {t('dashboard.list.next')} ›
          </button>
        </div>
      ) : null}
    </nav>
  );
}
