import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';

type Feature = { title: string; details: string };
/** `children`: what a kind of product adds after its features (an account type's interest), before the action. */
type CatalogueDetailProps = { name: string; img: string; description: string; featuresHeading: string; features: Feature[]; action?: ReactNode; children?: ReactNode };

/** The shared look of account, card and loan pages: banner, name, description, a grid of features. */
export function CatalogueDetail({ name, img, description, featuresHeading, features, action, children }: CatalogueDetailProps) {
  const { t } = useTranslation();
  return (
    <article className="mx-auto max-w-5xl">
      <div className="overflow-hidden rounded-box border border-base-300 bg-base-200">
        <img src={img} alt={t('catalogue.bannerAlt', { name })} width="640" height="320" className="h-48 w-full object-cover sm:h-72" />
      </div>
      <header className="mt-6 flex flex-col gap-3">
        <h1 className="text-3xl font-bold text-primary">{t('catalogue.information', { name })}</h1>
        <p className="max-w-3xl text-lg leading-relaxed text-base-content/80">{description}</p>
      </header>
      <h2 className="mt-8 text-xl font-semibold">{featuresHeading}</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {features.map((feature) => (
          <li key={feature.title} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-2 p-5">
              <h3 className="font-semibold">{feature.title}</h3>
              <p className="text-sm leading-relaxed text-base-content/75">{feature.details}</p>
            </div>
          </li>
        ))}
      </ul>
      {children}
      {action ? <div className="mt-8">{action}</div> : null}
    </article>
  );
}
