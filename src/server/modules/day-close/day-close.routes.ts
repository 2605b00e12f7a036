import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dayCloseAnswerSchema, dayCloseDeclinedAnswerSchema, dayCloseRanAnswerSchema, dayCloseRunAnswerSchema, dayCloseRunParams } from '../../../shared/schemas/day-close';
import { runInSnapshot } from '../../db/snapshot';
import { notFound } from '../../errors';
import { runIdempotent } from '../../lib/idempotency';
import { requireUser } from '../../plugins/access-guard';
import { runStaffDecision, type StaffDecisionDeps } from '../decisions/staff-decision';
import type { Database } from '../../db/database';
import { currentBusinessDate } from './day-close';
import { findRun } from './day-close.repository';
import { dayCloseOverview, dayCloseRuns, requestDayCloseRun, runApprovedClose, toRunAnswer } from './day-close-runs';

/**
 * The staff's view of the day close (record 086): the business date, its steps, the recent closed
 * dates; and a run one member of staff asks for and a second approves.
 */
export async function dayCloseRoutes(instance: FastifyInstance, deps: StaffDecisionDeps & { batchDb: Database }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const staffOnly = { access: 'staff' } as const;

  app.get('/api/staff/day-close', { config: staffOnly, schema: { response: { 200: dayCloseAnswerSchema } } }, async () => runInSnapshot(db, dayCloseOverview));

  app.post('/api/staff/day-close/runs', { config: staffOnly, schema: { response: { 200: dayCloseRunAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const id = await runIdempotent(db, request, staff.id, (tx) => requestDayCloseRun(tx, staff));
    const run = await findRun(db, id);
    if (!run) throw notFound('Day close run');
    return toRunAnswer(run);
  });

  app.put('/api/staff/day-close/runs/:id/approve', { config: staffOnly, schema: { params: dayCloseRunParams, response: { 200: dayCloseRanAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    // The approval commits first: a second approval at the same time finds it decided and runs nothing.
    await runStaffDecision(deps, request, dayCloseRuns, { kind: 'approve', requestId: request.params.id }, () => null);
    await runApprovedClose(deps.batchDb, request.params.id, staff);
    const run = await findRun(db, request.params.id);
    if (!run) throw notFound('Day close run');
    return { run: toRunAnswer(run), businessDate: await currentBusinessDate(db) };
  });

  app.put('/api/staff/day-close/runs/:id/decline', { config: staffOnly, schema: { params: dayCloseRunParams, response: { 200: dayCloseDeclinedAnswerSchema } } }, async (request) => {
    await runStaffDecision(deps, request, dayCloseRuns, { kind: 'decline', requestId: request.params.id }, () => null);
    const run = await findRun(db, request.params.id);
    if (!run) throw notFound('Day close run');
    return { run: toRunAnswer(run) };
  });
}
