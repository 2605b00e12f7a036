import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBdtNumber } from '../../../../shared/money';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useMyAccounts } from '../api/accounts';

function AccountCard({ account }: { account: AccountAnswer }) {
  const { t } = useTranslation();
  const active = account.status === 'success';
  const actions = [
    { to: `/singleDetails/${account._id}`, label: t('myAccounts.details'), always: true },
    { to: `/deposit/${account._id}`, label: t('myAccounts.deposit') },
    { to: `/moneyTrans/${account._id}`, label: t('myAccounts.transfer') },
    { to: `/cardsReq/${account._id}`, label: t('myAccounts.requestCard') },
    { to: `/loanReq/${account._id}`, label: t('myAccounts.requestLoan') },
  ];
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm" data-testid="account-card">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="card-title">{account.role}</h2>
            <p className="font-mono text-sm text-base-content/70">{account._id}</p>
          </div>
          <StatusBadge status={account.status} label={t(`banking.status.${account.status}`)} />
        </div>
        <p className="text-3xl font-bold text-primary" data-testid="account-balance">
          {formatBdtNumber(account.amount)}
        </p>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-base-content/60">{t('myAccounts.cardLabel')}</dt>
            <dd>{account.cardStatus ? t(`banking.status.${account.cardStatus}`) : t('myAccounts.none')}</dd>
          </div>
          <div>
            <dt className="text-base-content/60">{t('myAccounts.loanLabel')}</dt>
            <dd>{account.loanStatus ? t(`banking.status.${account.loanStatus}`) : t('myAccounts.none')}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          {actions
            .filter((action) => action.always || active)
            .map((action) => (
              <Link key={action.to} to={action.to} className={`btn btn-sm ${action.always ? 'btn-primary' : 'btn-outline btn-primary'}`}>
                {action.label}
              </Link>
            ))}
        </div>
      </div>
    </li>
  );
}

export default function MyAccountsPage() {
  const { t } = useTranslation();
  const accounts = useMyAccounts();
  return (
    <section className="mx-auto max-w-5xl">
      <PageHeader
        title={t('myAccounts.title')}
        intro={t('myAccounts.intro')}
        actions={
          accounts.data?.length ? (
            <Link to="/openAcc" className="btn btn-outline btn-primary btn-sm">
              {t('myAccounts.openAnother')}
            </Link>
          ) : null
        }
      />
      {accounts.isPending ? <LoadingBlock label={t('common.loading')} /> : null}
      {accounts.isError ? <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void accounts.refetch()} /> : null}
      {accounts.data?.length === 0 ? (
        <div className="card border border-dashed border-base-300 bg-base-100">
          <div className="card-body items-center py-12 text-center">
            <p className="text-lg font-semibold">{t('myAccounts.empty')}</p>
            <Link to="/openAcc" className="btn btn-primary">
              {t('openAccount.title')}
            </Link>
          </div>
        </div>
      ) : null}
      <ul className="grid gap-4 md:grid-cols-2">
        {accounts.data?.map((account) => (
          <AccountCard key={account._id} account={account} />
        ))}
      </ul>
    </section>
  );
}
