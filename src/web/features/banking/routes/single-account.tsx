import { useTranslation } from '../../../lib/use-translation';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useAccount } from '../../../lib/account-queries';
import { AccountDetailView } from '../components/account-detail-view';
import { AccountNotFound } from '../components/account-not-found';
import { AccountInterestFacts } from '../components/account-interest';

export default function SingleAccountPage() {
  const { t } = useTranslation();
  const { accountId = '' } = useParams();
  const query = useAccount(accountId);
  return (
    <section className="mx-auto max-w-5xl">
      <PageHeader title={t('accountDetail.title')} />
      <QueryState query={query} notFound={<AccountNotFound />}>
        {(account) => (
          <>
            <AccountDetailView account={account} />
            {account.interest ? (
              <section aria-labelledby="account-interest" className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
                <div className="card-body gap-3 p-4 sm:p-6">
                  <h2 id="account-interest" className="card-title text-lg">
                    {t('accountInterest.title')}
                  </h2>
                  <dl className="grid gap-3 text-sm sm:grid-cols-2">
                    <AccountInterestFacts interest={account.interest} />
                  </dl>
                </div>
              </section>
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
