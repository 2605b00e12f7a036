import type { TFunction } from '../../../lib/use-translation';
import { ApiError } from '../../../lib/api-client';
import { refusalText } from '../../../lib/refusal-text';

/** The server's own words for a refused action ('This account is already active'), else a general one. */
export function actionErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return refusalText(error, t);
  if (error instanceof ApiError && error.status === 0) return t('authErrors.network-request-failed');
  return t('authErrors.unknown');
}
