import type { Auth, AuthOptions } from './auth';

/** The server's better-auth instance, made on first use. */
export type AuthLoader = () => Promise<Auth>;

/**
 * better-auth takes longer to import than the rest of the server together, and the public site
 * (catalogue, contact, pages) never needs it: it is imported when the first request or start-up
 * task needs sessions or passwords, once, and shared from then on.
 */
export function loadAuthOnFirstUse(options: AuthOptions): AuthLoader {
  let auth: Promise<Auth> | undefined;
  return () => {
    auth ??= import('./auth').then(({ createAuth }) => createAuth(options));
    return auth;
  };
}
