import { useTranslation } from '../../lib/use-translation';
import { NavLink } from 'react-router';
import { bankingLinks } from './banking-links';

/**
 * On a phone a signed-in customer reaches the balance, cards, loans and a transfer with one tap
 * of the thumb, without opening the menu. Fixed to the bottom, so it moves nothing; the page
 * keeps room for it below its content (see AppLayout). In a short window (high zoom, a phone held
 * sideways) it follows the page instead, which it would otherwise crowd out (styles.css).
 */
export function BottomBar() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.bankingNavigation')}
      className="fixed short-screen:static inset-x-0 bottom-0 z-30 border-t border-base-300 bg-base-100 pb-[env(safe-area-inset-bottom)] lg:hidden"
      data-testid="bottom-bar"
    >
      <ul className="grid grid-cols-5">
        {bankingLinks.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              className={({ isActive }) =>
                `flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-xs font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary ${isActive ? 'text-primary' : 'text-base-content/80'}`
              }
            >
              <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                <path d={link.icon} />
              </svg>
              <span className="text-center leading-tight">{t(link.label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
