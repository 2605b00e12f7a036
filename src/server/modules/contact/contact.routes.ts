import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  contactAcknowledgedSchema,
  contactMessageListQuerySchema,
  contactMessageSchema,
  storedContactMessageListSchema,
  type ContactMessage,
} from '../../../shared/schemas/contact';
import type { Database } from '../../db/client';
import { ratePolicies, type RateLimiter } from '../../lib/rate-limiter';
import { listContactMessagesForStaff, storeContactMessage } from './contact.service';

type Dependencies = { db: Database; rateLimiter: RateLimiter };

export async function contactRoutes(app: FastifyInstance, deps: Dependencies): Promise<void> {
  /** Public: anyone may write to the bank. Only a valid message counts against the allowance. */
  app.post(
    '/api/contact',
    { config: { access: 'public' }, schema: { body: contactMessageSchema, response: { 200: contactAcknowledgedSchema } } },
    async (request) => {
      await deps.rateLimiter.consume(ratePolicies.contactMessagesPerAddress, request.ip);
      const stored = await storeContactMessage(deps.db, request.body as ContactMessage, request.ip);
      return { acknowledged: true as const, insertedId: stored.id };
    },
  );

  app.get(
    '/api/contactMessages',
    { config: { access: 'staff' }, schema: { querystring: contactMessageListQuerySchema, response: { 200: storedContactMessageListSchema } } },
    async (request, reply) => {
      const { messages, total } = await listContactMessagesForStaff(deps.db, request.query as z.infer<typeof contactMessageListQuerySchema>);
      // The list stays a JSON array, as every list the web app reads; its size travels in a header.
      reply.header('x-total-count', String(total));
      return messages;
    },
  );
}
