import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { NavLink, useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../features/auth/api/sign-out';
import { useAccountTypes, useCardTypes, useLoanTypes } from '../../lib/catalogue-queries';
import { toast } from '../../lib/toast';
import { useIdleAfterFirstPaint } from '../../lib/use-idle-after-first-paint';
import { bankingLinks, moreBankingLinks } from './banking-links';
import { wasSubmenuOpenedBeforeStart } from './opened-before-start';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active font-semibold' : '');

type Entry = { slug: string; name: string };

function TypeSubmenu({ label, basePath, entries, state }: { label: string; basePath: string; entries: Entry[] | undefined; state: 'pending' | 'error' | 'success' }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  // Before the first paint: a submenu the visitor opened on the pre-rendered page stays open.
  useLayoutEffect(() => {
    if (details.current && wasSubmenuOpenedBeforeStart(basePath)) details.current.open = true;
  }, [basePath]);
  return (
    <li>
      <details ref={details} data-submenu={basePath}>
        <summary>{label}</summary>
        <ul>
          {state === 'pending' ? <li className="px-3 py-1 text-sm text-base-content/80">{t('nav.loadingTypes')}</li> : null}
          {state === 'error' ? <li className="px-3 py-1 text-sm text-error">{t('nav.typesUnavailable')}</li> : null}
          {entries?.map((entry) => (
            <li key={entry.slug}>
              <NavLink to={`${basePath}/${entry.slug}`} className={linkClass}>
                {entry.name}
              </NavLink>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

export function Sidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isStaff } = useSession();
  const signOut = useSignOut();
  // The menus' entries sit in closed submenus: they load once the page has shown, so they do
  // not compete with the page's own code and data on a slow connection.
  const menusWanted = useIdleAfterFirstPaint();
  const accounts = useAccountTypes(menusWanted);
  const cards = useCardTypes(menusWanted);
  const loans = useLoanTypes(menusWanted);

  const logOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('auth.loggedOut'));
        void navigate('/');
      },
      onError: () => toast.error(t('authErrors.unknown')),
    });

  return (
    <nav id="main-navigation" aria-label={t('nav.mainNavigation')} className="flex min-h-full w-72 flex-col bg-base-200 pt-20 lg:pt-20">
      {user ? (
        <NavLink to="/userProfile" className="mx-4 mb-4 flex items-center gap-3 rounded-box bg-base-100 p-3 shadow-sm hover:bg-base-100/80" data-testid="sidebar-profile">
          {user.photoURL ? (
            <img src={user.photoURL} alt="" width="44" height="44" className="h-11 w-11 rounded-full object-cover ring-2 ring-primary/30" />
          ) : (
            <span className="flex h-11 w-11 items-center justify-center rounded-full bg-primary/15 text-primary" aria-hidden="true">
              <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor">
                <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-5 0-9 2.5-9 5.5V22h18v-2.5C21 16.5 17 14 12 14Z" />
              </svg>
            </span>
          )}
          <span className="min-w-0">
            <span className="block truncate font-semibold">{user.displayName}</span>
            <span className="block text-xs text-base-content/80">{t('nav.profile')}</span>
          </span>
        </NavLink>
      ) : null}
      <ul className="menu w-full gap-1 px-3 text-base">
        {/* What a signed-in person came for comes first; the public pages follow. */}
        {user && !isStaff
          ? [...bankingLinks, ...moreBankingLinks].map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={linkClass}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))
          : null}
        {isStaff ? (
          <li>
            <NavLink to="/dashboard" className={linkClass}>
              {t('nav.dashboard')}
            </NavLink>
          </li>
        ) : null}
        {user ? <li className="menu-title mt-2 border-t border-base-300 pt-3 text-base-content/80">{t('nav.aboutTheBank')}</li> : null}
        <li>
          <NavLink to="/" end className={linkClass}>
            {t('nav.home')}
          </NavLink>
        </li>
        <TypeSubmenu label={t('nav.accounts')} basePath="/accountDetail" state={accounts.status} entries={accounts.data?.map((entry) => ({ slug: entry.accountType, name: entry.name }))} />
        <TypeSubmenu label={t('nav.cards')} basePath="/cardDetail" state={cards.status} entries={cards.data?.map((entry) => ({ slug: entry.cardType, name: entry.name }))} />
        <TypeSubmenu label={t('nav.loans')} basePath="/loanDetail" state={loans.status} entries={loans.data?.map((entry) => ({ slug: entry.loanType, name: entry.name }))} />
        <li>
          <NavLink to="/contactUs" className={linkClass}>
            {t('nav.contactUs')}
          </NavLink>
        </li>
        <li className="mt-2 border-t border-base-300 pt-2">
          {user ? (
            <button type="button" onClick={logOut} disabled={signOut.isPending}>
              {t('nav.logout')}
            </button>
          ) : (
            <NavLink to="/logIn" className={linkClass}>
              {t('nav.login')}
            </NavLink>
          )}
        </li>
      </ul>
    </nav>
  );
}
