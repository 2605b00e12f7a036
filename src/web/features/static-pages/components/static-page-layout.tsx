import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';

type StaticPageLayoutProps = {
  /** The page's key under `staticPages` (terms, faq, …): its eyebrow, title and intro. */
  page: string;
  showLastUpdated?: boolean;
  children: ReactNode;
};

/** The frame every information page shares: a header band, the content, and a way to ask more. */
export function StaticPageLayout({ page, showLastUpdated = false, children }: StaticPageLayoutProps) {
  const { t } = useTranslation();
  const title = t(`staticPages.${page}.title`);
  useDocumentTitle(title);
  return (
    <article className="mx-auto flex max-w-5xl flex-col gap-10">
      <header className="rounded-box border border-base-300 bg-gradient-to-br from-base-200 to-base-100 px-6 py-10 sm:px-10">
        <p className="text-sm font-semibold uppercase tracking-widest text-secondary">{t(`staticPages.${page}.eyebrow`)}</p>
        <h1 className="mt-2 text-3xl font-bold text-primary sm:text-4xl">{title}</h1>
        <p className="mt-3 max-w-3xl text-lg leading-relaxed text-base-content/80">{t(`staticPages.${page}.intro`)}</p>
        {showLastUpdated ? <p className="mt-4 text-sm text-base-content/80">{t('staticPages.lastUpdated')}</p> : null}
      </header>
      {children}
      <aside className="flex flex-col items-start gap-3 rounded-box bg-neutral px-6 py-6 text-neutral-content sm:flex-row sm:items-center sm:justify-between sm:px-10">
        <p className="text-lg font-semibold">{t('staticPages.contactCta')}</p>
        <Link to="/contactUs" className="btn btn-accent">
          {t('staticPages.contactCtaLink')}
        </Link>
      </aside>
    </article>
  );
}
