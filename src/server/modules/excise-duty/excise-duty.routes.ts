import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { poishaToBdtNumber } from '../../../shared/money';
import {
  exciseTableAnswerSchema,
  exciseTableDeclineBody,
  exciseTableIdParams,
  exciseTableProposalSchema,
  exciseTableProposedAnswerSchema,
  exciseSummaryAnswerSchema,
  exciseSummaryYearsMax,
  type ExciseTableAnswer,
} from '../../../shared/schemas/excise-duty';
import { decidedAnswerSchema } from '../../../shared/schemas/staff-queue';
import { toIso } from '../../lib/answer-fields';
import { runIdempotent } from '../../lib/idempotency';
import { answerPage, pagedListQuery, statusFilter } from '../../lib/paged-list';
import { requireUser } from '../../plugins/access-guard';
import { decidedAnswer } from '../decisions/decision-routes';
import { runStaffDecision, type StaffDecisionDeps } from '../decisions/staff-decision';
import { runInSnapshot } from '../../db/snapshot';
import { currentBusinessDate } from '../day-close/day-close';
import { exciseYearTotals, listExciseTables, type ExciseTableRow } from './excise-duty.repository';
import { exciseTableProposals, proposeExciseTable } from './excise-duty.service';

const tableListQuery = pagedListQuery(statusFilter(['pending', 'approved', 'declined']));

const toExciseTableAnswer = (row: ExciseTableRow): ExciseTableAnswer => ({
  _id: row.id,
  effectiveFrom: row.effective_from,
  status: row.status,
  reason: row.reason,
  slabs: row.slabs.map((slab) => ({ upTo: slab.up_to === null ? null : poishaToBdtNumber(BigInt(slab.up_to)), duty: poishaToBdtNumber(BigInt(slab.duty)) })),
  proposedBy: row.proposed_by,
  proposedByUserId: row.proposed_by_user_id,
  proposedAt: toIso(row.proposed_at),
  decidedBy: row.decided_by,
  decidedAt: row.decided_at === null ? null : toIso(row.decided_at),
});

/** The excise duty tables (record 085): staff read them, propose one from a future date, and a second staff member decides it. */
export async function exciseDutyRoutes(instance: FastifyInstance, deps: StaffDecisionDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get('/api/exciseDutyTables', { config: { access: 'staff' }, schema: { querystring: tableListQuery, response: { 200: z.array(exciseTableAnswerSchema) } } }, async (request, reply) => {
    return answerPage(db, reply, (reader) => listExciseTables(reader, request.query), toExciseTableAnswer);
  });

  app.get('/api/exciseDutySummary', { config: { access: 'staff' }, schema: { response: { 200: exciseSummaryAnswerSchema } } }, async () => {
    const bdt = (poisha: string) => poishaToBdtNumber(BigInt(poisha));
    return runInSnapshot(db, async (reader) => ({
      businessDate: await currentBusinessDate(reader),
      years: (await exciseYearTotals(reader, exciseSummaryYearsMax)).map((row) => ({
        year: row.year,
        accounts: row.accounts,
        duty: bdt(row.duty),
        charged: bdt(row.charged),
        collected: bdt(row.collected),
        due: bdt(row.due),
      })),
    }));
  });

  app.post('/api/exciseDutyTables', { config: { access: 'staff' }, schema: { body: exciseTableProposalSchema, response: { 200: exciseTableProposedAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const insertedId = await runIdempotent(db, request, staff.id, (tx) => proposeExciseTable(tx, staff, request.body));
    return { acknowledged: true as const, insertedId };
  });

  app.put('/api/exciseDutyTables/:id/approve', { config: { access: 'staff' }, schema: { params: exciseTableIdParams, response: { 200: decidedAnswerSchema } } }, async (request) => {
    return runStaffDecision(deps, request, exciseTableProposals, { kind: 'approve', requestId: request.params.id }, decidedAnswer);
  });

  app.put(
    '/api/exciseDutyTables/:id/decline',
    { config: { access: 'staff' }, schema: { params: exciseTableIdParams, body: exciseTableDeclineBody, response: { 200: decidedAnswerSchema } } },
    async (request) => {
      return runStaffDecision(deps, request, exciseTableProposals, { kind: 'decline', requestId: request.params.id, note: request.body?.reason }, decidedAnswer);
    },
  );
}
