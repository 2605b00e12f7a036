import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <p className="text-7xl font-black text-primary/75" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="text-base-content/80">{t('notFound.body')}</p>
      <Link to="/" className="btn btn-primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
