import { parseCookies } from 'better-auth/cookies/utils';

const sessionCookieName = 'better-auth.session_token';
/** The name better-auth accepted before it settled on a dot; its own reader still takes it. */
const legacySessionCookieName = 'better-auth-session_token';

/**
 * better-auth's session cookie in a Cookie header (its value, unverified), else null: what its
 * `getSessionCookie` returns for our settings, which keep its default cookie names. That reader
 * lives in `better-auth/cookies`, whose import brings JWT and database helpers (over a hundred
 * modules) into every start; its cookie parser alone has no imports. A test holds the two equal.
 */
export function sessionCookieIn(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const cookies = parseCookies(cookieHeader);
  const named = (name: string) => cookies.get(`__Secure-${name}`) ?? cookies.get(name);
  return named(sessionCookieName) || named(legacySessionCookieName) || null;
}
