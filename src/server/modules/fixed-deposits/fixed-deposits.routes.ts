import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fdrStatuses,
  fdrAnswerSchema,
  fdrEncashedAnswerSchema,
  fdrEncashmentQuoteAnswerSchema,
  fdrInstructionSchema,
  fdrListAnswerSchema,
  fdrOpenSchema,
  fdrProductsAnswerSchema,
  fdrQuoteAnswerSchema,
  fdrQuoteSchema,
} from '../../../shared/schemas/fixed-deposits';
import { documentLanguageSchema } from '../../../shared/schemas/statements';
import type { Database } from '../../db/client';
import { privateDownload } from '../../lib/answer-fields';
import { type RateLimiter, ratePolicies } from '../../lib/rate-limiter';
import { AppError } from '../../errors';
import { keyClaimOf, runClaimed } from '../../lib/idempotency';
import { answerPage, pagedListQuery } from '../../lib/paged-list';
import { requireUser } from '../../plugins/access-guard';
import {
  changeInstruction,
  encashFdr,
  encashmentQuote,
  fdrAnswerOf,
  findOwnFdr,
  hasTinOf,
  listOwnFdrs,
  openFdr,
  pageOfFdrs,
  openingBusinessDate,
  productsInForce,
  quoteFdr,
} from './fixed-deposits.service';

const idParams = z.object({ id: z.string().max(100) });
const keyRequired = 'Idempotency-Key is required: it makes a resent confirmation open or encash once';

export async function fixedDepositsRoutes(instance: FastifyInstance, deps: { db: Database; rateLimiter: RateLimiter }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  /** A money-moving confirm is done at most once per key: the web sends one per confirmation. */
  const requiredClaim = (request: Parameters<typeof keyClaimOf>[0], userId: string) => {
    const claim = keyClaimOf(request, userId);
    if (claim === undefined) throw new AppError(400, 'invalid_input', keyRequired, { 'Idempotency-Key': keyRequired });
    return claim;
  };

  app.get('/api/fdr/products', { config: { access: 'public' }, schema: { response: { 200: fdrProductsAnswerSchema } } }, async () => {
    const products = await productsInForce(db, await openingBusinessDate(db));
    return {
      products: products.map((product) => ({
        termMonths: product.termMonths,
        annualRateBasisPoints: Number(product.annualRateBasisPoints),
        prematureRateBasisPoints: Number(product.prematureRateBasisPoints),
        principalPoishaMin: product.principalPoishaMin.toString(),
        effectiveFrom: product.effectiveFrom,
      })),
    };
  });

  // Every customer's FDRs for staff, paged and searched like the other staff lists; the total in X-Total-Count.
  const staffListQuery = pagedListQuery(z.enum(fdrStatuses, { error: `status must be ${fdrStatuses.join(', ')}` }).optional());
  app.get('/api/staff/fdr', { config: { access: 'staff' }, schema: { querystring: staffListQuery, response: { 200: z.array(fdrAnswerSchema) } } }, async (request, reply) => {
    const { status, q, limit, offset } = request.query;
    // Staff see what each pays at maturity at the 15 % rate, the TIN being the customer's own page's business.
    return answerPage(
      db,
      reply,
      (reader) => pageOfFdrs(reader, { status, q, limit, offset }),
      (row) => fdrAnswerOf(row, false),
    );
  });

  app.post('/api/fdr/quote', { config: { access: 'customer' }, schema: { body: fdrQuoteSchema, response: { 200: fdrQuoteAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    return quoteFdr(db, user, { accountId: request.body.accountId, amount: request.body.amount, termMonths: request.body.termMonths });
  });

  app.post(
    '/api/fdr',
    { config: { access: 'customer' }, schema: { body: fdrOpenSchema, response: { 200: z.object({ deposit: fdrAnswerSchema, accountBalancePoisha: z.string() }) } } },
    async (request) => {
      const user = requireUser(request);
      const { body } = request;
      return runClaimed(db, requiredClaim(request, user.id), (tx) =>
        openFdr(tx, user, {
          accountId: body.accountId,
          amount: body.amount,
          termMonths: body.termMonths,
          instruction: body.instruction,
          nomineeName: body.nomineeName,
          nomineeId: body.nomineeId,
          nomineeRelation: body.nomineeRelation,
        }),
      );
    },
  );

  app.get('/api/fdr', { config: { access: 'customer' }, schema: { response: { 200: fdrListAnswerSchema } } }, async (request) => ({ deposits: await listOwnFdrs(db, requireUser(request)) }));

  app.get('/api/fdr/:id', { config: { access: 'customer' }, schema: { params: idParams, response: { 200: fdrAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    return fdrAnswerOf(await findOwnFdr(db, user, request.params.id), await hasTinOf(db, user.id));
  });

  app.get('/api/fdr/:id/certificate', { config: { access: 'customer' }, schema: { params: idParams, querystring: documentLanguageSchema } }, async (request, reply) => {
    const user = requireUser(request);
    const deposit = fdrAnswerOf(await findOwnFdr(db, user, request.params.id), await hasTinOf(db, user.id));
    await deps.rateLimiter.consume(ratePolicies.pdfDocumentsPerUser, user.id);
    const { fdrCertificateToPdf } = await import('./fdr-certificate-pdf');
    const pdf = await fdrCertificateToPdf(deposit, request.query.language ?? user.language);
    reply.headers({ ...privateDownload, 'content-type': 'application/pdf' });
    reply.header('content-disposition', `attachment; filename="fdr-${deposit.reference}.pdf"`);
    return reply.send(pdf);
  });

  app.put('/api/fdr/:id/instruction', { config: { access: 'customer' }, schema: { params: idParams, body: fdrInstructionSchema, response: { 200: fdrAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    return db.transaction((tx) => changeInstruction(tx, user, request.params.id, request.body.instruction));
  });

  app.post('/api/fdr/:id/encashment/quote', { config: { access: 'customer' }, schema: { params: idParams, response: { 200: fdrEncashmentQuoteAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    return (await encashmentQuote(db, user, request.params.id)).answer;
  });

  app.post('/api/fdr/:id/encashment', { config: { access: 'customer' }, schema: { params: idParams, response: { 200: fdrEncashedAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    return runClaimed(db, requiredClaim(request, user.id), (tx) => encashFdr(tx, user, request.params.id));
  });
}
