import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { LanguageSwitch } from './language-switch';
import { useHideOnScroll } from './use-hide-on-scroll';

// In the notifications page's chunk, with its texts, asked for only once someone is signed in: a
// visitor's first screen carries none of it, and the home page's script budget had a few hundred bytes left.
const NotificationBell = lazy(() => import('../../features/notifications/routes/notifications').then((module) => module.loadBell()));

/** `signedIn`: the layout knows who is signed in; a signed-in person has the bell. */
type TopBarProps = { menuOpen: boolean; onToggleMenu: () => void; inert?: boolean; signedIn: boolean };

export function TopBar({ menuOpen, onToggleMenu, inert = false, signedIn }: TopBarProps) {
  const { t } = useTranslation();
  const hidden = useHideOnScroll();
  return (
    <header
      className="fixed short-screen:absolute inset-x-0 top-0 z-30 lg:z-50 h-16 border-b border-base-300 bg-base-100/95 backdrop-blur transition-transform duration-300"
      style={{ transform: hidden ? 'translateY(-100px)' : 'translateY(0)' }}
      data-testid="top-bar"
      inert={inert}
    >
      <div className="flex h-full items-center gap-3 px-4">
        {/*
          A label for the drawer's checkbox, not a button with a click handler: on a pre-rendered page
          it opens the menu before the app's code has arrived, which on a slow phone is when it is
          tapped. The keyboard gets the button's Enter and Space from the app.
        */}
        <label
          htmlFor="nav-drawer"
          role="button"
          tabIndex={0}
          className="btn btn-ghost btn-square lg:hidden"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            onToggleMenu();
          }}
        >
          <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </label>
        <Link to="/" className="flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-primary">
          <img src="/logo.svg" alt={t('brand.logoAlt')} className="h-9 w-9" width="36" height="36" />
          <span className="flex flex-col leading-tight">
            <span className="text-lg font-bold text-primary">{t('brand.name')}</span>
            <span className="hidden text-xs text-base-content/70 sm:block">{t('brand.tagline')}</span>
          </span>
        </Link>
        <LanguageSwitch />
        {signedIn ? (
          <Suspense>
            <NotificationBell />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
