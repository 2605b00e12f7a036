import { Link } from 'react-router';
import { maskAccountNumber } from '../../../../shared/account-display';
import type { PaymentAnswer } from '../../../../shared/schemas/payment-answers';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { formatBdtNumber, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { PaymentStatusBadge } from './payment-status';
import { SavePaidReceiver } from './save-paid-receiver';

/**
 * The receiver's name as a payment shows it: masked as the look-up gave it, or as the customer
 * typed it (theirs to read in full, and what to compare when the money comes back), marked so.
 */
export function useReceiverNameShown(receiver: PaymentAnswer['receiver']): string {
  const { t } = useTranslation();
  return receiver.typedName === null ? receiver.maskedName : `${receiver.typedName} ${t('payments.typedNameMark')}`;
}

/** The rows every view of one payment shows: what was sent, to whom, over which rail, at what charge, and when it arrives. */
export function usePaymentDetails(payment: PaymentAnswer, bankName: string) {
  const { t } = useTranslation();
  const receiverName = useReceiverNameShown(payment.receiver);
  return [
    [t('payments.status.label'), <PaymentStatusBadge key="status" status={payment.status} />],
    [t('transfer.sent'), formatBdtNumber(payment.amount)],
    [t('transfer.to'), `${receiverName}, ${bankName} ${payment.receiver.account}`],
    [t('transfer.from'), maskAccountNumber(payment.accountId)],
    [t('payments.railLabel'), t(`payments.rail.${payment.rail}`)],
    [t('payments.chargeLabel'), t('payments.charge', { fee: formatBdtNumber(payment.fee), vat: formatBdtNumber(payment.vat) })],
    [t('payments.total'), formatBdtNumber(payment.total)],
    [t('payments.arrivesBy'), formatDateTime(payment.arrivesBy)],
    ...(payment.clearingReference === null ? [] : ([[t('payments.clearingReference'), payment.clearingReference]] as const)),
  ] as const;
}

/** The payment as the bank took it: its reference, status and terms, and where to follow it. */
export function PaymentReceipt({ payment, bankName, onAnother }: { payment: PaymentAnswer; bankName: string; onAnother: () => void }) {
  const { t } = useTranslation();
  const details = usePaymentDetails(payment, bankName);
  return (
    <OperationReceipt title={t(payment.status === 'settled' ? 'payments.sentSettled' : 'payments.sentTitle')} reference={payment.reference} at={payment.createdAt} details={details}>
      <Link to={`/payments/${payment.id}`} className="btn btn-primary">
        {t('payments.follow')}
      </Link>
      {/* A saved receiver is confirmed by a look-up, which a bank without name enquiry cannot answer. */}
      {payment.receiver.typedName === null ? <SavePaidReceiver receiver={payment.receiver} /> : null}
      <button type="button" className="btn btn-ghost" onClick={onAnother}>
        {t('payments.another')}
      </button>
    </OperationReceipt>
  );
}
