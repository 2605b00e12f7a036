import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useAccount } from '../../../lib/account-queries';
import { AccountNotFound } from './account-not-found';
import { AccountSummary } from './account-summary';
import { DeclinedReason } from './declined-reason';

type AccountPageProps = { accountId: string; title: string; intro: string; children: (account: AccountAnswer) => ReactNode };

/** The frame of every form that acts on one account: load it, refuse a foreign or inactive one, show which. */
export function AccountPage({ accountId, title, intro, children }: AccountPageProps) {
  const { t } = useTranslation();
  const query = useAccount(accountId);
  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader title={title} intro={intro} />
      <QueryState query={query} notFound={<AccountNotFound />}>
        {(account) => (
          <div className="flex flex-col gap-6">
            <AccountSummary account={account} />
            {account.status === 'success' ? (
              children(account)
            ) : account.status === 'declined' ? (
              <div role="alert" className="alert alert-error alert-soft">
                <DeclinedReason request={account} />
              </div>
            ) : (
              <p role="alert" className="alert alert-warning alert-soft">
                {t('banking.notActive')}
              </p>
            )}
          </div>
        )}
      </QueryState>
    </section>
  );
}
