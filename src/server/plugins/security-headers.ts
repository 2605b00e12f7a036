import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Scripts only from this origin; styles also allow inline because the toast library injects
 * a <style> element at run time. Images may be data: or blob: URLs for photo previews.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const isApiRequest = (request: FastifyRequest) => (request.routeOptions.url ?? request.url).startsWith('/api/') || request.url.startsWith('/api/');

/**
 * The same headers on every answer, with the request's id so a customer's report can be found
 * in the log. A callback hook with the headers built once: it runs on every answer, including
 * the public reads that must cost next to nothing.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    // The matched route, not the raw address: `/%61pi/userAccount` is routed to /api/userAccount.
    // Asked only when the answer has no cache-control of its own: Fastify builds routeOptions
    // afresh on every read, and the public catalogue reads, which set theirs, skip that.
    if (!reply.hasHeader('cache-control') && isApiRequest(request)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
