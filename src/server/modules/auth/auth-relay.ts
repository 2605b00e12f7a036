import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Database } from '../../db/client';
import { noticeSignInDevice } from '../notices/new-device';
import type { Metrics } from '../../lib/metrics';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SecondFactor } from '../two-factor/second-factor';
import type { AuthLoader } from './auth-loader';
import { clientAddressHeader } from './client-address-header';
import type { Sessions } from './sessions';

/**
 * What the routes under /api/auth share: their dependencies, their body limit, and the way a
 * request is passed to better-auth and its answer back.
 */

export type Dependencies = {
  db: Database;
  auth: AuthLoader;
  rateLimiter: RateLimiter;
  metrics: Metrics;
  publicUrl: string;
  sessions: Sessions;
  secondFactor: SecondFactor;
  /** Where start-up wrote a generated first staff password: removed once that password is replaced. */
  staffCredentialsPath?: string | undefined;
};

/** The bodies under /api/auth (sign-up, sign-in, passwords, codes) are small: a larger one is refused before it is parsed. */
export const authBodyBytesMax = 16 * 1024;

export /** Removes better-auth's session cookie, named as better-auth names it for this address. */
function expiredSessionCookie(publicUrl: string): string {
  const secure = publicUrl.startsWith('https://');
  return `${secure ? '__Secure-' : ''}better-auth.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * better-auth's session cookie carrying `signedValue` (a token and its signature), with the
 * attributes better-auth gives it, for a session the bank itself gave a new token.
 */
export function sessionCookie(publicUrl: string, signedValue: string, maxAgeSeconds: number): string {
  const secure = publicUrl.startsWith('https://');
  return `${secure ? '__Secure-' : ''}better-auth.session_token=${encodeURIComponent(signedValue)}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export /** Builds a Fetch request for better-auth; the client address comes from Fastify, never the client. */
async function forward(request: FastifyRequest, deps: Dependencies, body?: unknown): Promise<Response> {
  const headers = fromNodeHeaders(request.headers);
  headers.set(clientAddressHeader, request.ip);
  headers.delete('content-length');
  const payload = body ?? request.body;
  const init: RequestInit = { method: request.method, headers };
  if (request.method !== 'GET' && payload !== undefined) {
    init.body = JSON.stringify(payload);
    headers.set('content-type', 'application/json');
  }
  const auth = await deps.auth();
  return auth.handler(new Request(new URL(request.url, deps.publicUrl), init));
}

export async function relay(response: Response, reply: FastifyReply) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (text.length === 0) return reply.send();
  return reply.send(response.headers.get('content-type')?.includes('application/json') ? withoutSessionToken(text) : text);
}

/**
 * better-auth puts the session token in the JSON of sign-in, sign-up and get-session too. The
 * cookie is HTTP-only so that a script injected into a page cannot read it; the same token in a
 * body any script can fetch would undo that, so it is taken out.
 */
function withoutSessionToken(json: string): string {
  let body: unknown;
  try {
    body = JSON.parse(json);
  } catch {
    return json;
  }
  if (body === null || typeof body !== 'object') return json;
  const record = body as { token?: unknown; session?: { token?: unknown } | null };
  delete record.token;
  if (record.session && typeof record.session === 'object') delete record.session.token;
  return JSON.stringify(record);
}

/**
 * Tells the user of a sign-in from a device new to them (`noticeSignInDevice`), and records the
 * device as one they signed in from: after the password, or after the code for a user with
 * two-step verification (whose password step answers no user). The session is better-auth's and
 * already stored: a notice that cannot be stored is logged, and the sign-in stands.
 */
export async function checkSignInDevice(deps: Dependencies, request: FastifyRequest, response: Response) {
  try {
    const answer = (await response.clone().json()) as { user?: { id?: unknown; name?: unknown } } | null;
    const { id, name } = answer?.user ?? {};
    if (typeof id !== 'string' || typeof name !== 'string') return;
    await deps.db.transaction((tx) => noticeSignInDevice(tx, { user: { id, name }, userAgent: request.headers['user-agent'], clientAddress: request.ip }));
  } catch (error) {
    request.log.warn({ err: error }, 'new-device check not stored');
  }
}
