import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';

/** Shown for routing errors; gives the status or message, never a stack, and a failed request's id for the customer to quote. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error ?? '');
  return (
    <section className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <img src="/logo.svg" alt="" className="h-16 w-16" width="64" height="64" />
      <h1 className="text-3xl font-bold">{t('errorPage.title')}</h1>
      <p className="text-base-content/80">{t('errorPage.body')}</p>
      {detail ? <p className="rounded bg-base-200 px-3 py-2 font-mono text-sm">{detail}</p> : null}
      {error instanceof ApiError && error.requestId ? <p className="text-sm break-all">{t('authErrors.quoteRequest', { id: error.requestId })}</p> : null}
      <div className="flex gap-3">
        <a href="/" className="btn btn-primary">
          {t('errorPage.home')}
        </a>
        <button type="button" className="btn btn-ghost" onClick={() => window.location.reload()}>
          {t('errorPage.reload')}
        </button>
      </div>
    </section>
  );
}
