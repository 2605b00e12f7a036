import type { PaymentRepairAnswer } from '../../../../shared/schemas/payment-operations';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useRefreshDashboard } from '../api/dashboard-keys';
import { approveRepair, declineRepair, usePendingRepairs } from '../api/payment-operations';
import { ListFailure } from './list-failure';

function RepairItem({ repair }: { repair: PaymentRepairAnswer }) {
  const { t } = useTranslation();
  const refresh = useRefreshDashboard();
  const decide = async (send: (id: string) => Promise<unknown>, done: string) => {
    try {
      await send(repair.id);
      toast.success(t(done));
      await refresh();
    } catch (failure) {
      // The maker's own approval is refused by the server (second_approver_required): its words are shown.
      toast.error(failure instanceof ApiError ? failure.message : String(failure));
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={`repair-${repair.paymentReference}`}>
      <div className="min-w-0">
        <p className="font-medium">
          <span className="font-mono">{repair.paymentReference}</span> · {t(repair.action === 're_enquire' ? 'dashboard.paymentOps.reEnquire' : 'dashboard.paymentOps.markReturned')}
          {repair.reasonCode ? ` (${repair.reasonCode})` : ''}
        </p>
        <p className="text-sm break-words text-base-content/80">{repair.reason}</p>
        <p className="text-xs text-base-content/70">
          {t('dashboard.paymentOps.requestedBy', { name: repair.requestedBy })} · {formatDateTime(repair.requestedAt)}
        </p>
      </div>
      <div className="flex gap-2">
        <button type="button" className="btn btn-sm btn-success" onClick={() => void decide(approveRepair, 'dashboard.paymentOps.approved')}>
          {t('dashboard.paymentOps.approve')}
        </button>
        <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => void decide(declineRepair, 'dashboard.paymentOps.declined')}>
          {t('dashboard.paymentOps.decline')}
        </button>
      </div>
    </li>
  );
}

/** Repairs other members of staff asked for, oldest first, to approve (a return asks for a code) or decline. */
export function PaymentRepairsPanel() {
  const { t } = useTranslation();
  const repairs = usePendingRepairs();
  return (
    <section className="card mb-6 border border-base-300 bg-base-100 p-4" aria-labelledby="repairs-title">
      <h2 id="repairs-title" className="mb-2 text-lg font-bold">
        {t('dashboard.paymentOps.repairsTitle')}
      </h2>
      <QueryState
        query={repairs}
        loadingLabel={t('dashboard.list.loading')}
        empty={<p className="text-sm text-base-content/80">{t('dashboard.paymentOps.repairsEmpty')}</p>}
        failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}
      >
        {(list) => (
          <ul className="divide-y divide-base-300" data-testid="pending-repairs">
            {list.map((repair) => (
              <RepairItem key={repair.id} repair={repair} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
