import type { InwardPaymentAnswer, OutwardPaymentAnswer, StaffPaymentAnswer } from '../../../../shared/schemas/payment-operations';
import { formatBdtNumber, formatCount, formatDateTime } from '../../../lib/format';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { useTranslation } from '../../../lib/use-translation';
import { Cell, DataTable, Row } from './data-table';

/** A payment's words, which no other record shares, by what they mean to staff: arrived green, in a session blue, on its way amber, refused red. */
const statusTone: Readonly<Record<string, StatusTone>> = {
  settled: 'in-force',
  credited: 'in-force',
  accepted: 'done',
  sending: 'waiting',
  rejected: 'refused',
  refused: 'refused',
};

/** A payment's status, and beside an outward one the outbox has not got answered in time, a solid red flag that asks for a repair. */
function PaymentStatusCell({ status, stuck }: { status: string; stuck?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      <StatusBadge status={status} tone={statusTone[status] ?? 'finished'} label={t(`dashboard.paymentOps.statuses.${status}`)} nowrap />
      {stuck ? <span className="badge badge-error whitespace-nowrap">{t('dashboard.paymentOps.stuck')}</span> : null}
    </span>
  );
}

function OutwardRow({ payment, label, onRepair }: { payment: OutwardPaymentAnswer; label: (index: number) => string; onRepair: (payment: OutwardPaymentAnswer) => void }) {
  const { t } = useTranslation();
  return (
    <Row testId={`payment-${payment.reference}`}>
      <Cell label={label(0)} className="font-mono text-sm">
        {payment.reference}
      </Cell>
      <Cell label={label(1)} className="whitespace-nowrap tabular-nums">
        {formatBdtNumber(payment.amount)} · {payment.rail}
      </Cell>
      <Cell label={label(2)}>
        {payment.receiverName} · {payment.receiverParticipant} {payment.receiverAccount}
      </Cell>
      <Cell label={label(3)}>
        <PaymentStatusCell status={payment.status} stuck={payment.stuck} />
      </Cell>
      <Cell label={label(4)} className="text-sm">
        {payment.outbox
          ? `${t(`dashboard.paymentOps.outboxStates.${payment.outbox.state}`)} · ${t('dashboard.paymentOps.attempts', { count: payment.outbox.attempts, formatted: formatCount(payment.outbox.attempts) })}`
          : '—'}
      </Cell>
      <Cell label={label(5)} className="whitespace-nowrap text-sm">
        {formatDateTime(payment.createdAt)}
      </Cell>
      <Cell label={label(6)}>
        <button type="button" className="btn btn-sm btn-outline btn-primary" aria-label={t('dashboard.paymentOps.repairHint', { reference: payment.reference })} onClick={() => onRepair(payment)}>
          {t('dashboard.paymentOps.repair')}
        </button>
      </Cell>
    </Row>
  );
}

function InwardRow({ payment, label }: { payment: InwardPaymentAnswer; label: (index: number) => string }) {
  return (
    <Row testId={`inward-${payment.messageId}`}>
      <Cell label={label(0)} className="font-mono text-sm break-all">
        {payment.endToEndId}
      </Cell>
      <Cell label={label(1)} className="whitespace-nowrap tabular-nums">
        {formatBdtNumber(payment.amount)} · {payment.rail}
      </Cell>
      <Cell label={label(2)}>
        {payment.fromName} · {payment.fromParticipant} → {payment.toAccount}
      </Cell>
      <Cell label={label(3)}>
        <PaymentStatusCell status={payment.status} />
      </Cell>
      <Cell label={label(5)} className="whitespace-nowrap text-sm">
        {formatDateTime(payment.receivedAt)}
      </Cell>
    </Row>
  );
}

/** Payments out (with their outbox's state and a repair button) or in, as one table; a card per payment on a phone. */
export function PaymentOperationsTable({ payments, onRepair }: { payments: StaffPaymentAnswer[]; onRepair: (payment: OutwardPaymentAnswer) => void }) {
  const { t } = useTranslation();
  const names = ['reference', 'amount', 'counterparty', 'status', 'outbox', 'when', 'repair'] as const;
  const inward = payments[0]?.direction === 'in';
  const columns = names.filter((name) => !inward || (name !== 'outbox' && name !== 'repair')).map((name) => ({ label: t(`dashboard.paymentOps.${name}`) }));
  const label = (index: number) => t(`dashboard.paymentOps.${names[index] ?? 'reference'}`);
  return (
    <DataTable columns={columns} testId="payments-table">
      {payments.map((payment) =>
        payment.direction === 'out' ? <OutwardRow key={payment.id} payment={payment} label={label} onRepair={onRepair} /> : <InwardRow key={payment.messageId} payment={payment} label={label} />,
      )}
    </DataTable>
  );
}
