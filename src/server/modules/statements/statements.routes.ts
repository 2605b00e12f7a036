import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentLanguageSchema, receiptParamsSchema, statementFileSchema, statementRangeAnswerSchema, statementRangePageSchema } from '../../../shared/schemas/statements';
import type { Database } from '../../db/client';
import { privateDownload } from '../../lib/answer-fields';
import { type RateLimiter, ratePolicies } from '../../lib/rate-limiter';
import { requireUser } from '../../plugins/access-guard';
import { statementRangeToCsv } from './statement-range-csv';
import { statementFileOf, statementForRange, transferReceiptFor } from './statements.service';

const accountParams = z.object({ id: z.string().trim().max(32, 'Account number is too long') });

/**
 * Statements for any range of Dhaka calendar days (a page at a time, or whole as CSV or PDF) and
 * a PDF receipt for each transfer. Who may read what is decided by the service: an account's
 * owner or staff for statements, the sender or the receiver for a receipt. The PDF writers are
 * imported with the first PDF asked for: pdfkit, its fonts and its line breaker would otherwise
 * add about a tenth of a second to every start, before the server can answer anything.
 */
export async function statementsRoutes(instance: FastifyInstance, deps: { db: Database; rateLimiter: RateLimiter }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get(
    '/api/accountStatement/:id/range',
    { config: { access: 'customer' }, schema: { params: accountParams, querystring: statementRangePageSchema, response: { 200: statementRangeAnswerSchema } } },
    async (request) => {
      const { from, to, limit, after } = request.query;
      return statementForRange(db, requireUser(request), request.params.id, { from, to }, limit, after === undefined ? undefined : BigInt(after));
    },
  );

  app.get('/api/accountStatement/:id/range/csv', { config: { access: 'customer' }, schema: { params: accountParams, querystring: statementFileSchema } }, async (request, reply) => {
    const user = requireUser(request);
    const { from, to, language = user.language } = request.query;
    const file = await statementFileOf(db, user, request.params.id, { from, to }, language);
    reply.headers({ ...privateDownload, 'content-type': 'text/csv; charset=utf-8' });
    reply.header('content-disposition', `attachment; filename="statement-${file.account.id}-${file.range.from}-to-${file.range.to}.csv"`);
    return statementRangeToCsv(file);
  });

  app.get('/api/accountStatement/:id/range/pdf', { config: { access: 'customer' }, schema: { params: accountParams, querystring: statementFileSchema } }, async (request, reply) => {
    const user = requireUser(request);
    const { from, to, language = user.language } = request.query;
    const file = await statementFileOf(db, user, request.params.id, { from, to }, language);
    await deps.rateLimiter.consume(ratePolicies.pdfDocumentsPerUser, user.id);
    const { statementToPdf } = await import('./statement-pdf');
    const pdf = await statementToPdf(file, language);
    reply.headers({ ...privateDownload, 'content-type': 'application/pdf' });
    reply.header('content-disposition', `attachment; filename="statement-${file.account.id}-${file.range.from}-to-${file.range.to}.pdf"`);
    return reply.send(pdf);
  });

  app.get('/api/transferReceipt/:entryId/pdf', { config: { access: 'customer' }, schema: { params: receiptParamsSchema, querystring: documentLanguageSchema } }, async (request, reply) => {
    const user = requireUser(request);
    const receipt = await transferReceiptFor(db, user, request.params.entryId);
    await deps.rateLimiter.consume(ratePolicies.pdfDocumentsPerUser, user.id);
    const { receiptToPdf } = await import('./receipt-pdf');
    const pdf = await receiptToPdf(receipt, request.query.language ?? user.language);
    reply.headers({ ...privateDownload, 'content-type': 'application/pdf' });
    reply.header('content-disposition', `attachment; filename="receipt-${receipt.reference}.pdf"`);
    return reply.send(pdf);
  });
}
