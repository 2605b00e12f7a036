import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { NavLink, useLocation } from 'react-router';
import type { QueueKind } from '../../../../shared/schemas/staff-queue';
import { useSession } from '../../../lib/session';
import { usePendingCounts } from '../api/pending-counts';
import { queueTabs, rememberedSearch, rememberSearch, waitingSearch } from './queue-tabs';

/** A tab of the navigation; a tab of requests that wait (`waits`) shows how many and opens on them. */
type Item = { to: string; label: string; icon: ReactNode; end?: boolean; alsoActiveUnder?: string; waits?: QueueKind };

// Between lg and 2xl the tabs wrap into rows above the page, and the icons alone cost a row at 1280 px: there the words stand alone.
const icon = (path: string) => (
  <svg
    viewBox="0 0 24 24"
    className="h-4.5 w-4.5 shrink-0 lg:max-2xl:hidden 2xl:h-5 2xl:w-5"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={path} />
  </svg>
);

const icons = {
  home: icon('M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5'),
  accounts: icon('M3 9.5 12 4l9 5.5M5 10v8m4.7-8v8m4.6-8v8M19 10v8M3 20h18'),
  cards: icon('M3 6.5h18v11H3zM3 10h18M6.5 14.5h4'),
  loans: icon('M12 3v18M16.5 7.5c0-1.7-2-2.8-4.5-2.8S7.5 5.8 7.5 7.5s1.6 2.6 4.5 3.2 4.8 1.6 4.8 3.5-2.2 3.1-4.8 3.1-4.8-1.3-4.8-3.1'),
  deposits: icon('M12 4v11m0 0-4-4m4 4 4-4M4 19.5h16'),
  users: icon('M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6.5 9c.4-3.4 3.2-5.5 6.5-5.5s6.1 2.1 6.5 5.5M16 4.3a3.5 3.5 0 0 1 0 6.4m2.5 3.8c1.7.8 2.8 2.4 3 4.5'),
  messages: icon('M4 5.5h16v10.5H9l-5 4z'),
  banner: icon('M4 9.5v5h3l6 4v-13l-6 4zM17 9a4 4 0 0 1 0 6'),
  limits: icon('M4 19.5h16M6.5 16V11m5.5 5V6.5m5.5 9.5v-7'),
  rates: icon('M19 5 5 19M7.5 9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm9 9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z'),
  excise: icon('M7 3.5h10v17l-2.5-1.5-2.5 1.5-2.5-1.5L7 20.5zM9.5 8h5m-5 3.5h5m-5 3.5h3'),
  holidays: icon('M4 6.5h16V20H4zM4 10.5h16M8 4v4m8-4v4M8.5 14.5h2m3 0h2m-7 3h2'),
  payments: icon('M4 8h13m0 0-3.5-3.5M17 8l-3.5 3.5M20 16H7m0 0 3.5-3.5M7 16l3.5 3.5'),
  trialBalance: icon('M4 5h16M4 12h16M4 19h16M12 5v14'),
  dayClose: icon('M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17ZM12 7.5V12l3 2'),
  termDeposits: icon('M4 4.5h16v14H4zM12 8.5a3 3 0 1 0 0 6 3 3 0 0 0 0-6ZM12 11.5h.01M7 18.5V20m10-1.5V20'),
  staff: icon('M12 3.5 5 6.5v5c0 4.2 3 7.6 7 9 4-1.4 7-4.8 7-9v-5zM9 12l2 2 4-4'),
};

const linkClass = (active: boolean) =>
  [
    'flex items-center gap-1 whitespace-nowrap rounded-field px-1.5 py-2 text-sm font-medium transition-colors 2xl:gap-2 2xl:px-3',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
    active ? 'bg-primary text-primary-content shadow-sm' : 'text-base-content/80 hover:bg-base-200 hover:text-base-content',
  ].join(' ');

/**
 * Home (/), then the dashboard's screens (spec section 2), plus the contact messages. A column
 * beside the page on very wide screens; below that a tab bar above the page (scrolling sideways
 * on a phone), because the site's own sidebar already takes the left edge and the request
 * tables need the width.
 */
export function DashboardNav() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname, search } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  const counts = usePendingCounts();

  // Each tab keeps its filter, search and page: the address holds the current tab's, and this
  // browser tab's storage the others', which the links below lead back to.
  const listPath = queueTabs.find((tab) => tab.path.toLowerCase() === pathname.toLowerCase())?.path;
  useEffect(() => {
    if (listPath !== undefined && search !== '') rememberSearch(listPath, search);
  }, [listPath, search]);

  // On a phone the tab bar scrolls sideways: keep the current page's tab in view.
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('.bg-primary');
    current?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  const items: Item[] = [
    { to: '/', label: t('dashboard.nav.home'), icon: icons.home, end: true },
    { to: '/dashboard', label: t('dashboard.nav.accounts'), icon: icons.accounts, end: true, alsoActiveUnder: '/dashboard/singleAccDetails/', waits: 'account' },
    { to: '/dashboard/cardRequest', label: t('dashboard.nav.cards'), icon: icons.cards, waits: 'card' },
    { to: '/dashboard/loanRequest', label: t('dashboard.nav.loans'), icon: icons.loans, waits: 'loan' },
    { to: '/dashboard/DepositRequest', label: t('dashboard.nav.deposits'), icon: icons.deposits, waits: 'deposit' },
    { to: '/dashboard/deposits', label: t('dashboard.nav.termDeposits'), icon: icons.termDeposits },
    { to: '/dashboard/allUsers', label: t('dashboard.nav.users'), icon: icons.users },
    { to: '/dashboard/messages', label: t('dashboard.nav.messages'), icon: icons.messages },
    { to: '/dashboard/banner', label: t('dashboard.nav.banner'), icon: icons.banner },
    { to: '/dashboard/limits', label: t('dashboard.nav.limits'), icon: icons.limits },
    { to: '/dashboard/rates', label: t('dashboard.nav.rates'), icon: icons.rates },
    { to: '/dashboard/excise', label: t('dashboard.nav.excise'), icon: icons.excise },
    { to: '/dashboard/holidays', label: t('dashboard.nav.holidays'), icon: icons.holidays },
    { to: '/dashboard/payments', label: t('dashboard.nav.paymentOps'), icon: icons.payments },
    { to: '/dashboard/day-close', label: t('dashboard.nav.dayClose'), icon: icons.dayClose },
    { to: '/dashboard/trial-balance', label: t('dashboard.nav.trialBalance'), icon: icons.trialBalance },
    // Administrators manage the other staff members; the server refuses the page to anyone else.
    ...(user?.staffAdministrator ? [{ to: '/dashboard/staff', label: t('dashboard.nav.staff'), icon: icons.staff }] : []),
  ];
  return (
    <nav aria-label={t('dashboard.nav.label')} className="min-w-0 2xl:sticky 2xl:top-24 2xl:w-52 2xl:shrink-0" data-testid="dashboard-nav">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 px-1 2xl:mb-3 2xl:block 2xl:px-3">
        <p className="text-xs font-semibold uppercase tracking-wider text-primary">{t('dashboard.area')}</p>
        {user ? (
          <p className="truncate text-xs text-base-content/70 2xl:mt-1" data-testid="signed-in-staff">
            {t('dashboard.signedInAs', { name: user.displayName })}
            <span className="hidden sm:inline"> · {user.email}</span>
          </p>
        ) : null}
      </div>
      <ul
        ref={list}
        className="flex gap-0.5 overflow-x-auto rounded-box border border-base-300 bg-base-100 p-1.5 shadow-sm [scrollbar-width:thin] lg:flex-wrap lg:overflow-visible 2xl:flex-col 2xl:overflow-visible"
      >
        {items.map((item) => (
          <li key={item.to} className="shrink-0">
            <NavLink
              to={item.waits === undefined ? item.to : `${item.to}${rememberedSearch(item.to) ?? waitingSearch}`}
              end={item.end ?? false}
              className={({ isActive }) => linkClass(isActive || (item.alsoActiveUnder !== undefined && pathname.startsWith(item.alsoActiveUnder)))}
            >
              {item.icon}
              {item.label}
              {item.waits !== undefined && counts.data ? <WaitingCount count={counts.data[item.waits]} /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** How many requests of a tab wait: a figure on the tab, read out as 'N waiting'. */
function WaitingCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-sm relative ml-0.5 tabular-nums ${count > 0 ? 'badge-warning' : 'badge-ghost'}`} data-testid="waiting-count" title={t('dashboard.nav.waiting', { count })}>
      <span aria-hidden="true">{t('dashboard.nav.count', { count })}</span>
      <span className="sr-only">{t('dashboard.nav.waiting', { count })}</span>
    </span>
  );
}
