import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built SPA. Unknown paths answer index.html so the SPA's own routes work, except
 * under /api and /assets: a missing asset must be a 404, not a page (stack-notes, trap 6).
 * The build writes brotli and gzip copies beside each text file (scripts/precompress.ts); the one
 * the browser accepts is sent, with `Vary: Accept-Encoding` so no cache mixes them up, and a file
 * without a smaller copy is sent as it is.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexPath = path.join(webRoot, 'index.html');
  await app.register(fastifyStatic, { root: webRoot, index: false, cacheControl: false, preCompressed: true });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/') && reply.statusCode === 200) reply.header('cache-control', 'public, max-age=31536000, immutable');
    return payload;
  });
  const sendIndex = (reply: FastifyReply) => {
    if (!fs.existsSync(indexPath)) return reply.status(503).type('text/plain').send('The web app is not built yet: run npm run build.');
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };
  app.get('/', (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/assets/') || !isPageRequest) {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route ${request.method} ${pathname}` } });
    }
    return sendIndex(reply);
  });
}
