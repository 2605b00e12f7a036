import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './footer';
import { FullScreenLoader } from './full-screen-loader';
import { NavigationProgress } from './navigation-progress';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

export function AppLayout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  useEffect(() => {
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
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
      <div className="drawer-side z-40">
        <label htmlFor="nav-drawer" aria-label={t('nav.closeMenu')} className="drawer-overlay" />
        <Sidebar />
      </div>
    </div>
  );
}
