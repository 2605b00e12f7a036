import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountNumber } from '../../../shared/schemas/banking';
import { taxCertificateQuerySchema } from '../../../shared/schemas/excise-duty';
import type { Database } from '../../db/client';
import { privateDownload } from '../../lib/answer-fields';
import { type RateLimiter, ratePolicies } from '../../lib/rate-limiter';
import { requireUser } from '../../plugins/access-guard';
import { taxCertificateOf } from './tax-certificate.service';

const accountParams = z.object({ id: accountNumber() });

/** A customer's tax certificate of one of their accounts for a calendar year, as a PDF (record 085). */
export async function taxCertificateRoutes(instance: FastifyInstance, deps: { db: Database; rateLimiter: RateLimiter }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get('/api/accountStatement/:id/tax-certificate', { config: { access: 'customer' }, schema: { params: accountParams, querystring: taxCertificateQuerySchema } }, async (request, reply) => {
    const user = requireUser(request);
    const certificate = await taxCertificateOf(db, user, request.params.id, request.query.year);
    await deps.rateLimiter.consume(ratePolicies.pdfDocumentsPerUser, user.id);
    // The PDF library is loaded on the first paper asked for, not at start-up.
    const { taxCertificateToPdf } = await import('./tax-certificate-pdf');
    const pdf = await taxCertificateToPdf(certificate, request.query.language ?? user.language);
    reply.headers({ ...privateDownload, 'content-type': 'application/pdf' });
    reply.header('content-disposition', `attachment; filename="tax-certificate-${certificate.year}-${certificate.accountId}.pdf"`);
    return reply.send(pdf);
  });
}
