import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  paymentRepairDeclineBody,
  paymentRepairFiledAnswerSchema,
  paymentRepairListAnswerSchema,
  paymentRepairParams,
  paymentRepairSchema,
  breakExplanationSchema,
  reconciliationBreakAnswerSchema,
  reconciliationBreakParamsSchema,
  reconciliationRanAnswerSchema,
  reconciliationRunSchema,
  reconciliationsAnswerSchema,
  staffPaymentDetailAnswerSchema,
  staffPaymentListAnswerSchema,
  staffPaymentListQuery,
  staffPaymentParams,
} from '../../../shared/schemas/payment-operations';
import { decidedAnswerSchema } from '../../../shared/schemas/staff-queue';
import { runInSnapshot } from '../../db/snapshot';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { runIdempotent } from '../../lib/idempotency';
import { answerPage } from '../../lib/paged-list';
import { requireUser } from '../../plugins/access-guard';
import { decidedAnswer } from '../decisions/decision-routes';
import { runStaffDecision, type StaffDecisionDeps } from '../decisions/staff-decision';
import type { ClearingService } from './clearing-service';
import { toBreakAnswer, toInwardAnswer, toOutwardAnswer, toRepairAnswer, toRunAnswer } from './payment-operations-answers';
import { findOutwardPayment, listRepairs, pageInwardPayments, pageOutwardPayments, paymentMessages } from './payment-operations.repository';
import { fileRepair, paymentRepairs } from './payment-repairs';
import { paymentHistory } from './payments.repository';
import { dhakaDayOf, runReconciliation } from './reconciliation';
import { breakById, breaksOfRun, explainBreak, latestRuns, lockBreak, openBreaks } from './reconciliation.repository';

/** The staff's payments operations (record 072): the lists, one payment's evidence, reconciliation, and repairs a second member of staff approves. */
export async function paymentOperationsRoutes(instance: FastifyInstance, deps: StaffDecisionDeps & { clearing: ClearingService }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clearing } = deps;
  const staffOnly = { access: 'staff' } as const;

  app.get('/api/staff/payments', { config: staffOnly, schema: { querystring: staffPaymentListQuery, response: { 200: staffPaymentListAnswerSchema } } }, async (request, reply) => {
    const { direction, rail, status, stuck, limit, offset } = request.query;
    // The query's schema has refused a status or `stuck` of the other direction; these only narrow the type.
    if (direction === 'in') {
      const inwardStatus = status === 'credited' || status === 'refused' ? status : undefined;
      return answerPage(db, reply, (reader) => pageInwardPayments(reader, { rail, status: inwardStatus, limit, offset }), toInwardAnswer);
    }
    const outwardStatus = status === 'credited' || status === 'refused' ? undefined : status;
    return answerPage(db, reply, (reader) => pageOutwardPayments(reader, { rail, status: outwardStatus, stuck: stuck === undefined ? undefined : stuck === 'true', limit, offset }), toOutwardAnswer);
  });

  app.get('/api/staff/payments/:id', { config: staffOnly, schema: { params: staffPaymentParams, response: { 200: staffPaymentDetailAnswerSchema } } }, async (request) => {
    return runInSnapshot(db, async (reader) => {
      const found = await findOutwardPayment(reader, request.params.id);
      if (!found) throw notFound('Payment');
      const [events, messages, repairs] = [await paymentHistory(reader, found.payment.id), await paymentMessages(reader, found.payment.id), await listRepairs(reader, { paymentId: found.payment.id })];
      return {
        payment: toOutwardAnswer(found),
        events: events.map((event) => ({ status: event.status, reasonCode: event.reasonCode, messageId: event.messageId, at: event.at.toISOString() })),
        messages: messages.map((message) => ({ ...message, at: message.at.toISOString() })),
        repairs: repairs.map(toRepairAnswer),
      };
    });
  });

  app.post(
    '/api/staff/payments/:id/repairs',
    { config: staffOnly, schema: { params: staffPaymentParams, body: paymentRepairSchema, response: { 200: paymentRepairFiledAnswerSchema } } },
    async (request) => {
      const staff = requireUser(request);
      const insertedId = await runIdempotent(db, request, staff.id, (tx) => fileRepair(tx, staff, request.params.id, request.body));
      return { acknowledged: true as const, insertedId };
    },
  );

  app.get('/api/staff/payment-repairs', { config: staffOnly, schema: { response: { 200: paymentRepairListAnswerSchema } } }, async () => {
    return (await listRepairs(db, { status: 'pending' })).map(toRepairAnswer);
  });

  app.put('/api/staff/payment-repairs/:id/approve', { config: staffOnly, schema: { params: paymentRepairParams, response: { 200: decidedAnswerSchema } } }, async (request) => {
    const answer = await runStaffDecision(deps, request, paymentRepairs, { kind: 'approve', requestId: request.params.id }, decidedAnswer);
    // A re-enquiry is due now: the outbox asks at once rather than at its next round.
    clearing.kick();
    return answer;
  });

  app.put(
    '/api/staff/payment-repairs/:id/decline',
    { config: staffOnly, schema: { params: paymentRepairParams, body: paymentRepairDeclineBody, response: { 200: decidedAnswerSchema } } },
    async (request) => runStaffDecision(deps, request, paymentRepairs, { kind: 'decline', requestId: request.params.id, note: request.body?.reason }, decidedAnswer),
  );

  app.get('/api/staff/reconciliations', { config: staffOnly, schema: { response: { 200: reconciliationsAnswerSchema } } }, async () => {
    return runInSnapshot(db, async (reader) => {
      const runs = await latestRuns(reader);
      const latest = runs[0];
      return {
        runs: runs.map(toRunAnswer),
        latestBreaks: latest ? (await breaksOfRun(reader, latest.id)).map(toBreakAnswer) : [],
        openBreaks: (await openBreaks(reader)).map(toBreakAnswer),
      };
    });
  });

  app.post('/api/staff/reconciliations', { config: staffOnly, schema: { body: reconciliationRunSchema, response: { 200: reconciliationRanAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const given = request.body;
    const period = given?.from && given.to ? { from: new Date(given.from), to: new Date(given.to) } : dhakaDayOf(new Date());
    const run = await runReconciliation(db, clearing.client, period, staff.id);
    return { run: toRunAnswer(run), breaks: (await breaksOfRun(db, run.id)).map(toBreakAnswer) };
  });

  // A break staff looked into: what they found and what was done (a repair filed, the switch's
  // late statement), by one member of staff, audited. It moves no money, so it needs no second
  // approver; a repair that does is filed on its own.
  app.post(
    '/api/staff/reconciliation-breaks/:id/explanation',
    { config: staffOnly, schema: { params: reconciliationBreakParamsSchema, body: breakExplanationSchema, response: { 200: reconciliationBreakAnswerSchema } } },
    async (request) => {
      const staff = requireUser(request);
      const id = BigInt(request.params.id);
      await db.transaction(async (tx) => {
        const found = await lockBreak(tx, id);
        if (!found) throw notFound('This break');
        if (found.state !== 'open') throw conflict('break_not_open', `This break is ${found.state} already: only an open break is explained`);
        await explainBreak(tx, id, { text: request.body.explanation, byUserId: staff.id });
        await recordAudit(tx, {
          actorUserId: staff.id,
          action: 'reconciliation.break_explained',
          subjectType: 'reconciliation_break',
          subjectId: id.toString(),
          before: 'open',
          after: 'explained',
          detail: { runId: found.runId, messageId: found.messageId, kind: found.kind },
        });
      });
      const [explained] = await breakById(db, id);
      if (!explained) throw notFound('This break');
      return toBreakAnswer(explained);
    },
  );
}
