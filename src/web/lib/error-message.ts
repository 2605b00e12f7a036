import type { TFunction } from './use-translation';
import { ApiError } from './api-client';
import { translatedMessage } from './i18n';

/** better-auth's and our error codes whose meaning the reader knows by a name of its own ("wrong password"). */
const identityCodeByServerCode: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid-credential',
  INVALID_PASSWORD: 'wrong-password',
  INVALID_EMAIL: 'invalid-email',
  USER_NOT_FOUND: 'user-not-found',
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  BANNED_USER: 'user-disabled',
  SESSION_EXPIRED: 'user-token-expired',
  TOO_MANY_REQUESTS: 'too-many-requests',
  invalid_origin: 'unauthorized-domain',
  'network-request-failed': 'network-request-failed',
  unauthenticated: 'invalid-user-token',
};

/**
 * A refusal from the server in the reader's language: the server's own words when they have a
 * translation ('Receiver details do not match the account'), else what its error code means
 * ('not_found'), else its English words as they are. For a message the server put under a field
 * as much as for the whole answer's.
 */
export function refusalText(error: Pick<ApiError, 'code' | 'message'>, t: TFunction): string {
  const translated = translatedMessage(error.message);
  if (translated) return translated;
  return t(`serverErrors.${error.code}`, { defaultValue: error.message });
}

/**
 * The one rule for what a failed request tells the reader, on every screen: a code with a name of
 * its own in its words; a request that never reached the server (status 0: offline, timed out) as
 * a network failure; a refusal (4xx) in the server's words, translated; anything else (a 5xx, a
 * bug) as a general failure, since its detail is in the server's log and helps nobody here, with
 * the request's id for the customer to quote to the bank, which finds that log by it.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('authErrors.unknown');
  const identityCode = identityCodeByServerCode[error.code];
  if (identityCode) return t(`authErrors.${identityCode}`);
  if (error.status === 0) return t('authErrors.network-request-failed');
  if (error.status < 500) return refusalText(error, t);
  return error.requestId ? `${t('authErrors.unknown')} ${t('authErrors.quoteRequest', { id: error.requestId })}` : t('authErrors.unknown');
}
