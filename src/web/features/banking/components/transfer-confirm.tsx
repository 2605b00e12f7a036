import { maskAccountNumber } from '../../../../shared/account-display';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import type { NameEnquiryAnswer } from '../../../../shared/schemas/name-enquiry';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { formatBdt } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { accountTypeWordOf } from './payee-lookup';

/** "KA*** HO*****, Savings account 2081234567897": who the customer pays, as the confirm says it; the number never broken across lines. */
function PayeeWords({ payee }: { payee: NameEnquiryAnswer }) {
  const { t } = useTranslation();
  return (
    <>
      {t('transfer.payToValue', { name: payee.maskedName, type: accountTypeWordOf(payee) })} <span className="whitespace-nowrap">{payee.accNum}</span>
    </>
  );
}

type TransferConfirmProps = {
  account: AccountAnswer;
  amountPoisha: bigint;
  balancePoisha: bigint;
  payee: NameEnquiryAnswer;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The last look before the money leaves: how much, from which account, to whom, and the balance after. */
export function TransferConfirm({ account, amountPoisha, balancePoisha, payee, busy, onConfirm, onCancel }: TransferConfirmProps) {
  const { t } = useTranslation();
  return (
    <ConfirmStep id="transfer-confirm" confirmLabel={t('transfer.confirmButton')} busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      {t('transfer.confirm', { amount: formatBdt(amountPoisha), fromType: account.role, from: maskAccountNumber(account._id) })}
      <span className="my-1 block" data-testid="confirm-payee">
        {t('transfer.payTo')}:{' '}
        <strong className="font-semibold break-words">
          <PayeeWords payee={payee} />
        </strong>
      </span>
      {t('transfer.balanceAfter', { amount: formatBdt(balancePoisha - amountPoisha) })}
    </ConfirmStep>
  );
}
