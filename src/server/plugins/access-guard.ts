import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { staffRole } from '../../shared/constants';
import { AppError } from '../errors';
import type { Auth } from '../modules/auth/auth';

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

export function registerAccessGuard(app: FastifyInstance, auth: Auth): void {
  app.decorateRequest('signedInUser', null);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/') || url.startsWith('/api/auth/')) return;
    if (!route.config?.access) throw new Error(`Route ${String(route.method)} ${url} declares no access rule`);
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session || session.user.banned) throw unauthenticated();
    const { user } = session;
    request.signedInUser = { id: user.id, email: user.email, name: user.name, image: user.image ?? null, role: user.role ?? 'user' };
    if (access === 'staff' && user.role !== staffRole) throw staffOnly();
  });
}
