import { useState } from 'react';
import type { OutwardPaymentAnswer } from '../../../../shared/schemas/payment-operations';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useTranslation } from '../../../lib/use-translation';
import { useStaffPayments, type PaymentFilters as Filters } from '../api/payment-operations';
import { ListFailure } from '../components/list-failure';
import { Pagination } from '../components/pagination';
import { PaymentFilters } from '../components/payment-filters';
import { PaymentOperationsTable } from '../components/payment-operations-table';
import { PaymentRepairForm } from '../components/payment-repair-form';
import { PaymentRepairsPanel } from '../components/payment-repairs-panel';
import { ReconciliationPanel } from '../components/reconciliation-panel';

const pageSize = 20;

/**
 * The dashboard's payments operations (record 072): the latest reconciliation with the clearing
 * house and a run now, the repairs waiting for a second member of staff, and the payments out and
 * in by rail and status, stuck ones on demand, each outward one with a repair to ask for.
 */
export default function PaymentsOperationsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({ direction: 'out', offset: 0 });
  const [repairing, setRepairing] = useState<OutwardPaymentAnswer | undefined>(undefined);
  const payments = useStaffPayments(filters);
  const startRepair = (payment: OutwardPaymentAnswer) => {
    setRepairing(payment);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <div>
      <PageHeader title={t('dashboard.paymentOps.title')} intro={t('dashboard.paymentOps.intro')} />
      {repairing ? <PaymentRepairForm key={repairing.id} payment={repairing} onClose={() => setRepairing(undefined)} /> : null}
      <ReconciliationPanel />
      <PaymentRepairsPanel />
      <PaymentFilters filters={filters} onChange={setFilters} />
      <QueryState
        query={payments}
        isEmpty={(page) => page.items.length === 0}
        loadingLabel={t('dashboard.list.loading')}
        empty={<p className="text-base-content/80">{t('dashboard.paymentOps.empty')}</p>}
        failure={(error, retry) => <ListFailure error={error} onRetry={retry} />}
      >
        {(page) => (
          <>
            <PaymentOperationsTable payments={page.items} onRepair={startRepair} />
            <Pagination offset={filters.offset} limit={pageSize} shown={page.items.length} total={page.total} onOffsetChange={(offset) => setFilters({ ...filters, offset })} />
          </>
        )}
      </QueryState>
    </div>
  );
}
