import { Suspense } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../../lib/session';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { usePendingCounts } from '../api/pending-counts';
import { DashboardNav } from './dashboard-nav';
import { firstWaitingElsewhere } from './queue-tabs';

/**
 * The dashboard opens on what waits for staff: account requests (its first page) when any wait,
 * otherwise the first tab where something does. Only the bare address (the site's Dashboard link,
 * sign-in) is sent on; the navigation's own tabs always name their filter.
 */
function useOpeningTab(): { waitFor: boolean; elsewhere: string | undefined } {
  const { pathname, search } = useLocation();
  const bare = pathname.replace(/\/$/, '') === '/dashboard' && search === '';
  const counts = usePendingCounts();
  if (!bare || counts.isError) return { waitFor: false, elsewhere: undefined };
  if (!counts.data) return { waitFor: true, elsewhere: undefined };
  return { waitFor: false, elsewhere: firstWaitingElsewhere(counts.data) };
}

/**
 * The staff area inside the site's shell: its own navigation (a column on very wide screens,
 * a tab bar above the page otherwise, scrolling sideways on a phone). Its own Suspense keeps the
 * navigation in place while the next dashboard page loads.
 */
export default function DashboardLayout() {
  // Staff sign in with a code from an authenticator app: one without it sets it up first (the
  // server refuses every dashboard call until then).
  const { user } = useSession();
  const { t } = useTranslation();
  const opening = useOpeningTab();
  if (user?.twoFactorEnabled === false) return <Navigate to="/twoFactor" replace />;
  if (opening.elsewhere) return <Navigate to={opening.elsewhere} replace />;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 2xl:flex-row 2xl:items-start 2xl:gap-8" data-testid="dashboard">
      <DashboardNav />
      <div className="min-w-0 flex-1">
        <Suspense fallback={<LoadingBlock label={t('common.loading')} />}>{opening.waitFor ? <LoadingBlock label={t('common.loading')} /> : <Outlet />}</Suspense>
      </div>
    </div>
  );
}
