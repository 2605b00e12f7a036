import type { TFunction } from './use-translation';
import type { ApiError } from './api-client';
import { translatedMessage } from './i18n';

/**
 * A refusal from the server in the reader's language: the server's own words when they have a
 * translation ('Receiver details do not match the account'), else what its error code means
 * ('not_found'), else its English words as they are.
 */
export function refusalText(error: Pick<ApiError, 'code' | 'message'>, t: TFunction): string {
  const translated = translatedMessage(error.message);
  if (translated) return translated;
  const key = `serverErrors.${error.code}`;
  return t(key, { defaultValue: error.message });
}
