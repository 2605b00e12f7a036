import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  noticeDeclineBodySchema,
  noticeProposalAnswerSchema,
  noticeProposalIdParams,
  noticeProposalStatuses,
  noticeProposedAnswerSchema,
  serviceNoticeAnswerSchema,
  serviceNoticeInputSchema,
} from '../../../shared/schemas/service-notice';
import { decidedAnswerSchema } from '../../../shared/schemas/staff-queue';
import { runIdempotent } from '../../lib/idempotency';
import { answerPage, pagedListQuery, statusFilter } from '../../lib/paged-list';
import { requireUser } from '../../plugins/access-guard';
import { decidedAnswer } from '../decisions/decision-routes';
import { runStaffDecision, type StaffDecisionDeps } from '../decisions/staff-decision';
import { listNoticeProposals, listRecentNotices } from './service-notices.repository';
import { currentNoticesCache, endNotice, noticeProposals, proposeNotice, toNoticeAnswer, toNoticeProposalAnswer } from './service-notices.service';

const noticeParams = z.object({ id: z.uuid('Notice id is not valid') });
const proposalListQuery = pagedListQuery(statusFilter(noticeProposalStatuses));

/**
 * The service banner: the public current notices every page asks for; staff propose a notice,
 * a second member of staff approves or declines it, and any one of them may end a notice early.
 */
export async function serviceNoticesRoutes(instance: FastifyInstance, deps: StaffDecisionDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const cache = currentNoticesCache(db);

  app.get('/api/serviceNotices/current', { config: { access: 'public' }, schema: { response: { 200: z.array(serviceNoticeAnswerSchema) } } }, async (_request, reply) => {
    // Browsers and proxies may reuse it as long as this instance does.
    void reply.header('cache-control', 'public, max-age=5');
    return cache.current();
  });

  app.get('/api/serviceNotices', { config: { access: 'staff' }, schema: { response: { 200: z.array(serviceNoticeAnswerSchema) } } }, async () => {
    return (await listRecentNotices(db)).map(toNoticeAnswer);
  });

  app.post('/api/serviceNotices/:id/end', { config: { access: 'staff' }, schema: { params: noticeParams, response: { 200: serviceNoticeAnswerSchema } } }, async (request) => {
    const notice = await endNotice(db, requireUser(request), request.params.id);
    cache.clear();
    return notice;
  });

  app.get(
    '/api/serviceNoticeProposals',
    { config: { access: 'staff' }, schema: { querystring: proposalListQuery, response: { 200: z.array(noticeProposalAnswerSchema) } } },
    async (request, reply) => {
      return answerPage(db, reply, (reader) => listNoticeProposals(reader, request.query), toNoticeProposalAnswer);
    },
  );

  app.post('/api/serviceNoticeProposals', { config: { access: 'staff' }, schema: { body: serviceNoticeInputSchema, response: { 200: noticeProposedAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const insertedId = await runIdempotent(db, request, staff.id, (tx) => proposeNotice(tx, staff, request.body));
    return { acknowledged: true as const, insertedId };
  });

  app.put('/api/serviceNoticeProposals/:id/approve', { config: { access: 'staff' }, schema: { params: noticeProposalIdParams, response: { 200: decidedAnswerSchema } } }, async (request) => {
    const answer = await runStaffDecision(deps, request, noticeProposals, { kind: 'approve', requestId: request.params.id }, decidedAnswer);
    // This instance shows the notice at once; the others within their cache time.
    cache.clear();
    return answer;
  });

  app.put(
    '/api/serviceNoticeProposals/:id/decline',
    { config: { access: 'staff' }, schema: { params: noticeProposalIdParams, body: noticeDeclineBodySchema, response: { 200: decidedAnswerSchema } } },
    async (request) => runStaffDecision(deps, request, noticeProposals, { kind: 'decline', requestId: request.params.id, note: request.body.reason }, decidedAnswer),
  );
}
