import { useTranslation } from '../../lib/use-translation';

export function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-4 bg-base-100" role="status" data-testid="full-screen-loader">
      <img src="/logo.svg" alt="" className="h-20 w-20 animate-pulse" width="80" height="80" />
      <span className="loading loading-dots loading-md text-primary" aria-hidden="true" />
      <span className="sr-only">{t('loader.loading')}</span>
    </div>
  );
}
