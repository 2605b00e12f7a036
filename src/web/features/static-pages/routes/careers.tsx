import { useTranslation } from '../../../lib/use-translation';
import { translatedList } from '../../../lib/translated-list';
import { StaticPageLayout } from '../components/static-page-layout';

type Opening = { title: string; team: string; location: string; type: string; summary: string; responsibilities: string[]; requirements: string[] };

function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="mt-2 flex flex-col gap-1.5 text-sm text-base-content/80">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-primary" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}

export default function CareersPage() {
  const { t } = useTranslation();
  const openings = translatedList<Opening>(t, 'staticPages.careers.openings');
  const why = translatedList<string>(t, 'staticPages.careers.why');
  return (
    <StaticPageLayout page="careers">
      <section aria-labelledby="careers-why">
        <h2 id="careers-why" className="text-2xl font-bold">
          {t('staticPages.careers.whyTitle')}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {why.map((reason) => (
            <li key={reason} className="flex items-center gap-3 rounded-box bg-base-200 px-4 py-3">
              <svg viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-primary" fill="currentColor" aria-hidden="true">
                <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4.5 4.5a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4l1.3 1.3 3.8-3.8a1 1 0 1 1 1.4 1.4Z" />
              </svg>
              {reason}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="careers-openings">
        <h2 id="careers-openings" className="text-2xl font-bold">
          {t('staticPages.careers.openingsTitle')}
        </h2>
        <ul className="mt-4 flex flex-col gap-4">
          {openings.map((opening) => (
            <li key={opening.title} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body gap-3 p-6">
                <h3 className="text-xl font-bold text-primary">{opening.title}</h3>
                <p className="flex flex-wrap gap-2">
                  <span className="badge badge-soft badge-primary">{opening.team}</span>
                  <span className="badge badge-soft badge-secondary">{opening.location}</span>
                  <span className="badge badge-soft">{opening.type}</span>
                </p>
                <p className="leading-relaxed text-base-content/80">{opening.summary}</p>
                <div className="grid gap-4 md:grid-cols-2">
                  <div>
                    <h4 className="font-semibold">{t('staticPages.careers.responsibilities')}</h4>
                    <CheckList items={opening.responsibilities} />
                  </div>
                  <div>
                    <h4 className="font-semibold">{t('staticPages.careers.requirements')}</h4>
                    <CheckList items={opening.requirements} />
                  </div>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="careers-apply" className="rounded-box border border-primary/30 bg-primary/5 p-6">
        <h2 id="careers-apply" className="text-xl font-bold">
          {t('staticPages.careers.applyTitle')}
        </h2>
        <p className="mt-2 max-w-prose leading-relaxed text-base-content/80">{t('staticPages.careers.applyBody')}</p>
      </section>
    </StaticPageLayout>
  );
}
