import { useTranslation } from '../../../lib/use-translation';
import { translatedList } from '../../../lib/translated-list';
import { SectionHeading } from './section-heading';

type NewsItem = { date: string; dateTime: string; title: string; body: string };

export function WhatsNew() {
  const { t } = useTranslation();
  const items = translatedList<NewsItem>(t, 'home2.whatsNew');
  return (
    <section aria-labelledby="home-whats-new">
      <SectionHeading id="home-whats-new" title={t('home2.whatsNewTitle')} intro={t('home2.whatsNewIntro')} />
      <ol className="timeline timeline-vertical timeline-snap-icon timeline-compact md:timeline-horizontal md:[&>li]:flex-1">
        {items.map((item, position) => (
          <li key={item.title}>
            {position > 0 ? <hr className="bg-primary/40" /> : null}
            <div className="timeline-middle">
              <span className="flex h-8 w-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-content">{position + 1}</span>
            </div>
            <div className="timeline-end mb-8 ms-3 md:mb-0 md:ms-0 md:mt-3 md:px-3">
              <time dateTime={item.dateTime} className="badge badge-warning badge-soft font-semibold">
                {item.date}
              </time>
              <h3 className="mt-2 text-lg font-bold">{item.title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-base-content/75">{item.body}</p>
            </div>
            {position < items.length - 1 ? <hr className="bg-primary/40" /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
