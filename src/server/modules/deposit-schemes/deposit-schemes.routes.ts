import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dpsInstalmentStepPoisha } from '../../../shared/interest/savings-scheme';
import {
  dpsAnswerSchema,
  dpsClosedAnswerSchema,
  dpsDetailAnswerSchema,
  dpsEarlyClosureQuoteAnswerSchema,
  dpsListAnswerSchema,
  dpsListEntrySchema,
  dpsOpenSchema,
  dpsProductsAnswerSchema,
  dpsQuoteAnswerSchema,
  dpsQuoteSchema,
  dpsStatuses,
} from '../../../shared/schemas/deposit-schemes';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { keyClaimOf, runClaimed } from '../../lib/idempotency';
import { answerPage, pagedListQuery } from '../../lib/paged-list';
import { requireUser } from '../../plugins/access-guard';
import { openingBusinessDate } from '../fixed-deposits/fixed-deposits.service';
import { closeDpsEarly, dpsDetail, dpsListEntryOf, dpsProductsInForce, earlyClosureQuote, listOwnDps, openDps, pageOfDps, quoteDps, withDefaultedMaturities } from './deposit-schemes.service';

const idParams = z.object({ id: z.string().max(100) });
const keyRequired = 'Idempotency-Key is required: it makes a resent confirmation open or close once';

export async function depositSchemesRoutes(instance: FastifyInstance, deps: { db: Database }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const requiredClaim = (request: Parameters<typeof keyClaimOf>[0], userId: string) => {
    const claim = keyClaimOf(request, userId);
    if (claim === undefined) throw new AppError(400, 'invalid_input', keyRequired, { 'Idempotency-Key': keyRequired });
    return claim;
  };

  app.get('/api/dps/products', { config: { access: 'public' }, schema: { response: { 200: dpsProductsAnswerSchema } } }, async () => {
    const products = await dpsProductsInForce(db, await openingBusinessDate(db));
    // One sheet sets every term's bounds; should terms ever differ, the widest is shown and each opening checks its own term's.
    const lowest = products.reduce((least, product) => (product.instalmentPoishaMin < least ? product.instalmentPoishaMin : least), products[0]?.instalmentPoishaMin ?? 0n);
    const highest = products.reduce((most, product) => (product.instalmentPoishaMax > most ? product.instalmentPoishaMax : most), 0n);
    return {
      products: products.map((product) => ({
        termYears: product.termYears,
        annualRateBasisPoints: Number(product.annualRateBasisPoints),
        earlyRateBasisPoints: Number(product.earlyRateBasisPoints),
        effectiveFrom: product.effectiveFrom,
      })),
      instalmentPoishaMin: lowest.toString(),
      instalmentPoishaMax: highest.toString(),
      instalmentStepPoisha: dpsInstalmentStepPoisha.toString(),
    };
  });

  const staffListQuery = pagedListQuery(z.enum(dpsStatuses, { error: `status must be ${dpsStatuses.join(', ')}` }).optional());
  app.get('/api/staff/dps', { config: { access: 'staff' }, schema: { querystring: staffListQuery, response: { 200: z.array(dpsListEntrySchema) } } }, async (request, reply) => {
    const { status, q, limit, offset } = request.query;
    // As the FDR list: staff see the maturity figure at the 15 % rate, the TIN being the customer's own page's business;
    // a defaulted scheme's is what it will pay, as the customer's pages show it.
    const entries = await answerPage(
      db,
      reply,
      (reader) => pageOfDps(reader, { status, q, limit, offset }),
      (row) => dpsListEntryOf(row, false),
    );
    return withDefaultedMaturities(db, entries, false);
  });

  app.post('/api/dps/quote', { config: { access: 'customer' }, schema: { body: dpsQuoteSchema, response: { 200: dpsQuoteAnswerSchema } } }, async (request) => {
    const { accountId, instalment, termYears, dayOfMonth } = request.body;
    return quoteDps(db, requireUser(request), { accountId, instalment, termYears, dayOfMonth });
  });

  app.post(
    '/api/dps',
    { config: { access: 'customer' }, schema: { body: dpsOpenSchema, response: { 200: z.object({ scheme: dpsAnswerSchema, accountBalancePoisha: z.string() }) } } },
    async (request) => {
      const user = requireUser(request);
      const { accountId, instalment, termYears, dayOfMonth, nomineeName, nomineeId, nomineeRelation } = request.body;
      return runClaimed(db, requiredClaim(request, user.id), (tx) => openDps(tx, user, { accountId, instalment, termYears, dayOfMonth, nomineeName, nomineeId, nomineeRelation }));
    },
  );

  app.get('/api/dps', { config: { access: 'customer' }, schema: { response: { 200: dpsListAnswerSchema } } }, async (request) => ({ schemes: await listOwnDps(db, requireUser(request)) }));

  app.get('/api/dps/:id', { config: { access: 'customer' }, schema: { params: idParams, response: { 200: dpsDetailAnswerSchema } } }, async (request) =>
    dpsDetail(db, requireUser(request), request.params.id),
  );

  app.post('/api/dps/:id/early-closure/quote', { config: { access: 'customer' }, schema: { params: idParams, response: { 200: dpsEarlyClosureQuoteAnswerSchema } } }, async (request) => {
    return (await earlyClosureQuote(db, requireUser(request), request.params.id)).answer;
  });

  app.post('/api/dps/:id/early-closure', { config: { access: 'customer' }, schema: { params: idParams, response: { 200: dpsClosedAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    return runClaimed(db, requiredClaim(request, user.id), (tx) => closeDpsEarly(tx, user, request.params.id));
  });
}
