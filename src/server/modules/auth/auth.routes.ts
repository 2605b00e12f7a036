import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loginSchema, registerSchema } from '../../../shared/schemas/auth';
import { imageUrl, personName } from '../../../shared/schemas/fields';
import { schema, type Database } from '../../db/client';
import { AppError, RequestValidationError } from '../../errors';
import { findUnstorableInput } from '../../lib/unstorable-input';
import { ratePolicies, type RateLimiter, type RatePolicy } from '../../lib/rate-limiter';
import type { SessionCache } from '../../lib/session-cache';
import type { SignedInUser } from '../../plugins/access-guard';
import { assertUsableUpload } from '../accounts/accounts.service';
import { claimUpload, findUpload, uploadIdFromUrl } from '../images/images.repository';
import type { AuthLoader } from './auth-loader';
import { clientAddressHeader } from './client-address-header';
import { findPasswordWeakness } from './password-policy';

type Dependencies = { db: Database; auth: AuthLoader; rateLimiter: RateLimiter; publicUrl: string; sessions: SessionCache<SignedInUser> };

const authBodyBytesMax = 16 * 1024;

/**
 * The better-auth endpoints the product uses and that need no rules of ours. Everything else
 * better-auth offers (the admin plugin's set-role, impersonate-user and remove-user, change-email,
 * change-password, …) would bypass the audit trail, the maker-checker rules and the password
 * policy, so it answers 404 like any unknown address; the server calls `auth.api` directly
 * where it needs those powers.
 */
const passThroughEndpoints = new Set(['GET /api/auth/get-session', 'POST /api/auth/sign-out']);

/**
 * better-auth's standard endpoints under /api/auth, with the bank's own rules in front:
 * the shared form schemas, the common-password list and throttling counted in PostgreSQL.
 */
export async function authRoutes(app: FastifyInstance, deps: Dependencies): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    bodyLimit: authBodyBytesMax,
    handler: async (request, reply) => {
      // These bodies reach better-auth without a route schema, so the app's validator never saw them.
      const unstorable = findUnstorableInput(request.body);
      if (unstorable) throw new RequestValidationError([unstorable], 'body');
      const path = request.url.split('?')[0] ?? '';
      if (request.method === 'POST' && path === '/api/auth/sign-up/email') return signUp(request, reply, deps);
      if (request.method === 'POST' && path === '/api/auth/sign-in/email') return signIn(request, reply, deps);
      if (request.method === 'POST' && path === '/api/auth/update-user') return updateUser(request, reply, deps);
      if (!passThroughEndpoints.has(`${request.method} ${path}`)) throw new AppError(404, 'not_found', `No route ${request.method} ${path}`);
      if (path === '/api/auth/sign-out') deps.sessions.forgetCookie(request.headers.cookie);
      const response = await forward(request, deps);
      return relay(response, reply);
    },
  });
}

async function signUp(request: FastifyRequest, reply: FastifyReply, deps: Dependencies) {
  const parsed = registerSchema.safeParse(request.body ?? {});
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues, 'body');
  // Throttled before the strength estimate, which costs real CPU time for each attempt.
  await deps.rateLimiter.consume(ratePolicies.signUpsPerAddress, request.ip);
  const weakness = await findPasswordWeakness(parsed.data.password, { email: parsed.data.email, name: parsed.data.name });
  if (weakness) throw new AppError(400, 'weak_password', weakness, { password: weakness });
  await assertUnclaimedAvatar(deps.db, parsed.data.image);
  const response = await forward(request, deps, parsed.data);
  if (response.ok) {
    const [created] = await deps.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, parsed.data.email));
    if (created) await claimUpload(deps.db, parsed.data.image, created.id);
  }
  return relay(response, reply);
}

async function signIn(request: FastifyRequest, reply: FastifyReply, deps: Dependencies) {
  const parsed = loginSchema.safeParse(request.body ?? {});
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues, 'body');
  const email = parsed.data.email;
  // Every attempt takes a slot in each throttle before the password is checked, so a hundred
  // attempts at once check at most the allowance; only failures keep theirs. The narrowest
  // throttle comes first, so an attacker throttled at their own address uses up nothing wider.
  const throttles: Array<[RatePolicy, string]> = [
    [ratePolicies.failedSignInsPerEmailAndAddress, `${email} ${request.ip}`],
    [ratePolicies.failedSignInsPerAddress, request.ip],
    [ratePolicies.failedSignInsPerEmail, email],
  ];
  const taken: Array<[RatePolicy, string]> = [];
  try {
    for (const [policy, subject] of throttles) {
      await deps.rateLimiter.consume(policy, subject);
      taken.push([policy, subject]);
    }
  } catch (error) {
    // A refused attempt checks no password, so it keeps no slot in the throttles that let it pass.
    for (const [policy, subject] of taken) await deps.rateLimiter.release(policy, subject);
    throw error;
  }
  const response = await forward(request, deps, { ...(request.body as object), email });
  if (response.status !== 401) for (const [policy, subject] of taken) await deps.rateLimiter.release(policy, subject);
  return relay(response, reply);
}

/** A new user's photo must be an avatar sent before sign-up that nobody has claimed. */
async function assertUnclaimedAvatar(db: Database, url: string): Promise<void> {
  const id = uploadIdFromUrl(url);
  const upload = id ? await findUpload(db, id) : undefined;
  if (!upload || upload.ownerUserId !== null || upload.purpose !== 'avatar') {
    const message = 'Profile Photo: upload the image again';
    throw new AppError(400, 'invalid_input', message, { image: message });
  }
}

/** Profile changes follow the registration rules: a real name and a photo that is one of our uploads. */
const updateUserSchema = z.object({ name: personName('Name is required').optional(), image: imageUrl('Profile Photo is required').optional() });

async function updateUser(request: FastifyRequest, reply: FastifyReply, deps: Dependencies) {
  const parsed = updateUserSchema.safeParse(request.body ?? {});
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues, 'body');
  const session = await (await deps.auth()).api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (session && parsed.data.image) {
    const { user } = session;
    await assertUsableUpload(deps.db, parsed.data.image, { id: user.id, email: user.email, name: user.name, image: user.image ?? null, role: user.role ?? 'user' }, 'image', 'Profile Photo');
  }
  const response = await forward(request, deps, parsed.data);
  if (response.ok && session && parsed.data.image) await claimUpload(deps.db, parsed.data.image, session.user.id);
  return relay(response, reply);
}

/** Builds a Fetch request for better-auth; the client address comes from Fastify, never the client. */
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

async function relay(response: Response, reply: FastifyReply) {
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
