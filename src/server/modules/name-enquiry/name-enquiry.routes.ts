import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nameEnquiryAnswerSchema, nameEnquirySchema } from '../../../shared/schemas/name-enquiry';
import type { Database } from '../../db/client';
import type { RateLimiter } from '../../lib/rate-limiter';
import { requireUser } from '../../plugins/access-guard';
import { thisBankAccounts } from './name-enquiry-source';
import { inNameEnquiryWireNames, toNameEnquiryAnswer } from './name-enquiry-answers';
import { enquireName } from './name-enquiry.service';

/** The customer's name enquiry: a POST, so account numbers stay out of addresses and access logs. */
export async function nameEnquiryRoutes(instance: FastifyInstance, deps: { db: Database; rateLimiter: RateLimiter }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const source = thisBankAccounts(deps.db);
  app.post('/api/nameEnquiry', { config: { access: 'customer' }, schema: { body: nameEnquirySchema, response: { 200: nameEnquiryAnswerSchema } } }, async (request) => {
    try {
      return toNameEnquiryAnswer(await enquireName({ source, rateLimiter: deps.rateLimiter }, { userId: requireUser(request).id, address: request.ip }, request.body.accNum));
    } catch (refusal) {
      throw inNameEnquiryWireNames(refusal);
    }
  });
}
