import { getSessionCookie } from 'better-auth/cookies';
import { describe, expect, it } from 'vitest';
import { sessionCookieIn } from './session-cookie';

const headers = [
  undefined,
  '',
  'theme=dark',
  'better-auth.session_token=abc.def',
  '__Secure-better-auth.session_token=abc.def',
  'better-auth.session_token=plain; __Secure-better-auth.session_token=secure',
  'better-auth-session_token=legacy',
  'better-auth.session_token=; better-auth-session_token=legacy',
  'a=1;  better-auth.session_token="quoted.value" ; b=2',
  'better-auth.session_token=percent%2Fencoded%3D',
  'better-auth.session_token=bad%E0%A4%A',
  'better-auth.session_token=has"quote',
  'better-auth.session_token_other=x',
  'BETTER-AUTH.SESSION_TOKEN=upper',
];

describe('the session cookie reader', () => {
  it('reads what better-auth’s own getSessionCookie reads, for every kind of Cookie header', () => {
    for (const header of headers) {
      expect(sessionCookieIn(header), String(header)).toBe(getSessionCookie(new Headers({ cookie: header ?? '' })));
    }
  });
});
