import { useTranslation } from '../../../lib/use-translation';
import { translatedList } from '../../../lib/translated-list';
import { SectionHeading } from './section-heading';

type Topic = { title: string; body: string };

/** Simple outline icons (24 × 24 paths), drawn here so no image is fetched. */
export const topicIcons = {
  retirement: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v5l3 2',
  investment: 'M4 19h16M6 16l4-5 3 3 5-7m0 0h-4m4 0v4',
  tax: 'M7 3h10v18l-2.5-1.5L12 21l-2.5-1.5L7 21V3Zm3 5h4m-4 4h4m-4 4h2',
  shield: 'M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3Zm-3 9 2 2 4-4',
  lock: 'M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6v-9Zm6 3v3',
  savings: 'M5 12a7 5 0 0 1 14 0v3l-2 1v3h-3v-2h-4v2H7v-3l-2-2v-2Zm9-5 1-3',
  chart: 'M4 20V10m5 10V4m5 16v-7m5 7V8',
  document: 'M5 4h10l4 4v12H5V4Zm10 0v4h4M8 12h8M8 16h5',
} as const;

type TopicSectionProps = {
  id: string;
  titleKey: string;
  introKey: string;
  topicsKey: string;
  /** One icon per topic, in the catalogue's order. */
  icons: readonly string[];
  tone: 'primary' | 'secondary' | 'accent';
};

const toneClasses = {
  primary: 'bg-primary/10 text-primary',
  secondary: 'bg-secondary/10 text-secondary',
  accent: 'bg-accent/15 text-warning',
} as const;

/** Financial Planning, Security and Financial Education: a heading and a grid of short lessons. */
export function TopicSection({ id, titleKey, introKey, topicsKey, icons, tone }: TopicSectionProps) {
  const { t } = useTranslation();
  const topics = translatedList<Topic>(t, topicsKey);
  return (
    <section aria-labelledby={id}>
      <SectionHeading id={id} title={t(titleKey)} intro={t(introKey)} />
      <ul className={`grid gap-4 ${topics.length === 2 ? 'md:grid-cols-2' : 'md:grid-cols-3'}`}>
        {topics.map((topic, position) => (
          <li key={topic.title} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-3 p-6">
              <span className={`flex h-11 w-11 items-center justify-center rounded-xl ${toneClasses[tone]}`} aria-hidden="true">
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                  <path d={icons[position] ?? topicIcons.document} />
                </svg>
              </span>
              <h3 className="text-lg font-bold">{topic.title}</h3>
              <p className="text-sm leading-relaxed text-base-content/75">{topic.body}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
