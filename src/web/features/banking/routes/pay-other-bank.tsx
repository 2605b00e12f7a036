import { Link, useSearchParams } from 'react-router';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useTranslation } from '../../../lib/use-translation';
import { useMyAccounts } from '../api/accounts';
import { useBankDirectory } from '../api/payments';
import { PaymentForm } from '../components/payment-form';

const isActive = (account: AccountAnswer) => account.status === 'success';

/** Pay another bank or a mobile wallet from one of the customer's active accounts (`?from=` chooses which first). */
export default function PayOtherBankPage() {
  const { t } = useTranslation();
  const accounts = useMyAccounts();
  const directory = useBankDirectory();
  const [searchParams] = useSearchParams();
  const active = accounts.data?.filter(isActive) ?? [];
  const from = searchParams.get('from');
  const defaultAccountId = active.find((account) => account._id === from)?._id ?? active[0]?._id ?? '';
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
      <QueryState
        query={accounts}
        isEmpty={(all) => !all.some(isActive)}
        empty={
          <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
            <p className="mb-4">{t('transferFrom.noActiveAccount')}</p>
            <Link to="/myAccounts" className="btn btn-primary">
              {t('banking.backToAccounts')}
            </Link>
          </div>
        }
      >
        {() => <QueryState query={directory}>{(entries) => <PaymentForm accounts={active} entries={entries} defaultAccountId={defaultAccountId} />}</QueryState>}
      </QueryState>
    </section>
  );
}
