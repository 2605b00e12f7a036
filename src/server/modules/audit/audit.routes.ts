import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditTrailAnswerSchema, auditTrailQuerySchema, type AuditTrailQuery } from '../../../shared/schemas/audit';
import { accountNumber } from '../../../shared/schemas/banking';
import type { Database } from '../../db/client';
import { accountAuditTrail } from './audit.service';

const accountParams = z.object({ id: accountNumber() });

export async function auditRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  /**
   * Staff: who did what to an account and to its cards, loans and deposits, newest first. An
   * account request that was deleted still has its trail, so this answers a list (perhaps
   * empty) for any well-formed account number rather than 404.
   */
  app.get(
    '/api/auditTrail/account/:id',
    { config: { access: 'staff' }, schema: { params: accountParams, querystring: auditTrailQuerySchema, response: { 200: auditTrailAnswerSchema } } },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof accountParams>;
      const { events, total } = await accountAuditTrail(deps.db, id, request.query as AuditTrailQuery);
      reply.header('x-total-count', String(total));
      return events;
    },
  );
}
