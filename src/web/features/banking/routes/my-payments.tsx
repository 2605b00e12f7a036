import { Link } from 'react-router';
import type { PaymentAnswer } from '../../../../shared/schemas/payment-answers';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { formatBdtNumber, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { useBankDirectory, useMyPayments } from '../api/payments';
import { entryName } from '../components/bank-search';
import { useReceiverNameShown } from '../components/payment-receipt';
import { PaymentStatusBadge } from '../components/payment-status';

/** One payment in the list: to whom, how much in all, when, and where it stands; the row opens its page. */
function PaymentRow({ payment, bankName }: { payment: PaymentAnswer; bankName: string }) {
  const { t } = useTranslation();
  const receiverName = useReceiverNameShown(payment.receiver);
  return (
    <li>
      <Link
        to={`/payments/${payment.id}`}
        className="flex min-h-14 items-start justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4 hover:border-primary"
        data-testid="payment-row"
      >
        <span className="min-w-0 flex-1">
          <span className="block font-semibold break-words">{receiverName}</span>
          <span className="block text-sm text-base-content/80">
            {bankName} · <span className="font-mono">{payment.receiver.account}</span>
          </span>
          <span className="block text-xs text-base-content/80">
            {formatDateTime(payment.createdAt)} · {t(`payments.rail.${payment.rail}`)} · <span className="font-mono whitespace-nowrap">{payment.reference}</span>
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <span className="font-semibold whitespace-nowrap">{formatBdtNumber(payment.total)}</span>
          <PaymentStatusBadge status={payment.status} />
        </span>
      </Link>
    </li>
  );
}

/** The customer's payments to other banks and wallets, newest first, refreshed while any is on its way. */
export default function MyPaymentsPage() {
  const { t, i18n } = useTranslation();
  const payments = useMyPayments();
  const entries = useBankDirectory().data ?? [];
  const bankName = (code: string) => {
    const entry = entries.find((candidate) => candidate.code === code);
    return entry ? entryName(entry, i18n.language) : code;
  };
  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader
        title={t('payments.listTitle')}
        intro={t('payments.listIntro')}
        actions={
          <Link to="/payments/new" className="btn btn-primary">
            {t('payments.newTitle')}
          </Link>
        }
      />
      <QueryState query={payments} empty={<p className="rounded-box border border-dashed border-base-300 p-6 text-center">{t('payments.empty')}</p>}>
        {(list) => (
          <ul className="flex flex-col gap-2">
            {list.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} bankName={bankName(payment.receiver.participant)} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
