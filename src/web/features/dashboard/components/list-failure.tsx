import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useTranslation } from '../../../lib/use-translation';

/** A staff list that failed to load: the server's reason (staff report it), and a Retry, or the way back in when the session ended. */
export function ListFailure({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation();
  const signedOut = error instanceof ApiError && error.status === 401;
  return (
    <div role="alert" className="alert alert-error alert-soft m-4 flex flex-wrap">
      <div className="flex-1">
        <p className="font-semibold">{t('dashboard.list.loadFailed')}</p>
        <p className="text-sm">{errorMessage(error, t)}</p>
      </div>
      {signedOut ? (
        <Link to="/logIn" className="btn btn-sm">
          {t('dashboard.list.signInAgain')}
        </Link>
      ) : (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {t('dashboard.list.retry')}
        </button>
      )}
    </div>
  );
}
