import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Navigate, useLocation } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';
import { LoadingBlock } from '../../components/ui/loading-block';
import { useSession } from '../../lib/session';

/** Customer pages: a signed-out visitor goes to /logIn and comes back here after signing in. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, loading, failed, retry } = useSession();
  const location = useLocation();
  // Without an answer about the session, sending the customer to log in would be wrong: say so.
  if (failed) return <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={retry} />;
  if (loading) return <LoadingBlock label={t('common.loading')} />;
  if (!user) return <Navigate to="/logIn" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <>{children}</>;
}
