import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';

export function AccountNotFound({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{message ?? t('banking.notFound')}</h1>
      <Link to="/myAccounts" className="btn btn-primary">
        {t('banking.backToAccounts')}
      </Link>
    </section>
  );
}
