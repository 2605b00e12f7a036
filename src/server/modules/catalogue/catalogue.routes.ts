import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { languages, type Language } from '../../../shared/language';
import { publicRatesSchema } from '../../../shared/schemas/interest-terms';
import { notFound } from '../../errors';
import { catalogueAreas } from './catalogue-answers';
import type { CatalogueKind } from './catalogue-seed';
import type { AreaAnswers, CatalogueSnapshot, ReadyAnswer } from './catalogue-snapshot';

/** `Fix-Deposit` and `Fixed-Deposit` are the first product's display words for the `fixed` slug (`docs/wire-names.md`). */
function normaliseAccountSlug(slug: string): string {
  const lowered = slug.toLowerCase();
  return lowered === 'fix-deposit' || lowered === 'fixed-deposit' ? 'fixed' : lowered;
}

const slugParams = z.object({ slug: z.string().max(40, 'Type must be at most 40 characters') });
/** `?lang=bn` answers the names, descriptions and features in Bangla; English by default. */
const languageQuery = z.object({ lang: z.enum(languages, { error: 'lang must be en or bn' }).default('en') });

/** Browsers and proxies may keep a catalogue answer a minute, then ask again with its ETag. */
const catalogueCacheControl = 'public, max-age=60';

/** The ready answer, or 304 when the client already holds exactly it. */
function sendReady(request: FastifyRequest, reply: FastifyReply, answer: ReadyAnswer) {
  reply.header('cache-control', catalogueCacheControl);
  reply.header('etag', answer.etag);
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/**
 * Answers from the snapshot in hand, synchronously; only before the first successful load does a
 * request wait for one. `pick` finds the answer among the area's; none is a 404 naming `what`.
 */
function answerFromSnapshot(
  snapshot: CatalogueSnapshot,
  kind: CatalogueKind,
  language: Language,
  what: string,
  pick: (answers: AreaAnswers) => ReadyAnswer | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | Promise<FastifyReply> {
  const send = (answers: AreaAnswers) => {
    const answer = pick(answers);
    if (!answer) throw notFound(what);
    return sendReady(request, reply, answer);
  };
  const loaded = snapshot.loadedNow(kind, language);
  return loaded ? send(loaded) : snapshot.loaded(kind, language).then(send);
}

/** A public answer with no arguments, as `answerFromSnapshot` does for the areas. */
function ratesFromSnapshot(snapshot: CatalogueSnapshot, request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> {
  const loaded = snapshot.ratesNow();
  return loaded ? sendReady(request, reply, loaded) : snapshot.ratesLoaded().then((answer) => sendReady(request, reply, answer));
}

export async function catalogueRoutes(app: FastifyInstance, deps: { catalogue: CatalogueSnapshot }): Promise<void> {
  const snapshot = deps.catalogue;
  // Nothing is read here: the app is built before the migrations have run on a new database, so
  // whoever starts the server starts the refreshes once the tables exist (prepareServer). Until a
  // load has succeeded, a request loads the catalogue itself.
  app.addHook('onClose', async () => snapshot.stop());

  app.get('/api/rates', { config: { access: 'public' }, schema: { response: { 200: publicRatesSchema } } }, (request, reply) => ratesFromSnapshot(snapshot, request, reply));

  for (const area of catalogueAreas) {
    app.get(area.list, { config: { access: 'public' }, schema: { querystring: languageQuery, response: { 200: z.array(area.answer) } } }, (request, reply) => {
      const { lang } = request.query as z.infer<typeof languageQuery>;
      return answerFromSnapshot(snapshot, area.kind, lang, area.what, (answers) => answers.list, request, reply);
    });
    app.get(area.one, { config: { access: 'public' }, schema: { params: slugParams, querystring: languageQuery, response: { 200: area.answer } } }, (request, reply) => {
      const { slug } = request.params as z.infer<typeof slugParams>;
      const { lang } = request.query as z.infer<typeof languageQuery>;
      const key = area.kind === 'account' ? normaliseAccountSlug(slug) : slug.toLowerCase();
      return answerFromSnapshot(snapshot, area.kind, lang, area.what, (answers) => answers.bySlug.get(key), request, reply);
    });
  }
}
