import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountTypeSchema, cardTypeSchema, loanTypeSchema } from '../../../shared/schemas/catalogue';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import type { CatalogueKind } from './catalogue-seed';
import { findCatalogueEntry, listCatalogue, type CatalogueRow } from './catalogue.repository';

/** `Fix-Deposit` and `Fixed-Deposit` are the spec's display words for the `fixed` slug. */
function normaliseAccountSlug(slug: string): string {
  const lowered = slug.toLowerCase();
  return lowered === 'fix-deposit' || lowered === 'fixed-deposit' ? 'fixed' : lowered;
}

const toAccountType = (row: CatalogueRow) => ({
  _id: row.id,
  accountType: row.slug,
  name: row.name,
  img: row.imagePath,
  Description: row.description,
  facilities: row.features,
});
const toCardType = (row: CatalogueRow) => ({ _id: row.id, cardType: row.slug, name: row.name, img: row.imagePath, description: row.description, rules: row.features });
const toLoanType = (row: CatalogueRow) => ({ _id: row.id, loanType: row.slug, name: row.name, img: row.imagePath, description: row.description, rules: row.features });

const slugParams = z.object({ slug: z.string().max(40, 'Type must be at most 40 characters') });

export async function catalogueRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  const areas: Array<{ kind: CatalogueKind; list: string; one: string; what: string; answer: z.ZodType; map: (row: CatalogueRow) => unknown }> = [
    { kind: 'account', list: '/api/accountsTypes', one: '/api/accounts/:slug', what: 'Account type', answer: accountTypeSchema, map: toAccountType },
    { kind: 'card', list: '/api/cardsTypes', one: '/api/cards/:slug', what: 'Card type', answer: cardTypeSchema, map: toCardType },
    { kind: 'loan', list: '/api/loansTypes', one: '/api/loans/:slug', what: 'Loan type', answer: loanTypeSchema, map: toLoanType },
  ];
  for (const area of areas) {
    app.get(area.list, { config: { access: 'public' }, schema: { response: { 200: z.array(area.answer) } } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return (await listCatalogue(deps.db, area.kind)).map(area.map);
    });
    app.get(area.one, { config: { access: 'public' }, schema: { params: slugParams, response: { 200: area.answer } } }, async (request, reply) => {
      const { slug } = request.params as z.infer<typeof slugParams>;
      const row = await findCatalogueEntry(deps.db, area.kind, area.kind === 'account' ? normaliseAccountSlug(slug) : slug.toLowerCase());
      if (!row) throw notFound(area.what);
      reply.header('cache-control', 'public, max-age=60');
      return area.map(row);
    });
  }
}
