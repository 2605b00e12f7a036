import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../features/auth/api/get-session';
import { SessionTimeoutWarning } from '../../features/auth/components/session-timeout-warning';
import { Footer } from './footer';
import { FullScreenLoader } from './full-screen-loader';
import { NavigationProgress } from './navigation-progress';
import { wasMenuOpenedBeforeStart } from './opened-before-start';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

export function AppLayout() {
  const { t } = useTranslation();
  // A phone's menu tapped open on the pre-rendered page, before this code ran, opens now.
  const [menuOpen, setMenuOpen] = useState(wasMenuOpenedBeforeStart);
  const location = useLocation();
  const { user } = useSession();
  // A password someone else chose (the generated first staff password) is replaced before anything else.
  const mustChangePassword = user?.mustChangePassword === true && location.pathname !== '/changePassword';

  // A new page closes the phone's menu and starts at the top; the first page keeps both as they are.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setMenuOpen(false);
    window.scrollTo(0, 0);
  }, [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="drawer lg:drawer-open">
      <input id="nav-drawer" type="checkbox" className="drawer-toggle" checked={menuOpen} onChange={(event) => setMenuOpen(event.target.checked)} tabIndex={-1} aria-hidden="true" />
      <div className="drawer-content flex min-h-screen flex-col">
        <a href="#main-content" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[200] focus:rounded focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-content">
          {t('nav.skipToContent')}
        </a>
        <NavigationProgress />
        <TopBar menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
        {/*
          At least a screen tall: the footer starts below the first screen, so it does not jump down
          when a page's code or data arrives and fills the space above it.
        */}
        <main id="main-content" tabIndex={-1} className="min-h-screen w-full flex-1 px-4 pb-8 pt-24 sm:px-6 lg:px-10">
          <Suspense fallback={<FullScreenLoader />}>
            {mustChangePassword ? <Navigate to="/changePassword" replace /> : <Outlet />}
          </Suspense>
        </main>
        <Footer />
        <SessionTimeoutWarning />
      </div>
      <div className="drawer-side z-40">
        <label htmlFor="nav-drawer" aria-label={t('nav.closeMenu')} className="drawer-overlay" />
        <Sidebar />
      </div>
    </div>
  );
}
