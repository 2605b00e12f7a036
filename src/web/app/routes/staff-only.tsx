import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { LoadingBlock } from '../../components/ui/loading-block';
import { useSession } from '../../lib/session';

/** A customer opening a dashboard route sees a clear page instead of the dashboard. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { loading, isStaff } = useSession();
  if (loading) return <LoadingBlock label={t('common.loading')} />;
  if (isStaff) return <>{children}</>;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{t('staffOnly.title')}</h1>
      <p className="text-base-content/80">{t('staffOnly.body')}</p>
      <Link to="/" className="btn btn-primary">
        {t('staffOnly.home')}
      </Link>
    </section>
  );
}
