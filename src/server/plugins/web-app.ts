import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sessionCookieIn } from '../modules/auth/session-cookie';

/** Written by the build (scripts/prerender.ts): address → page whose first screen is already in the HTML. */
const firstScreenListFile = 'first-screen.json';

/**
 * The pre-rendered pages by lower-cased address, as the router matches addresses regardless of
 * case (`/login` is `/logIn`). Empty when the build wrote none.
 */
function readFirstScreens(webRoot: string): Map<string, string> {
  const listPath = path.join(webRoot, firstScreenListFile);
  if (!fs.existsSync(listPath)) return new Map();
  const list = JSON.parse(fs.readFileSync(listPath, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(list).map(([address, file]) => [address.toLowerCase(), file]));
}

/**
 * Serves the built SPA. Unknown paths answer index.html so the SPA's own routes work, except
 * under /api and /assets: a missing asset must be a 404, not a page, or a stale script's
 * request gets HTML back and the browser fails on it with a confusing syntax error.
 * The build writes brotli and gzip copies beside each text file (scripts/precompress.ts); the one
 * the browser accepts is sent, with `Vary: Accept-Encoding` so no cache mixes them up, and a file
 * without a smaller copy is sent as it is.
 *
 * A public page the build pre-rendered is answered with its first screen already in the HTML, as
 * a visitor who is not signed in sees it. A browser that holds a session cookie gets the empty
 * shell instead: the signed-out menu in that HTML would be wrong for it until the app had run.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexPath = path.join(webRoot, 'index.html');
  const firstScreens = readFirstScreens(webRoot);
  await app.register(fastifyStatic, { root: webRoot, index: false, cacheControl: false, preCompressed: true });
  // A callback hook: it runs on every answer, the API's included, and an async one would cost
  // each of them a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/assets/') && reply.statusCode === 200) reply.header('cache-control', 'public, max-age=31536000, immutable');
    done(null, payload);
  });
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!fs.existsSync(indexPath)) return reply.status(503).type('text/plain').send('The web app is not built yet: run npm run build.');
    reply.header('cache-control', 'no-cache');
    const pathname = (request.url.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1').toLowerCase();
    const firstScreen = firstScreens.get(pathname);
    if (firstScreen === undefined) return reply.sendFile('index.html');
    // Who asks decides which of the two documents this address answers.
    reply.header('vary', 'Cookie');
    return reply.sendFile(sessionCookieIn(request.headers.cookie) ? 'index.html' : firstScreen);
  };
  app.get('/', (request, reply) => sendIndex(request, reply));
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/assets/') || !isPageRequest) {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route ${request.method} ${pathname}` } });
    }
    return sendIndex(request, reply);
  });
}
