import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { AccountPage } from '../components/account-page';
import { TransferForm } from '../components/transfer-form';

export default function MoneyTransferPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <AccountPage accountId={id} title={t('transfer.title')} intro={t('transfer.intro')}>
      {(account) => <TransferForm account={account} />}
    </AccountPage>
  );
}
