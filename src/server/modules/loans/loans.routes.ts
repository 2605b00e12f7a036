import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loanRequestSchema, repaymentSchema } from '../../../shared/schemas/banking';
import { loanAnswerSchema, loanListAnswerSchema, loanRequestAnswerSchema, repaymentAnswerSchema } from '../../../shared/schemas/banking-answers';
import { runIdempotent } from '../../lib/idempotency';
import { answerPage, pagedListQuery, statusFilter } from '../../lib/paged-list';
import { requireUser } from '../../plugins/access-guard';
import { approveByBodyRoute, declineByPathRoute } from '../decisions/decision-routes';
import type { StaffDecisionDeps } from '../decisions/staff-decision';
import { inLoanRequestWireNames, inRepaymentWireNames, loanRequestCommandOf, repaymentCommandOf, toLoanAnswer, toLoanRequestAnswer, toRepaymentAnswer } from './loan-answers';
import { listLoans, listLoansOfOwner } from './loans.repository';
import { findVisibleLoan, loanRequests, repayLoan, requestLoan } from './loans.service';

const loanIdParams = z.object({ id: z.uuid('Loan id is not valid') });
const loanIdBody = z.object({ id: z.uuid('Loan id is not valid') });
const ownerQuery = z.object({ email: z.string().max(254).optional() });
const listQuery = pagedListQuery(statusFilter(['pending', 'active', 'repaid', 'declined']));

export async function loansRoutes(instance: FastifyInstance, deps: StaffDecisionDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.post('/api/loanReq', { config: { access: 'customer' }, schema: { body: loanRequestSchema, response: { 200: loanRequestAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const command = loanRequestCommandOf(request.body);
    const requestId = await runIdempotent(db, request, user.id, (tx) => requestLoan(tx, user, command)).catch((refusal: unknown) => {
      throw inLoanRequestWireNames(refusal);
    });
    return toLoanRequestAnswer(requestId);
  });

  app.get('/api/userLoans', { config: { access: 'customer' }, schema: { querystring: ownerQuery, response: { 200: loanListAnswerSchema } } }, async (request) => {
    return (await listLoansOfOwner(db, requireUser(request).id)).map(toLoanAnswer);
  });

  app.get('/api/singleLoanDetails/:id', { config: { access: 'customer' }, schema: { params: loanIdParams, response: { 200: loanAnswerSchema } } }, async (request) => {
    return toLoanAnswer(await findVisibleLoan(db, requireUser(request), request.params.id));
  });

  app.put('/api/lInfoUpdate', { config: { access: 'customer' }, schema: { body: repaymentSchema, response: { 200: repaymentAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const command = repaymentCommandOf(request.body);
    return runIdempotent(db, request, user.id, async (tx) => toRepaymentAnswer(await repayLoan(tx, user, command))).catch((refusal: unknown) => {
      throw inRepaymentWireNames(refusal);
    });
  });

  app.get('/api/userLoanReq', { config: { access: 'staff' }, schema: { querystring: listQuery, response: { 200: loanListAnswerSchema } } }, async (request, reply) => {
    return answerPage(db, reply, (reader) => listLoans(reader, request.query), toLoanAnswer);
  });

  approveByBodyRoute(instance, deps, { url: '/api/userLoanUpdate', body: loanIdBody, type: loanRequests });
  declineByPathRoute(instance, deps, { url: '/api/userLoanDelete/:id', params: loanIdParams, type: loanRequests });
}
