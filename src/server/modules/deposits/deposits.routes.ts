import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depositRequestSchema } from '../../../shared/schemas/banking';
import { depositListAnswerSchema, depositRequestAnswerSchema } from '../../../shared/schemas/banking-answers';
import { runIdempotent } from '../../lib/idempotency';
import { answerPage, pagedListQuery, statusFilter } from '../../lib/paged-list';
import { requireUser } from '../../plugins/access-guard';
import { approveByBodyRoute, declineByPathRoute } from '../decisions/decision-routes';
import type { StaffDecisionDeps } from '../decisions/staff-decision';
import { depositRequestCommandOf, inDepositWireNames, toDepositAnswer, toDepositRequestAnswer } from './deposit-answers';
import { listDeposits, listDepositsOfOwner } from './deposits.repository';
import { depositRequests, requestDeposit } from './deposits.service';

const listQuery = pagedListQuery(statusFilter(['pending', 'success', 'declined']));
const depositIdBody = z.object({ id: z.uuid('Deposit id is not valid') });
const depositIdParams = z.object({ id: z.uuid('Deposit id is not valid') });

export async function depositsRoutes(instance: FastifyInstance, deps: StaffDecisionDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.put('/api/depositReq', { config: { access: 'customer' }, schema: { body: depositRequestSchema, response: { 200: depositRequestAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const command = depositRequestCommandOf(request.body);
    const deposit = await runIdempotent(db, request, user.id, (tx) => requestDeposit(tx, user, command)).catch((refusal: unknown) => {
      throw inDepositWireNames(refusal);
    });
    return toDepositRequestAnswer(deposit);
  });

  app.get('/api/myDeposits', { config: { access: 'customer' }, schema: { response: { 200: depositListAnswerSchema } } }, async (request) => {
    return (await listDepositsOfOwner(db, requireUser(request).id)).map(toDepositAnswer);
  });

  app.get('/api/dashDepoShow', { config: { access: 'staff' }, schema: { querystring: listQuery, response: { 200: depositListAnswerSchema } } }, async (request, reply) => {
    return answerPage(db, reply, (reader) => listDeposits(reader, request.query), toDepositAnswer);
  });

  approveByBodyRoute(instance, deps, { url: '/api/userDepositUpdate', body: depositIdBody, type: depositRequests });
  declineByPathRoute(instance, deps, { url: '/api/userDepositDelete/:id', params: depositIdParams, type: depositRequests });
}
