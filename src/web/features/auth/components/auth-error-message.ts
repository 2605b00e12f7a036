import type { TFunction } from '../../../lib/use-translation';
import { ApiError } from '../../../lib/api-client';
import { refusalText } from '../../../lib/refusal-text';

/** better-auth's and our error codes, mapped to the identity codes of spec section 8. */
const identityCodeByServerCode: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid-credential',
  INVALID_PASSWORD: 'wrong-password',
  INVALID_EMAIL: 'invalid-email',
  USER_NOT_FOUND: 'user-not-found',
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  BANNED_USER: 'user-disabled',
  SESSION_EXPIRED: 'user-token-expired',
  too_many_requests: 'too-many-requests',
  TOO_MANY_REQUESTS: 'too-many-requests',
  invalid_origin: 'unauthorized-domain',
  'network-request-failed': 'network-request-failed',
  unauthenticated: 'invalid-user-token',
};

export function authErrorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('authErrors.unknown');
  const identityCode = identityCodeByServerCode[error.code];
  if (identityCode) return t(`authErrors.${identityCode}`);
  if ((error.status === 400 || error.status === 409) && error.message) return refusalText(error, t);
  return t('authErrors.unknown');
}
