import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { termsDeclineBodySchema, termsProposalIdParams, termsProposalStatuses, termsProposedAnswerSchema } from '../../../shared/schemas/interest-terms';
import { productRateProposalAnswerSchema, productRateProposalSchema, productRateSheetsSchema } from '../../../shared/schemas/product-rates';
import { decidedAnswerSchema } from '../../../shared/schemas/staff-queue';
import { runIdempotent } from '../../lib/idempotency';
import { answerPage, pagedListQuery, statusFilter } from '../../lib/paged-list';
import { requireUser } from '../../plugins/access-guard';
import { decidedAnswer } from '../decisions/decision-routes';
import { currentBusinessDate } from '../day-close/day-close';
import { runStaffDecision, type StaffDecisionDeps } from '../decisions/staff-decision';
import { listProductRows, listRateProposals } from './product-rates.repository';
import { proposeRates, rateProposals, toRateProposalAnswer, toRateSheets } from './product-rates.service';

const proposalListQuery = pagedListQuery(statusFilter(termsProposalStatuses));

/**
 * FDR and DPS rates for staff: every sheet with the one in force, proposals of new sheets, and a
 * second member of staff's approval or decline of each, as for interest terms (record 089).
 */
export async function productRatesRoutes(instance: FastifyInstance, deps: StaffDecisionDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get('/api/productRates', { config: { access: 'staff' }, schema: { response: { 200: productRateSheetsSchema } } }, async () => {
    const businessDate = await currentBusinessDate(db);
    return { businessDate, sheets: toRateSheets(await listProductRows(db), businessDate) };
  });

  app.get(
    '/api/productRateProposals',
    { config: { access: 'staff' }, schema: { querystring: proposalListQuery, response: { 200: z.array(productRateProposalAnswerSchema) } } },
    async (request, reply) => answerPage(db, reply, (reader) => listRateProposals(reader, request.query), toRateProposalAnswer),
  );

  app.post('/api/productRateProposals', { config: { access: 'staff' }, schema: { body: productRateProposalSchema, response: { 200: termsProposedAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const insertedId = await runIdempotent(db, request, staff.id, (tx) => proposeRates(tx, staff, request.body));
    return { acknowledged: true as const, insertedId };
  });

  app.put('/api/productRateProposals/:id/approve', { config: { access: 'staff' }, schema: { params: termsProposalIdParams, response: { 200: decidedAnswerSchema } } }, async (request) =>
    runStaffDecision(deps, request, rateProposals, { kind: 'approve', requestId: request.params.id }, decidedAnswer),
  );

  app.put(
    '/api/productRateProposals/:id/decline',
    { config: { access: 'staff' }, schema: { params: termsProposalIdParams, body: termsDeclineBodySchema, response: { 200: decidedAnswerSchema } } },
    async (request) => runStaffDecision(deps, request, rateProposals, { kind: 'decline', requestId: request.params.id, note: request.body.reason }, decidedAnswer),
  );
}
