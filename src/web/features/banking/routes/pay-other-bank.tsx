import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useTranslation } from '../../../lib/use-translation';
import { useMyAccounts } from '../api/accounts';
import { useBankDirectory } from '../api/payments';
import { ActiveAccountsState, defaultAccountIdOf } from '../components/active-accounts';
import { PaymentForm } from '../components/payment-form';

/** Pay another bank or a mobile wallet from one of the customer's active accounts (`?from=` chooses which first). */
export default function PayOtherBankPage() {
  const { t } = useTranslation();
  const accounts = useMyAccounts();
  const directory = useBankDirectory();
  const [searchParams] = useSearchParams();
  const from = searchParams.get('from');
  return (
    <section className="mx-auto max-w-3xl">
      <PageHeader
        title={t('payments.newTitle')}
        intro={t('payments.newIntro')}
        actions={
          <Link to="/payments" className="btn btn-outline">
            {t('payments.listTitle')}
          </Link>
        }
      />
      <ActiveAccountsState accounts={accounts}>
        {(active) => <QueryState query={directory}>{(entries) => <PaymentForm accounts={active} entries={entries} defaultAccountId={defaultAccountIdOf(active, from)} />}</QueryState>}
      </ActiveAccountsState>
    </section>
  );
}
