import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statementPageSizeMax } from '../../../shared/constants';
import { accountNumber, accountRequestSchema } from '../../../shared/schemas/banking';
import { accountAnswerSchema, accountListAnswerSchema, accountRequestAnswerSchema, statementAnswerSchema, type AccountAnswer } from '../../../shared/schemas/banking-answers';
import type { Database } from '../../db/client';
import { accountsInterest } from '../interest-terms/account-interest';
import { decidedAnswerSchema } from '../../../shared/schemas/staff-queue';
import { listLimit } from '../../../shared/schemas/fields';
import { runIdempotent } from '../../lib/idempotency';
import { type RateLimiter, ratePolicies } from '../../lib/rate-limiter';
import { answerPage, pagedListQuery, statusFilter } from '../../lib/paged-list';
import { requireUser } from '../../plugins/access-guard';
import { decidedAnswer, declineByPathRoute } from '../decisions/decision-routes';
import { runStaffDecision, type StaffDecisionDeps } from '../decisions/staff-decision';
import { accountRequestCommandOf, inAccountRequestWireNames, toAccountAnswer } from './account-answers';
import { listAccountsOfOwner, pageOfAccounts } from './accounts.repository';
import { AppError } from '../../errors';
import { accountRequests, findVisibleAccountView, requestAccount, statementOf } from './accounts.service';

const statementPageSizeDefault = 50;

/** The customer's own accounts with what each earns: the accounts were already found as the customer's. */
async function withInterest(db: Database, answers: AccountAnswer[]): Promise<AccountAnswer[]> {
  const interest = await accountsInterest(
    db,
    answers.filter((answer) => answer.status === 'success').map((answer) => answer._id),
  );
  return answers.map((answer) => {
    const earned = interest.get(answer._id);
    return earned === undefined ? answer : { ...answer, interest: earned };
  });
}

const accountParams = z.object({ id: z.string().trim().max(32, 'Account number is too long') });
const statementQuery = z.object({
  limit: listLimit(statementPageSizeMax, statementPageSizeDefault),
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'before must be a statement line id')
    .optional(),
});
const accountListQuery = pagedListQuery(statusFilter(['pending', 'active', 'declined']));
/** The first product's client passes the email; the answer is the signed-in user's accounts whatever it asks. */
const ownerQuery = z.object({ email: z.string().max(254).optional() });
const staffAccountParams = z.object({ id: accountNumber() });

export async function accountsRoutes(instance: FastifyInstance, deps: StaffDecisionDeps & { rateLimiter: RateLimiter }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.post('/api/requestedUsers', { config: { access: 'customer' }, schema: { body: accountRequestSchema, response: { 200: accountRequestAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    await deps.rateLimiter.consume(ratePolicies.accountRequestsPerCustomer, user.id);
    const command = accountRequestCommandOf(request.body);
    const id = await runIdempotent(db, request, user.id, (tx) => requestAccount(tx, user, command)).catch((refusal: unknown) => {
      throw inAccountRequestWireNames(refusal);
    });
    return { acknowledged: true as const, insertedId: id };
  });

  app.get('/api/userAccount', { config: { access: 'customer' }, schema: { querystring: ownerQuery, response: { 200: accountListAnswerSchema } } }, async (request) => {
    return withInterest(db, (await listAccountsOfOwner(db, requireUser(request).id)).map(toAccountAnswer));
  });

  app.get('/api/myAccounts/:id', { config: { access: 'customer' }, schema: { params: accountParams, response: { 200: accountListAnswerSchema } } }, async (request) => {
    return withInterest(db, [toAccountAnswer(await findVisibleAccountView(db, requireUser(request), request.params.id))]);
  });

  app.get('/api/singleAccDetails/:id', { config: { access: 'customer' }, schema: { params: accountParams, response: { 200: accountAnswerSchema } } }, async (request) => {
    const [answer] = await withInterest(db, [toAccountAnswer(await findVisibleAccountView(db, requireUser(request), request.params.id))]);
    if (!answer) throw new Error('one account in, one answer out');
    return answer;
  });

  app.get(
    '/api/accountStatement/:id',
    { config: { access: 'customer' }, schema: { params: accountParams, querystring: statementQuery, response: { 200: statementAnswerSchema } } },
    async (request) => {
      const { limit, before } = request.query;
      return statementOf(db, requireUser(request), request.params.id, limit, before === undefined ? undefined : BigInt(before));
    },
  );

  // Retired (decision 047): the whole history cut at a bound is not a statement. The period's
  // CSV replaced it; an old link is told where to go, and the route is left out of the API's document.
  app.get('/api/accountStatement/:id/csv', { config: { access: 'public', retired: true } }, async () => {
    throw new AppError(410, 'retired', 'This download is no longer offered: download the statement of a period as CSV from /api/accountStatement/{id}/range/csv');
  });

  app.get('/api/userAccounts', { config: { access: 'staff' }, schema: { querystring: accountListQuery, response: { 200: accountListAnswerSchema } } }, async (request, reply) => {
    return answerPage(db, reply, (reader) => pageOfAccounts(reader, request.query), toAccountAnswer);
  });

  app.put('/api/userStatusUpdate/:id', { config: { access: 'staff' }, schema: { params: staffAccountParams, response: { 200: decidedAnswerSchema } } }, async (request) => {
    return runStaffDecision(deps, request, accountRequests, { kind: 'approve', requestId: request.params.id }, decidedAnswer);
  });

  declineByPathRoute(instance, deps, { url: '/api/requestedUsersDelete/:id', params: staffAccountParams, type: accountRequests });
}
