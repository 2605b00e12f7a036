import { useTranslation } from '../../../lib/use-translation';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useAccount } from '../../../lib/account-queries';
import { AccountDetailView } from '../components/account-detail-view';
import { AccountNotFound } from '../components/account-not-found';

export default function SingleAccountPage() {
  const { t } = useTranslation();
  const { accountId = '' } = useParams();
  const query = useAccount(accountId);
  return (
    <section className="mx-auto max-w-5xl">
      <PageHeader title={t('accountDetail.title')} />
      <QueryState query={query} notFound={<AccountNotFound />}>
        {(account) => <AccountDetailView account={account} />}
      </QueryState>
    </section>
  );
}
