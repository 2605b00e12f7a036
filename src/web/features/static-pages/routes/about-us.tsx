import { useTranslation } from '../../../lib/use-translation';
import { translatedList } from '../../../lib/translated-list';
import { StaticPageLayout } from '../components/static-page-layout';

type Fact = { label: string; value: string };
type Value = { title: string; body: string };

export default function AboutUsPage() {
  const { t } = useTranslation();
  const story = translatedList<string>(t, 'staticPages.about.story');
  const facts = translatedList<Fact>(t, 'staticPages.about.facts');
  const values = translatedList<Value>(t, 'staticPages.about.values');
  return (
    <StaticPageLayout page="about">
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <section aria-labelledby="about-story">
          <h2 id="about-story" className="text-2xl font-bold">
            {t('staticPages.about.storyTitle')}
          </h2>
          {story.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-3 max-w-prose leading-relaxed text-base-content/80">
              {paragraph}
            </p>
          ))}
        </section>
        <section aria-labelledby="about-facts" className="rounded-box bg-base-200 p-6">
          <h2 id="about-facts" className="text-lg font-bold">
            {t('staticPages.about.factsTitle')}
          </h2>
          <dl className="mt-3 flex flex-col gap-3">
            {facts.map((fact) => (
              <div key={fact.label}>
                <dt className="text-sm text-base-content/80">{fact.label}</dt>
                <dd className="text-xl font-bold text-primary">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <section aria-labelledby="about-values">
        <h2 id="about-values" className="text-2xl font-bold">
          {t('staticPages.about.valuesTitle')}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {values.map((value) => (
            <li key={value.title} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body gap-2 p-6">
                <h3 className="text-lg font-bold text-primary">{value.title}</h3>
                <p className="text-sm leading-relaxed text-base-content/75">{value.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </StaticPageLayout>
  );
}
