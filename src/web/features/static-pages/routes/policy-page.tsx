import { useTranslation } from '../../../lib/use-translation';
import { translatedList } from '../../../lib/translated-list';
import { StaticPageLayout } from '../components/static-page-layout';

type Section = { heading: string; paragraphs: string[] };

/** The pages made of numbered sections: terms, privacy, legal, security, accessibility. */
export type PolicyPageKey = 'terms' | 'privacy' | 'legal' | 'security' | 'accessibility';

export default function PolicyPage({ page }: { page: PolicyPageKey }) {
  const { t } = useTranslation();
  const sections = translatedList<Section>(t, `staticPages.${page}.sections`);
  const anchor = (position: number) => `${page}-section-${position + 1}`;
  return (
    <StaticPageLayout page={page} showLastUpdated>
      <div className="grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-labelledby={`${page}-contents`} className="lg:sticky lg:top-24 lg:self-start">
          <h2 id={`${page}-contents`} className="mb-2 text-sm font-semibold uppercase tracking-wide text-base-content/80">
            {t('staticPages.onThisPage')}
          </h2>
          <ol className="flex flex-col gap-1 text-sm">
            {sections.map((section, position) => (
              <li key={section.heading}>
                <a href={`#${anchor(position)}`} className="link-hover link text-base-content/80">
                  {position + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex flex-col gap-8">
          {sections.map((section, position) => (
            <section key={section.heading} id={anchor(position)} aria-labelledby={`${anchor(position)}-heading`} className="scroll-mt-24">
              <h2 id={`${anchor(position)}-heading`} className="text-xl font-bold">
                <span className="mr-2 text-primary">{position + 1}.</span>
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="mt-3 max-w-prose leading-relaxed text-base-content/80">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </StaticPageLayout>
  );
}
