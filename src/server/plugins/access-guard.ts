import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { staffRole } from '../../shared/constants';
import { AppError } from '../errors';
import type { SessionCache } from '../lib/session-cache';
import type { AuthLoader } from '../modules/auth/auth-loader';
import { addRouteOnRequest } from './route-hooks';

/** Who may call a route: every `/api` route must say, or the server refuses to start. */
export type Access = 'public' | 'customer' | 'staff';

export type SignedInUser = { id: string; email: string; name: string; image: string | null; role: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    signedInUser: SignedInUser | null;
  }
}

const unauthenticated = () => new AppError(401, 'unauthenticated', 'Please log in to continue');
const staffOnly = () => new AppError(403, 'staff_only', 'Staff only: this page is for the bank’s staff');

/** The signed-in user, for handlers of routes whose rule already demanded one. */
export function requireUser(request: FastifyRequest): SignedInUser {
  if (!request.signedInUser) throw unauthenticated();
  return request.signedInUser;
}

/** The session's user: from the cache when this instance checked the same cookie within the last second, else from the database. */
async function signedInUserOf(request: FastifyRequest, auth: AuthLoader, sessions: SessionCache<SignedInUser>): Promise<SignedInUser> {
  const cookieHeader = request.headers.cookie;
  const cached = cookieHeader ? sessions.get(cookieHeader) : undefined;
  if (cached) return cached;
  const session = await (await auth()).api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session || session.user.banned) throw unauthenticated();
  const { user } = session;
  const signedIn = { id: user.id, email: user.email, name: user.name, image: user.image ?? null, role: user.role ?? 'user' };
  if (cookieHeader) sessions.set(cookieHeader, signedIn);
  return signedIn;
}

export function registerAccessGuard(app: FastifyInstance, auth: AuthLoader, sessions: SessionCache<SignedInUser>): void {
  app.decorateRequest('signedInUser', null);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    const access = route.config?.access;
    if (url.startsWith('/api/') && !url.startsWith('/api/auth/') && !access) throw new Error(`Route ${String(route.method)} ${url} declares no access rule`);
    if (access === undefined || access === 'public') return;
    // Attached to the routes that need a session only: a public read never pays for the check.
    addRouteOnRequest(route, async (request) => {
      const signedIn = await signedInUserOf(request, auth, sessions);
      request.signedInUser = signedIn;
      if (access === 'staff' && signedIn.role !== staffRole) throw staffOnly();
    });
  });
}
