import { useTranslation } from '../../../lib/use-translation';
import { translatedList } from '../../../lib/translated-list';
import { StaticPageLayout } from '../components/static-page-layout';

type Review = { name: string; place: string; since: string; rating: number; product: string; text: string };

const ratingMax = 5;

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <p className="flex gap-0.5" role="img" aria-label={t('staticPages.reviews.ratingLabel', { rating })}>
      {Array.from({ length: ratingMax }, (_, position) => (
        <svg key={position} viewBox="0 0 20 20" className={`h-5 w-5 ${position < rating ? 'text-accent' : 'text-base-300'}`} fill="currentColor" aria-hidden="true">
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5Z" />
        </svg>
      ))}
    </p>
  );
}

export default function CustomerReviewsPage() {
  const { t } = useTranslation();
  const reviews = translatedList<Review>(t, 'staticPages.reviews.items');
  return (
    <StaticPageLayout page="reviews">
      <ul className="grid gap-6 md:grid-cols-2">
        {reviews.map((review) => (
          <li key={review.name} className="card border border-base-300 bg-base-100 shadow-sm">
            <figure className="card-body items-stretch justify-start gap-4 p-6">
              <Stars rating={review.rating} />
              <blockquote className="text-lg leading-relaxed text-base-content/85">“{review.text}”</blockquote>
              <figcaption className="mt-auto flex items-center gap-3 border-t border-base-300 pt-4">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-secondary font-bold text-secondary-content" aria-hidden="true">
                  {review.name
                    .split(' ')
                    .map((part) => part[0])
                    .join('')}
                </span>
                <span>
                  <span className="block font-semibold">{review.name}</span>
                  <span className="block text-sm text-base-content/80">
                    {review.place} · {review.product} · {t('staticPages.reviews.customerSince', { year: review.since })}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </StaticPageLayout>
  );
}
