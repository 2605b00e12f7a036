import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountLimitAnswerSchema,
  limitDeclineBody,
  limitProposalAnswerSchema,
  limitProposalIdParams,
  limitProposedAnswerSchema,
  ownAccountLimitParams,
  transferLimitAnswerSchema,
  transferLimitProposalSchema,
} from '../../../shared/schemas/limits';
import { decidedAnswerSchema } from '../../../shared/schemas/staff-queue';
import { runIdempotent } from '../../lib/idempotency';
import { answerPage, pagedListQuery, statusFilter } from '../../lib/paged-list';
import { requireUser } from '../../plugins/access-guard';
import { decidedAnswer } from '../decisions/decision-routes';
import { runStaffDecision, type StaffDecisionDeps } from '../decisions/staff-decision';
import { inLimitWireNames, limitProposalCommandOf, toAccountLimitAnswer, toLimitProposalAnswer, toLimitProposedAnswer, toTransferLimitAnswer } from './limit-answers';
import { listLimitProposals } from './limits.repository';
import { accountLimitsOf, limitProposals, proposeLimitChange } from './limits.service';
import { readTransferLimits } from './transfer-limits';

const proposalListQuery = pagedListQuery(statusFilter(['pending', 'approved', 'declined']));

export async function limitsRoutes(instance: FastifyInstance, deps: StaffDecisionDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get('/api/transferLimits', { config: { access: 'staff' }, schema: { response: { 200: z.array(transferLimitAnswerSchema) } } }, async () => {
    return [...(await readTransferLimits(db)).entries()].map(toTransferLimitAnswer);
  });

  app.get('/api/transferLimits/account/:id', { config: { access: 'customer' }, schema: { params: ownAccountLimitParams, response: { 200: accountLimitAnswerSchema } } }, async (request) => {
    return toAccountLimitAnswer(await accountLimitsOf(db, requireUser(request), request.params.id));
  });

  app.get('/api/transferLimitProposals', { config: { access: 'staff' }, schema: { querystring: proposalListQuery, response: { 200: z.array(limitProposalAnswerSchema) } } }, async (request, reply) => {
    return answerPage(db, reply, (reader) => listLimitProposals(reader, request.query), toLimitProposalAnswer);
  });

  app.post('/api/transferLimitProposals', { config: { access: 'staff' }, schema: { body: transferLimitProposalSchema, response: { 200: limitProposedAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const insertedId = await runIdempotent(db, request, staff.id, (tx) => proposeLimitChange(tx, staff, limitProposalCommandOf(request.body))).catch((refusal: unknown) => {
      throw inLimitWireNames(refusal);
    });
    return toLimitProposedAnswer(insertedId);
  });

  app.put('/api/transferLimitProposals/:id/approve', { config: { access: 'staff' }, schema: { params: limitProposalIdParams, response: { 200: decidedAnswerSchema } } }, async (request) => {
    return runStaffDecision(deps, request, limitProposals, { kind: 'approve', requestId: request.params.id }, decidedAnswer);
  });

  app.put(
    '/api/transferLimitProposals/:id/decline',
    { config: { access: 'staff' }, schema: { params: limitProposalIdParams, body: limitDeclineBody, response: { 200: decidedAnswerSchema } } },
    async (request) => {
      return runStaffDecision(deps, request, limitProposals, { kind: 'decline', requestId: request.params.id, note: request.body?.reason }, decidedAnswer);
    },
  );
}
