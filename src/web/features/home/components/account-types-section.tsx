import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { useAccountTypes } from '../../catalogue/api/get-catalogue';
import { SectionHeading } from './section-heading';

/** The account types, the first thing the home page loads (spec section 2). */
export function AccountTypesSection() {
  const { t } = useTranslation();
  const accounts = useAccountTypes();
  return (
    <section aria-labelledby="home-accounts">
      <SectionHeading id="home-accounts" title={t('home.ourAccounts')} intro={t('home.intro')} />
      {accounts.isPending ? <LoadingBlock label={t('common.loading')} /> : null}
      {accounts.isError ? <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void accounts.refetch()} /> : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {accounts.data?.map((account) => (
          <li key={account.accountType} className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md">
            <figure className="bg-base-200">
              <img src={account.img} alt="" className="h-32 w-full object-cover" />
            </figure>
            <div className="card-body gap-2 p-5">
              <h3 className="card-title text-lg">{account.name}</h3>
              {/* A flex item ignores the line clamp's height in Chromium; the wrapper keeps it to three lines. */}
              <div>
                <p className="line-clamp-3 text-sm text-base-content/75">{account.Description}</p>
              </div>
              <Link to={`/accountDetail/${account.accountType}`} className="link link-primary mt-auto text-sm font-semibold">
                {t('home.learnMore')} <span className="sr-only">{account.name}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
