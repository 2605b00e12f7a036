import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { staffRole } from '../../shared/constants';
import { AppError } from '../errors';
import type { Sessions } from '../modules/auth/sessions';
import type { SignedInUser } from '../modules/auth/signed-in-user';
import { addRouteOnRequest } from './route-hooks';

/**
 * Who may call a route: every `/api` route must say, or the server refuses to start. What each
 * value asks of the request's session is in `accessRules`; `refusalFor` decides for all of them.
 */
export type Access = 'public' | 'public-with-session' | 'setup' | 'public-with-setup-session' | 'customer' | 'staff' | 'administrator';

type AccessRule = {
  /** Whether the session is not read at all, read when the request carries one, or needed. */
  session: 'none' | 'optional' | 'required';
  /**
   * Whether a session still being set up may pass: one that must first replace a password someone
   * else chose, or a staff member's before their authenticator app is set up. Only the endpoints
   * that let such a session finish that say yes.
   */
  duringSetup: boolean;
  staffOnly: boolean;
  /** Only a staff member who manages the other staff members (`user.staff_administrator`). */
  administratorOnly?: true;
};

const accessRules: Record<Access, AccessRule> = {
  /** Anyone: the session is never read, so a public read never pays for the check. */
  public: { session: 'none', duringSetup: false, staffOnly: false },
  /**
   * Anyone, and a signed-in user is served as themselves (images: their own documents). A session
   * still being set up is refused here as on any guarded route, not served as a visitor.
   */
  'public-with-session': { session: 'optional', duringSetup: false, staffOnly: false },
  /** A signed-in user, also one still being set up: changing the password, starting two-step verification. */
  setup: { session: 'required', duringSetup: true, staffOnly: false },
  /** Anyone, and a signed-in user even while being set up: who is signed in, a code that confirms an enrolment. */
  'public-with-setup-session': { session: 'optional', duringSetup: true, staffOnly: false },
  /** A signed-in customer, or a staff member, set up. */
  customer: { session: 'required', duringSetup: false, staffOnly: false },
  staff: { session: 'required', duringSetup: false, staffOnly: true },
  /** A staff member, set up, who is an administrator: inviting, disabling and re-enabling staff. */
  administrator: { session: 'required', duringSetup: false, staffOnly: true, administratorOnly: true },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    signedInUser: SignedInUser | null;
    /** When the signed-in user's session ends if nothing else happens; null without one. */
    sessionEndsAt: Date | null;
    /** The signed-in user's session, for a handler that replaces or keeps it; null without one. */
    signedInSessionId: string | null;
  }
}

const unauthenticated = () => new AppError(401, 'unauthenticated', 'Please log in to continue');
const passwordChangeRequired = () => new AppError(403, 'password_change_required', 'Set a new password before you go on');
const twoFactorSetupRequired = () => new AppError(403, 'two_factor_setup_required', 'Staff must turn on two-step verification before anything else');
const staffOnly = () => new AppError(403, 'staff_only', 'Staff only: this page is for the bank’s staff');
export const administratorOnly = () => new AppError(403, 'administrator_only', 'Only an administrator manages staff members');

/** The signed-in user, for handlers of routes whose rule already demanded one. */
export function requireUser(request: FastifyRequest): SignedInUser {
  if (!request.signedInUser) throw unauthenticated();
  return request.signedInUser;
}

/** The signed-in user and their session's id, for handlers that replace or keep the session. */
export function requireSession(request: FastifyRequest): { sessionId: string; user: SignedInUser } {
  if (!request.signedInUser || !request.signedInSessionId) throw unauthenticated();
  return { sessionId: request.signedInSessionId, user: request.signedInUser };
}

/**
 * Every answer to a signed-in request says how many seconds its session has left, so that the
 * web app can warn before it ends without asking.
 */
export const sessionEndsInHeader = 'session-ends-in';

export function secondsUntil(moment: Date): number {
  return Math.max(0, Math.floor((moment.getTime() - Date.now()) / 1000));
}

/**
 * The one decision of what a signed-in user may do under a route's rule: the refusal, or undefined
 * when they may go on. A password someone else chose is replaced before anything else; staff sign
 * in with a code from an authenticator app, so a staff session exists without one only before the
 * app is set up (a new staff member, or the generated first one), and it may do nothing but set it
 * up; then staff-only routes refuse customers.
 */
export function refusalFor(user: SignedInUser, access: Access): AppError | undefined {
  const rule = accessRules[access];
  if (!rule.duringSetup) {
    if (user.mustChangePassword) return passwordChangeRequired();
    if (user.role === staffRole && !user.twoFactorEnabled) return twoFactorSetupRequired();
  }
  if (rule.staffOnly && user.role !== staffRole) return staffOnly();
  if (rule.administratorOnly && !user.staffAdministrator) return administratorOnly();
  return undefined;
}

/**
 * Applies a route's rule to a request: reads its session when the rule asks for one, refuses what
 * `refusalFor` refuses, and leaves the user in `request.signedInUser` for the handler
 * (`requireUser`). The guard's hook runs it for every route that reads a session, those under
 * /api/auth included.
 */
async function enforceAccess(sessions: Sessions, request: FastifyRequest, reply: FastifyReply, access: Access): Promise<void> {
  const rule = accessRules[access];
  if (rule.session === 'none') return;
  const session = await sessions.check(request.headers.cookie);
  if (!session) {
    if (rule.session === 'required') throw unauthenticated();
    return;
  }
  request.signedInUser = session.user;
  request.sessionEndsAt = session.endsAt;
  request.signedInSessionId = session.sessionId;
  void reply.header(sessionEndsInHeader, secondsUntil(session.endsAt));
  const refusal = refusalFor(session.user, access);
  if (refusal) throw refusal;
}

export function registerAccessGuard(app: FastifyInstance, sessions: Sessions): void {
  app.decorateRequest('signedInUser', null);
  app.decorateRequest('sessionEndsAt', null);
  app.decorateRequest('signedInSessionId', null);

  app.addHook('onRoute', (route) => {
    const url = route.url;
    const access = route.config?.access;
    if (url.startsWith('/api/') && !access) throw new Error(`Route ${String(route.method)} ${url} declares no access rule`);
    if (access === undefined || accessRules[access].session === 'none') return;
    // Attached to the routes that read a session only: a public read never pays for the check.
    addRouteOnRequest(route, (request: FastifyRequest, reply: FastifyReply) => enforceAccess(sessions, request, reply, access));
  });
}
