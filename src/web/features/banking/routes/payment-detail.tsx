import { Link, useParams } from 'react-router';
import type { PaymentDetailAnswer } from '../../../../shared/schemas/payment-answers';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { isFinalStatus, useBankDirectory, usePayment } from '../api/payments';
import { entryName } from '../components/bank-search';
import { usePaymentDetails } from '../components/payment-receipt';
import { PaymentTimeline } from '../components/payment-status';

/** The payment's terms beside its timeline; while it is on its way, a line says the page follows it. */
function PaymentView({ payment, bankName }: { payment: PaymentDetailAnswer; bankName: string }) {
  const { t } = useTranslation();
  const details = usePaymentDetails(payment, bankName);
  return (
    <div className="grid gap-6 md:grid-cols-[3fr_2fr]">
      <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="payment-terms">
        <h2 id="payment-terms" className="sr-only">
          {t('payments.terms')}
        </h2>
        <dl className="card-body grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-base-content/80">{t('operation.reference')}</dt>
            <dd className="font-mono font-semibold">{payment.reference}</dd>
          </div>
          <div>
            <dt className="text-base-content/80">{t('operation.time')}</dt>
            <dd className="font-semibold">{formatDateTime(payment.createdAt)}</dd>
          </div>
          {details.map(([label, value]) => (
            <div key={label}>
              <dt className="text-base-content/80">{label}</dt>
              <dd className="font-semibold break-words">{value}</dd>
            </div>
          ))}
          {payment.purpose ? (
            <div className="sm:col-span-2">
              <dt className="text-base-content/80">{t('payments.purpose')}</dt>
              <dd className="break-words">{payment.purpose}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="payment-progress">
        <div className="card-body gap-3">
          <h2 id="payment-progress" className="text-lg font-semibold">
            {t('payments.timeline')}
          </h2>
          <PaymentTimeline payment={payment} />
          {isFinalStatus(payment.status) ? null : <p className="text-xs text-base-content/80">{t('payments.following')}</p>}
        </div>
      </section>
    </div>
  );
}

/** One payment: its terms and where it has been, asked again every few seconds until it is final. */
export default function PaymentDetailPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const payment = usePayment(id);
  const entries = useBankDirectory().data ?? [];
  const bankName = (code: string) => {
    const entry = entries.find((candidate) => candidate.code === code);
    return entry ? entryName(entry, i18n.language) : code;
  };
  return (
    <section className="mx-auto max-w-4xl">
      <PageHeader
        title={t('payments.detailTitle')}
        actions={
          <Link to="/payments" className="btn btn-outline">
            {t('payments.listTitle')}
          </Link>
        }
      />
      <QueryState query={payment} isEmpty={() => false} notFound={<p className="rounded-box border border-dashed border-base-300 p-6 text-center">{t('payments.notFound')}</p>}>
        {(found) => <PaymentView payment={found} bankName={bankName(found.receiver.participant)} />}
      </QueryState>
    </section>
  );
}
