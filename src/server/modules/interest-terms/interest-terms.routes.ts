import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  interestTermsListSchema,
  interestTermsProposalSchema,
  termsDeclineBodySchema,
  termsProposalAnswerSchema,
  termsProposalIdParams,
  termsProposalStatuses,
  termsProposedAnswerSchema,
} from '../../../shared/schemas/interest-terms';
import { decidedAnswerSchema } from '../../../shared/schemas/staff-queue';
import { runIdempotent } from '../../lib/idempotency';
import { answerPage, pagedListQuery, statusFilter } from '../../lib/paged-list';
import { requireUser } from '../../plugins/access-guard';
import { decidedAnswer } from '../decisions/decision-routes';
import { currentBusinessDate } from '../day-close/day-close';
import { runStaffDecision, type StaffDecisionDeps } from '../decisions/staff-decision';
import { listTermsProposals, listTermsVersions } from './interest-terms.repository';
import { proposeTerms, termsProposals, toTermsAnswers, toTermsProposalAnswer } from './interest-terms.service';

const proposalListQuery = pagedListQuery(statusFilter(termsProposalStatuses));

/**
 * Interest terms for staff: every version with the one in force, proposals of new terms, and a
 * second member of staff's approval or decline of each. `onTermsChanged` lets the public rates
 * follow an approval on this instance at once.
 */
export async function interestTermsRoutes(instance: FastifyInstance, deps: StaffDecisionDeps & { onTermsChanged?: () => void }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get('/api/interestTerms', { config: { access: 'staff' }, schema: { response: { 200: interestTermsListSchema } } }, async () => {
    const businessDate = await currentBusinessDate(db);
    return { businessDate, versions: toTermsAnswers(await listTermsVersions(db), businessDate) };
  });

  app.get('/api/interestTermsProposals', { config: { access: 'staff' }, schema: { querystring: proposalListQuery, response: { 200: z.array(termsProposalAnswerSchema) } } }, async (request, reply) =>
    answerPage(db, reply, (reader) => listTermsProposals(reader, request.query), toTermsProposalAnswer),
  );

  app.post('/api/interestTermsProposals', { config: { access: 'staff' }, schema: { body: interestTermsProposalSchema, response: { 200: termsProposedAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const insertedId = await runIdempotent(db, request, staff.id, (tx) => proposeTerms(tx, staff, request.body));
    return { acknowledged: true as const, insertedId };
  });

  app.put('/api/interestTermsProposals/:id/approve', { config: { access: 'staff' }, schema: { params: termsProposalIdParams, response: { 200: decidedAnswerSchema } } }, async (request) => {
    const answer = await runStaffDecision(deps, request, termsProposals, { kind: 'approve', requestId: request.params.id }, decidedAnswer);
    deps.onTermsChanged?.();
    return answer;
  });

  app.put(
    '/api/interestTermsProposals/:id/decline',
    { config: { access: 'staff' }, schema: { params: termsProposalIdParams, body: termsDeclineBodySchema, response: { 200: decidedAnswerSchema } } },
    async (request) => runStaffDecision(deps, request, termsProposals, { kind: 'decline', requestId: request.params.id, note: request.body.reason }, decidedAnswer),
  );
}
