import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { useSession } from '../../../lib/session';
import { ChangeName } from '../components/change-name';
import { SignOutEverywhere } from '../components/sign-out-everywhere';
import { TaxIdentity } from '../components/tax-identity';
import { useDocumentTitle } from '../../../lib/use-document-title';

const tiles = [
  { to: '/myAccounts', title: 'profile.myAccounts', hint: 'profile.myAccountsHint', icon: 'M3 10h18M5 10V7l7-4 7 4v3M6 10v7m4-7v7m4-7v7m4-7v7M3 20h18' },
  { to: '/myCards', title: 'profile.myCards', hint: 'profile.myCardsHint', icon: 'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Zm0 3h18M7 15h4' },
  { to: '/myLoans', title: 'profile.myLoans', hint: 'profile.myLoansHint', icon: 'M12 3v18m4-14H10a3 3 0 0 0 0 6h4a3 3 0 0 1 0 6H7' },
  {
    to: '/savedReceivers',
    title: 'profile.savedReceivers',
    hint: 'profile.savedReceiversHint',
    icon: 'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM19 8v6m3-3h-6',
  },
] as const;

export default function UserProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.title'));
  const { user, loading, isStaff } = useSession();
  if (loading) return <LoadingBlock label={t('common.loading')} />;
  if (!user) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t('profile.signedOut')}</h1>
        <Link to="/logIn" className="btn btn-primary">
          {t('nav.login')}
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-4xl">
      <h1 className="sr-only">{t('profile.title')}</h1>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
          {user.photoURL ? (
            <img src={user.photoURL} alt={t('profile.photoAlt', { name: user.displayName })} width="112" height="112" className="h-28 w-28 rounded-full object-cover ring-4 ring-primary/20" />
          ) : (
            <span className="flex h-28 w-28 items-center justify-center rounded-full bg-primary/15 text-primary" aria-hidden="true">
              <svg viewBox="0 0 24 24" className="h-14 w-14" fill="currentColor">
                <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-5 0-9 2.5-9 5.5V22h18v-2.5C21 16.5 17 14 12 14Z" />
              </svg>
            </span>
          )}
          <div className="flex flex-col gap-1">
            <p className="text-2xl font-bold" data-testid="profile-name">
              {user.displayName}
              {isStaff ? <span className="badge badge-secondary ml-2 align-middle">{t('profile.staffBadge')}</span> : null}
            </p>
            <p className="text-base-content/80" data-testid="profile-email">
              {user.email}
            </p>
          </div>
          <Link to="/changePassword" className="btn btn-outline btn-sm sm:ml-auto">
            {t('changePassword.link')}
          </Link>
          <Link to="/twoFactor" className="btn btn-outline btn-sm" data-testid="two-factor-link">
            {user.twoFactorEnabled ? t('profile.twoFactorOn') : t('profile.twoFactorOff')}
          </Link>
        </div>
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <Link
            key={tile.to}
            to={tile.to}
            className="card border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary"
          >
            <div className="card-body gap-2">
              <svg viewBox="0 0 24 24" className="h-8 w-8 text-primary" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                <path d={tile.icon} />
              </svg>
              <h2 className="card-title text-lg">{t(tile.title)}</h2>
              <p className="text-sm text-base-content/80">{t(tile.hint)}</p>
            </div>
          </Link>
        ))}
      </div>
      {isStaff ? null : <ChangeName key={user.displayName} current={user.displayName} />}
      {isStaff ? null : <TaxIdentity />}
      <SignOutEverywhere />
    </section>
  );
}
