import { Link } from 'react-router';
import { maskAccountNumber } from '../../../../shared/account-display';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import type { NameEnquiryAnswer } from '../../../../shared/schemas/name-enquiry';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { transferReceiptUrl } from '../../../lib/account-queries';
import { formatBdt, formatBdtNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import type { TransferAnswer } from '../api/money';

/** Whether the receiver is being kept among the saved ones, once the money has gone. */
export type ReceiverSaving = 'saving' | 'saved' | 'failed' | null;

type TransferReceiptProps = {
  account: AccountAnswer;
  amountPoisha: bigint;
  payee: NameEnquiryAnswer;
  answer: TransferAnswer;
  receiverSaving: ReceiverSaving;
  onAnother: () => void;
};

/** What went where, with the reference, the new balance and the receipt to download. */
export function TransferReceipt({ account, amountPoisha, payee, answer, receiverSaving, onAnother }: TransferReceiptProps) {
  const { t } = useTranslation();
  return (
    <OperationReceipt
      title={t('transfer.success')}
      reference={answer.reference}
      at={answer.postedAt}
      details={[
        [t('transfer.sent'), formatBdt(amountPoisha)],
        [t('transfer.to'), t('transfer.toValue', { name: payee.maskedName, account: maskAccountNumber(payee.accNum) })],
        [t('transfer.from'), maskAccountNumber(account._id)],
        [t('transfer.newBalance'), formatBdtNumber(answer.amount)],
      ]}
    >
      {receiverSaving ? (
        <p role="status" className={`w-full text-sm ${receiverSaving === 'failed' ? 'text-error' : 'text-base-content/80'}`} data-testid="receiver-saving" data-state={receiverSaving}>
          {t(`savedReceivers.after.${receiverSaving}`, { name: payee.maskedName })}
        </p>
      ) : null}
      <Link to="/myAccounts" className="btn btn-primary">
        {t('banking.backToAccounts')}
      </Link>
      {answer.insertedId ? (
        <a className="btn btn-outline btn-primary" href={transferReceiptUrl(answer.insertedId)} download>
          {t('statementPeriod.receiptPdf')}
        </a>
      ) : null}
      <button type="button" className="btn btn-ghost" onClick={onAnother}>
        {t('transfer.another')}
      </button>
    </OperationReceipt>
  );
}
