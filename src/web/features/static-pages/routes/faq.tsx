import { useTranslation } from '../../../lib/use-translation';
import { translatedList } from '../../../lib/translated-list';
import { StaticPageLayout } from '../components/static-page-layout';

type Question = { question: string; answer: string };

export default function FaqPage() {
  const { t } = useTranslation();
  const questions = translatedList<Question>(t, 'staticPages.faq.questions');
  return (
    <StaticPageLayout page="faq">
      <div className="flex flex-col gap-3">
        {questions.map((item, position) => (
          // <details> opens and closes with a keyboard or a screen reader, with no script.
          <details key={item.question} className="collapse-arrow collapse border border-base-300 bg-base-100 shadow-sm" open={position === 0}>
            <summary className="collapse-title text-lg font-semibold">{item.question}</summary>
            <div className="collapse-content">
              <p className="max-w-prose leading-relaxed text-base-content/80">{item.answer}</p>
            </div>
          </details>
        ))}
      </div>
    </StaticPageLayout>
  );
}
