import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrailAnswerSchema, auditTrailQuerySchema } from '../../../shared/schemas/audit';
import { accountNumber } from '../../../shared/schemas/banking';
import type { Database } from '../../db/client';
import { answerPage } from '../../lib/paged-list';
import { toAuditEventAnswer } from './audit-answers';
import { pageOfAccountAuditEvents } from './audit.repository';

const accountParams = z.object({ id: accountNumber() });

export async function auditRoutes(instance: FastifyInstance, deps: { db: Database }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /**
   * Staff: who did what to an account and to its cards, loans and deposits, newest first. An
   * account request that was deleted still has its trail, so this answers a list (perhaps
   * empty) for any well-formed account number rather than 404.
   */
  app.get(
    '/api/auditTrail/account/:id',
    { config: { access: 'staff' }, schema: { params: accountParams, querystring: auditTrailQuerySchema, response: { 200: auditTrailAnswerSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      return answerPage(
        deps.db,
        reply,
        (reader) => pageOfAccountAuditEvents(reader, id, request.query),
        (row) => toAuditEventAnswer(row, id),
      );
    },
  );
}
