import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../errors';
import { catalogueAreas } from './catalogue-answers';
import type { CatalogueSnapshot, ReadyAnswer } from './catalogue-snapshot';

/** `Fix-Deposit` and `Fixed-Deposit` are the spec's display words for the `fixed` slug. */
function normaliseAccountSlug(slug: string): string {
  const lowered = slug.toLowerCase();
  return lowered === 'fix-deposit' || lowered === 'fixed-deposit' ? 'fixed' : lowered;
}

const slugParams = z.object({ slug: z.string().max(40, 'Type must be at most 40 characters') });

/** Browsers and proxies may keep a catalogue answer a minute, then ask again with its ETag. */
const catalogueCacheControl = 'public, max-age=60';

/** The ready answer, or 304 when the client already holds exactly it. */
function sendReady(request: FastifyRequest, reply: FastifyReply, answer: ReadyAnswer) {
  reply.header('cache-control', catalogueCacheControl);
  reply.header('etag', answer.etag);
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

export async function catalogueRoutes(app: FastifyInstance, deps: { catalogue: CatalogueSnapshot }): Promise<void> {
  const snapshot = deps.catalogue;
  await snapshot.start((error) => app.log.warn({ err: error }, 'catalogue refresh failed'));
  app.addHook('onClose', async () => snapshot.stop());

  for (const area of catalogueAreas) {
    app.get(area.list, { config: { access: 'public' }, schema: { response: { 200: z.array(area.answer) } } }, async (request, reply) => {
      const answer = await snapshot.list(area.kind);
      if (!answer) throw notFound(area.what);
      return sendReady(request, reply, answer);
    });
    app.get(area.one, { config: { access: 'public' }, schema: { params: slugParams, response: { 200: area.answer } } }, async (request, reply) => {
      const { slug } = request.params as z.infer<typeof slugParams>;
      const answer = await snapshot.one(area.kind, area.kind === 'account' ? normaliseAccountSlug(slug) : slug.toLowerCase());
      if (!answer) throw notFound(area.what);
      return sendReady(request, reply, answer);
    });
  }
}
