import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffRole } from '../../shared/constants';
import type { Language } from '../../shared/language';
import { AppError } from '../errors';
import type { Sessions } from '../modules/auth/sessions';
import { addRouteOnRequest } from './route-hooks';

/** Who may call a route: every `/api` route must say, or the server refuses to start. */
export type Access = 'public' | 'customer' | 'staff';

/** `language` is the one the user chose on the website: their e-mails are written in it. */
/** `twoFactorEnabled`: the user confirmed an authenticator app; required of staff, optional for customers. */
export type SignedInUser = { id: string; email: string; name: string; image: string | null; role: string; mustChangePassword: boolean; language: Language; twoFactorEnabled: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    signedInUser: SignedInUser | null;
  }
}

const unauthenticated = () => new AppError(401, 'unauthenticated', 'Please log in to continue');
const passwordChangeRequired = () => new AppError(403, 'password_change_required', 'Set a new password before you go on');
const twoFactorSetupRequired = () => new AppError(403, 'two_factor_setup_required', 'Staff must turn on two-step verification before anything else');
const staffOnly = () => new AppError(403, 'staff_only', 'Staff only: this page is for the bank’s staff');

/** The signed-in user, for handlers of routes whose rule already demanded one. */
export function requireUser(request: FastifyRequest): SignedInUser {
  if (!request.signedInUser) throw unauthenticated();
  return request.signedInUser;
}

/**
 * Every answer to a signed-in request says how many seconds its session has left, so that the
 * web app can warn before it ends without asking.
 */
export const sessionEndsInHeader = 'session-ends-in';

export function secondsUntil(moment: Date): number {
  return Math.max(0, Math.floor((moment.getTime() - Date.now()) / 1000));
}

export function registerAccessGuard(app: FastifyInstance, sessions: Sessions): void {
  app.decorateRequest('signedInUser', null);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    const access = route.config?.access;
    if (url.startsWith('/api/') && !url.startsWith('/api/auth/') && !access) throw new Error(`Route ${String(route.method)} ${url} declares no access rule`);
    if (access === undefined || access === 'public') return;
    // Attached to the routes that need a session only: a public read never pays for the check.
    addRouteOnRequest(route, async (request, reply) => {
      const session = await sessions.check(request.headers.cookie);
      if (!session) throw unauthenticated();
      request.signedInUser = session.user;
      void reply.header(sessionEndsInHeader, secondsUntil(session.endsAt));
      if (session.user.mustChangePassword) throw passwordChangeRequired();
      // Staff sign in with a code from an authenticator app: a staff session exists without one only
      // before the app is set up (a new staff member, or the generated first one), and it may do
      // nothing but set it up (/api/auth/two-factor/*, outside this guard).
      if (session.user.role === staffRole && !session.user.twoFactorEnabled) throw twoFactorSetupRequired();
      if (access === 'staff' && session.user.role !== staffRole) throw staffOnly();
    });
  });
}
