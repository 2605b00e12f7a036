import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useLocation } from 'react-router';
import { formatDigits, loadAreaTexts } from '../../../lib/i18n';
import { notificationTexts } from '../notification-texts';
import { useIdleAfterFirstPaint } from '../../../lib/use-idle-after-first-paint';
import { unreadCountQuery, useUnreadCount } from '../api/unread-count';

/** Past this the badge says "99+": the page itself says how many. */
const badgeCountMax = 99;

/**
 * The top bar's bell, shown by the layout to a signed-in user: a link to the notifications page
 * with the number of unread ones. The number is asked for only after the page has painted, from an
 * endpoint that answers one figure; the bell's code is a chunk of its own, so a visitor's first
 * screen carries none of it.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const painted = useIdleAfterFirstPaint();
  const unread = useUnreadCount(painted);
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  // Each page the customer opens asks whether something new has arrived (a deposit credited, money
  // received), which also refreshes the balances when it has (app/layout/money-freshness.tsx).
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    void queryClient.invalidateQueries({ queryKey: unreadCountQuery().queryKey });
  }, [pathname, queryClient]);
  const count = unread.data?.unread ?? 0;
  const label = count > 0 ? t('notifications.bell.unread', { count }) : t('notifications.bell.label');
  const figure = count > badgeCountMax ? `${badgeCountMax}+` : String(count);
  return (
    <Link to="/notifications" className="btn btn-ghost btn-square btn-sm relative" title={label} data-testid="notification-bell">
      {/* Named by its text, not aria-label: the figure on the badge is then part of the name, as WCAG 2.5.3 asks. */}
      <span className="sr-only" data-testid="notification-bell-name">
        {label}
      </span>
      <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {count > 0 ? (
        <span className="badge badge-error badge-sm absolute -right-2 -top-2 px-1 font-bold" aria-hidden="true" data-testid="notification-count">
          {formatDigits(figure)}
        </span>
      ) : null}
    </Link>
  );
}

/** The bell with its texts in: what the top bar's lazy import resolves to. */
export async function loadBell(): Promise<{ default: typeof NotificationBell }> {
  await loadAreaTexts(notificationTexts);
  return { default: NotificationBell };
}
