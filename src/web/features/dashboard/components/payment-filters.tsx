import { rails } from '../../../../shared/bank-directory';
import { inwardStatuses } from '../../../../shared/schemas/payment-operations';
import { paymentStatuses } from '../../../../shared/schemas/payments';
import { useTranslation } from '../../../lib/use-translation';
import type { PaymentFilters as Filters } from '../api/payment-operations';

/** Outward or inward as tabs, then the rail, the status and "only stuck" (outward only); any change starts at the first page. */
export function PaymentFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const change = (next: Partial<Filters>) => onChange({ ...filters, ...next, offset: 0 });
  const statuses = filters.direction === 'out' ? paymentStatuses : inwardStatuses;
  return (
    <div className="mb-3 flex flex-wrap items-end gap-3">
      <div role="tablist" className="tabs tabs-box" aria-label={t('dashboard.paymentOps.title')}>
        {(['out', 'in'] as const).map((direction) => (
          <button
            key={direction}
            type="button"
            role="tab"
            aria-selected={filters.direction === direction}
            className={`tab text-base-content ${filters.direction === direction ? 'tab-active' : ''}`}
            onClick={() => change({ direction, status: undefined, stuck: undefined })}
          >
            {t(direction === 'out' ? 'dashboard.paymentOps.outward' : 'dashboard.paymentOps.inward')}
          </button>
        ))}
      </div>
      <label className="form-control">
        <span className="label-text text-sm">{t('dashboard.paymentOps.rail')}</span>
        <select className="select select-sm" value={filters.rail ?? ''} onChange={(event) => change({ rail: event.target.value || undefined })}>
          <option value="">{t('dashboard.paymentOps.anyRail')}</option>
          {rails.map((rail) => (
            <option key={rail} value={rail}>
              {rail}
            </option>
          ))}
        </select>
      </label>
      <label className="form-control">
        <span className="label-text text-sm">{t('dashboard.paymentOps.status')}</span>
        <select className="select select-sm" value={filters.status ?? ''} onChange={(event) => change({ status: event.target.value || undefined })}>
          <option value="">{t('dashboard.paymentOps.anyStatus')}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {t(`dashboard.paymentOps.statuses.${status}`)}
            </option>
          ))}
        </select>
      </label>
      {filters.direction === 'out' ? (
        <label className="flex cursor-pointer items-center gap-2 pb-1">
          <input type="checkbox" className="checkbox checkbox-sm" checked={filters.stuck ?? false} onChange={(event) => change({ stuck: event.target.checked || undefined })} />
          <span className="text-sm">{t('dashboard.paymentOps.stuckOnly')}</span>
        </label>
      ) : null}
    </div>
  );
}
