import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../auth/api/get-session';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { DashboardNav } from './dashboard-nav';

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
  if (user?.twoFactorEnabled === false) return <Navigate to="/twoFactor" replace />;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 2xl:flex-row 2xl:items-start 2xl:gap-8" data-testid="dashboard">
      <DashboardNav />
      <div className="min-w-0 flex-1">
        <Suspense fallback={<LoadingBlock label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
