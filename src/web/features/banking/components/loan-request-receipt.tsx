import { Link } from 'react-router';
import { loanInterestPercentByMonths } from '../../../../shared/constants';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { OperationReceipt } from '../../../components/ui/operation-receipt';
import { formatBdt } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import type { LoanRequestValues } from './use-loan-request-form';

/** The loan asked for, with its reference: staff decide it, and My loans shows it meanwhile. */
export function LoanRequestReceipt({ account, values, reference }: { account: AccountAnswer; values: LoanRequestValues; reference: string }) {
  const { t } = useTranslation();
  return (
    <OperationReceipt
      title={t('loanRequest.success')}
      reference={reference}
      details={[
        [t('loanRequest.loanType'), t(`loanRequest.types.${values.loan}`)],
        [t('loanRequest.amount'), formatBdt(values.lAmount)],
        [t('loanRequest.duration'), t('loanRequest.months', { count: values.lDuration, percent: loanInterestPercentByMonths[values.lDuration] })],
        [t('banking.accountNumber'), account._id],
      ]}
      note={t('loanRequest.receiptNote')}
    >
      <Link to="/myLoans" className="btn btn-primary">
        {t('myLoans.title')}
      </Link>
      <Link to="/myAccounts" className="btn btn-ghost">
        {t('banking.backToAccounts')}
      </Link>
    </OperationReceipt>
  );
}
