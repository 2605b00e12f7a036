import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactAcknowledgedSchema, contactMessageListQuerySchema, contactMessageSchema, storedContactMessageListSchema } from '../../../shared/schemas/contact';
import type { Database } from '../../db/client';
import { answerPage } from '../../lib/paged-list';
import { ratePolicies, type RateLimiter } from '../../lib/rate-limiter';
import { toStoredContactMessage } from './contact-answers';
import { pageOfContactMessages } from './contact.repository';
import { storeContactMessage } from './contact.service';

type Dependencies = { db: Database; rateLimiter: RateLimiter };

export async function contactRoutes(instance: FastifyInstance, deps: Dependencies): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** Public: anyone may write to the bank. Only a valid message counts against the allowance. */
  app.post('/api/contact', { config: { access: 'public' }, schema: { body: contactMessageSchema, response: { 200: contactAcknowledgedSchema } } }, async (request) => {
    await deps.rateLimiter.consume(ratePolicies.contactMessagesPerAddress, request.ip);
    const stored = await storeContactMessage(deps.db, request.body, request.ip);
    return { acknowledged: true as const, insertedId: stored.id };
  });

  app.get(
    '/api/contactMessages',
    { config: { access: 'staff' }, schema: { querystring: contactMessageListQuerySchema, response: { 200: storedContactMessageListSchema } } },
    async (request, reply) => {
      return answerPage(deps.db, reply, (reader) => pageOfContactMessages(reader, request.query), toStoredContactMessage);
    },
  );
}
