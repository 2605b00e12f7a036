import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { AccountPage } from '../components/account-page';
import { TransferForm } from '../components/transfer-form';

export default function MoneyTransferPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <AccountPage accountId={id} title={t('transfer.title')} intro={t('transfer.intro')}>
      {(account) => (
        <>
          <TransferForm account={account} />
          {/* This form pays Padma Bank accounts only: whoever came to pay someone elsewhere is shown the way from here. */}
          <p className="mt-4 text-sm">
            {t('transfer.elsewhere')}{' '}
            <Link to={`/payments/new?from=${encodeURIComponent(account._id)}`} className="link font-medium link-primary">
              {t('payments.newTitle')}
            </Link>
          </p>
        </>
      )}
    </AccountPage>
  );
}
