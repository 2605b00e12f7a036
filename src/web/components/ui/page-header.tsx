import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A page's heading, which also names its browser tab ("My Accounts · Padma Bank"). */
export function PageHeader({ title, intro, actions }: { title: string; intro?: string | undefined; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-base-content sm:text-3xl">{title}</h1>
        {intro ? <p className="mt-1 text-base-content/80">{intro}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
