import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { accountTypeSlugs } from '../../../../shared/constants';
import { ErrorState } from '../../../components/ui/error-state';
import { useAccountTypes } from '../../../lib/catalogue-queries';
import { SectionHeading } from './section-heading';

const cardClass = 'card overflow-hidden border border-base-300 bg-base-100 shadow-sm';

/** One grey line as tall as a line of the text it stands for. */
function PlaceholderLine({ height, width }: { height: string; width: string }) {
  return (
    <span className={`flex items-center ${height}`}>
      <span className={`h-3 rounded bg-base-300 ${width}`} />
    </span>
  );
}

/**
 * While the types load, grey cards of the real cards' size stand in their place (one per account
 * type the bank offers), so the sections below do not move when the real ones arrive.
 */
function AccountCardPlaceholders() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-hidden="true" data-testid="account-types-placeholder">
      {accountTypeSlugs.map((slug) => (
        <li key={slug} className={cardClass}>
          <div className="h-32 bg-base-200" />
          <div className="card-body gap-2 p-5">
            <PlaceholderLine height="h-7" width="w-1/2" />
            <div>
              <PlaceholderLine height="h-5" width="w-full" />
              <PlaceholderLine height="h-5" width="w-full" />
              <PlaceholderLine height="h-5" width="w-2/3" />
            </div>
            <PlaceholderLine height="h-5" width="w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The account types, the first thing the home page loads (spec section 2). */
export function AccountTypesSection() {
  const { t } = useTranslation();
  const accounts = useAccountTypes();
  return (
    <section aria-labelledby="home-accounts">
      <SectionHeading id="home-accounts" title={t('home.ourAccounts')} intro={t('home.intro')} />
      {accounts.isPending ? (
        <>
          <p className="sr-only" role="status">
            {t('common.loading')}
          </p>
          <AccountCardPlaceholders />
        </>
      ) : null}
      {accounts.isError ? <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void accounts.refetch()} /> : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {accounts.data?.map((account) => (
          <li key={account.accountType} className={`${cardClass} transition hover:shadow-md`}>
            <figure className="bg-base-200">
              <img src={account.img} alt="" width="640" height="320" className="h-32 w-full object-cover" />
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
