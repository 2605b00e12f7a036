import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { AccountPage } from '../components/account-page';
import { LoanRequestForm } from '../components/loan-request-form';

export default function LoanRequestPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <AccountPage accountId={id} title={t('loanRequest.title')} intro={t('loanRequest.intro')}>
      {(account) => <LoanRequestForm account={account} />}
    </AccountPage>
  );
}
