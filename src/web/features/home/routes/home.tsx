import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { useAccountTypes } from '../../catalogue/api/get-catalogue';

export default function HomePage() {
  const { t } = useTranslation();
  const accounts = useAccountTypes();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-12">
      <section className="hero overflow-hidden rounded-box bg-gradient-to-br from-primary to-secondary text-primary-content">
        <div className="hero-content w-full flex-col items-start gap-4 px-6 py-14 sm:px-10">
          <h1 className="text-3xl font-bold sm:text-5xl">{t('home.welcome')}</h1>
          <p className="max-w-2xl text-lg opacity-90">{t('home.intro')}</p>
          <Link to="/openAcc" className="btn btn-accent btn-lg">
            {t('home.continue')}
          </Link>
        </div>
      </section>
      <section aria-labelledby="home-accounts">
        <h2 id="home-accounts" className="text-2xl font-bold">
          {t('home.ourAccounts')}
        </h2>
        {accounts.isPending ? <LoadingBlock label={t('common.loading')} /> : null}
        {accounts.isError ? <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void accounts.refetch()} /> : null}
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {accounts.data?.map((account) => (
            <li key={account.accountType} className="card border border-base-300 bg-base-100 shadow-sm">
              <figure className="bg-base-200">
                <img src={account.img} alt="" className="h-32 w-full object-cover" />
              </figure>
              <div className="card-body gap-2 p-5">
                <h3 className="card-title text-lg">{account.name}</h3>
                <p className="line-clamp-3 text-sm text-base-content/75">{account.Description}</p>
                <Link to={`/accountDetail/${account.accountType}`} className="link link-primary mt-auto text-sm font-semibold">
                  {t('home.learnMore')} <span className="sr-only">{account.name}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
