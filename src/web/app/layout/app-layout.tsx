import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { useMediaQuery } from '../../lib/use-media-query';
import { Footer } from './footer';
import { FullScreenLoader } from './full-screen-loader';
import { NavigationProgress } from './navigation-progress';
import { wasMenuOpenedBeforeStart } from './opened-before-start';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useMenuFocus } from './use-menu-focus';
import { loadAreaTexts } from '../../lib/i18n';
import { accountTexts } from '../account-texts';

// Only someone signed in has a session to time out: a visitor's first screen does not load it.
const SessionTimeoutWarning = lazy(() => Promise.all([import('../../features/auth/components/session-timeout-warning'), loadAreaTexts(accountTexts)]).then(([module]) => module));
const ServiceNotices = lazy(() => import('./notices'));
// Only a signed-in customer has the bottom bar, fixed and with its room kept below the page: it
// can arrive a moment after the page without moving anything.
const BottomBar = lazy(() => import('./bottom-bar').then((module) => ({ default: module.BottomBar })));
const MoneyFreshness = lazy(() => import('./money-freshness').then((module) => ({ default: module.MoneyFreshness })));

export function AppLayout() {
  const { t } = useTranslation();
  // A phone's menu tapped open on the pre-rendered page, before this code ran, opens now.
  const [menuOpen, setMenuOpen] = useState(wasMenuOpenedBeforeStart);
  const location = useLocation();
  const { user, isStaff } = useSession();
  // A password someone else chose (the generated first staff password) is replaced before anything else.
  const mustChangePassword = user?.mustChangePassword === true && location.pathname !== '/changePassword';
  const showBottomBar = user !== null && !isStaff;
  // On a wide screen the menu is always beside the page: nothing covers anything.
  const wideScreen = useMediaQuery('(min-width: 1024px)');
  const menuCoversPage = menuOpen && !wideScreen;
  const sidebar = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useMenuFocus(menuCoversPage, sidebar, closeMenu);

  // A new page closes the phone's menu and starts at the top; the first page keeps both as they are.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setMenuOpen(false);
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // Landmarks in reading order (banner, navigation, main, footer): the top bar and the menu come
  // before the page in the markup, so a keyboard reaches Login or My Accounts in a few Tabs. The
  // drawer places each in its grid cell whatever the order, and the top bar is fixed.
  return (
    <div className="drawer lg:drawer-open">
      <input id="nav-drawer" type="checkbox" className="drawer-toggle" checked={menuOpen} onChange={(event) => setMenuOpen(event.target.checked)} tabIndex={-1} aria-hidden="true" />
      <a href="#main-content" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[200] focus:rounded focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-content">
        {t('nav.skipToContent')}
      </a>
      <NavigationProgress />
      <TopBar menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} inert={menuCoversPage} signedIn={user !== null} />
      <div className="drawer-side z-40" ref={sidebar}>
        {/* A second way to close for a pointer; the keyboard has Escape and the menu button. */}
        <label htmlFor="nav-drawer" aria-hidden="true" className="drawer-overlay" />
        <Sidebar />
      </div>
      {/* With the phone's bottom bar, room for it below the footer (known before the layout shows: it waits for the session). */}
      <div className={`drawer-content flex min-h-screen flex-col ${showBottomBar ? 'pb-16 short-screen:pb-0 lg:pb-0' : ''}`} inert={menuCoversPage}>
        {/*
          At least a screen tall: the footer starts below the first screen, so it does not jump down
          when a page's code or data arrives and fills the space above it.
        */}
        <main id="main-content" tabIndex={-1} className="min-h-screen w-full flex-1 px-4 pb-8 pt-24 sm:px-6 lg:px-10">
          {/* In the page's flow, above it: a notice pushes the page down rather than cover the top bar's sign-out and language switch. */}
          {/* No fallback: nothing shows while it loads. */}
          <Suspense>
            <ServiceNotices />
          </Suspense>
          <Suspense fallback={<FullScreenLoader />}>{mustChangePassword ? <Navigate to="/changePassword" replace /> : <Outlet />}</Suspense>
        </main>
        <Footer />
        {showBottomBar ? (
          <Suspense fallback={null}>
            <BottomBar />
            <MoneyFreshness />
          </Suspense>
        ) : null}
        {user ? (
          <Suspense fallback={null}>
            <SessionTimeoutWarning />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
