import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listPageSizeMax, statementPageSizeMax } from '../../../shared/constants';
import { accountNumber, accountRequestSchema } from '../../../shared/schemas/banking';
import { accountAnswerSchema, statementAnswerSchema, writeAnswerSchema } from '../../../shared/schemas/banking-answers';
import { deletedCountSchema } from '../../../shared/schemas/users';
import { listOffset } from '../../../shared/schemas/fields';
import type { Database } from '../../db/client';
import { runIdempotent } from '../../lib/idempotency';
import { requireUser } from '../../plugins/access-guard';
import { toAccountAnswer } from './account-answer';
import { listAccountsOfOwner, listAllAccounts } from './accounts.repository';
import { statementToCsv } from './statement-csv';
import { approveAccount, deleteAccountRequest, findVisibleAccount, requestAccount, statementOf } from './accounts.service';

const accountParams = z.object({ id: z.string().trim().max(32, 'Account number is too long') });
const statementQuery = z.object({
  limit: z.coerce.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(statementPageSizeMax, `limit must be at most ${statementPageSizeMax}`).default(50),
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'before must be a statement line id')
    .optional(),
});
const accountListQuery = z.object({
  status: z.enum(['pending', 'success'], { error: 'status must be pending or success' }).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(listPageSizeMax, `limit must be at most ${listPageSizeMax}`).default(listPageSizeMax),
  offset: listOffset(),
});
/** The spec's client passes the email; the answer is the signed-in user's accounts whatever it asks. */
const ownerQuery = z.object({ email: z.string().max(254).optional() });

export async function accountsRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  const { db } = deps;

  app.post('/api/requestedUsers', { config: { access: 'customer' }, schema: { body: accountRequestSchema, response: { 200: writeAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const body = request.body as z.output<typeof accountRequestSchema>;
    const id = await runIdempotent(db, request, user.id, (tx) => requestAccount(tx, user, body));
    return { acknowledged: true as const, insertedId: id };
  });

  app.get('/api/userAccount', { config: { access: 'customer' }, schema: { querystring: ownerQuery, response: { 200: z.array(accountAnswerSchema) } } }, async (request) => {
    return (await listAccountsOfOwner(db, requireUser(request).id)).map(toAccountAnswer);
  });

  app.get('/api/myAccounts/:id', { config: { access: 'customer' }, schema: { params: accountParams, response: { 200: z.array(accountAnswerSchema) } } }, async (request) => {
    const { id } = request.params as z.infer<typeof accountParams>;
    return [toAccountAnswer(await findVisibleAccount(db, requireUser(request), id))];
  });

  app.get('/api/singleAccDetails/:id', { config: { access: 'customer' }, schema: { params: accountParams, response: { 200: accountAnswerSchema } } }, async (request) => {
    const { id } = request.params as z.infer<typeof accountParams>;
    return toAccountAnswer(await findVisibleAccount(db, requireUser(request), id));
  });

  app.get(
    '/api/accountStatement/:id',
    { config: { access: 'customer' }, schema: { params: accountParams, querystring: statementQuery, response: { 200: statementAnswerSchema } } },
    async (request) => {
      const { id } = request.params as z.infer<typeof accountParams>;
      const query = request.query as z.infer<typeof statementQuery>;
      return statementOf(db, requireUser(request), id, query.limit, query.before === undefined ? undefined : BigInt(query.before));
    },
  );

  app.get('/api/accountStatement/:id/csv', { config: { access: 'customer' }, schema: { params: accountParams } }, async (request, reply) => {
    const { id } = request.params as z.infer<typeof accountParams>;
    const statement = await statementOf(db, requireUser(request), id, statementPageSizeMax);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="statement-${id}.csv"`);
    return statementToCsv(statement);
  });

  app.get('/api/userAccounts', { config: { access: 'staff' }, schema: { querystring: accountListQuery, response: { 200: z.array(accountAnswerSchema) } } }, async (request, reply) => {
    const query = request.query as z.infer<typeof accountListQuery>;
    const status = query.status === undefined ? undefined : query.status === 'success' ? 'active' : 'pending';
    const { rows, total } = await listAllAccounts(db, { status, limit: query.limit, offset: query.offset });
    reply.header('x-total-count', String(total));
    return rows.map(toAccountAnswer);
  });

  const staffAccountParams = z.object({ id: accountNumber() });
  app.put('/api/userStatusUpdate/:id', { config: { access: 'staff' }, schema: { params: staffAccountParams, response: { 200: writeAnswerSchema } } }, async (request) => {
    const { id } = request.params as z.infer<typeof staffAccountParams>;
    const staff = requireUser(request);
    return runIdempotent(db, request, staff.id, async (tx) => {
      await approveAccount(tx, staff, id);
      return { acknowledged: true as const, modifiedCount: 1 };
    });
  });

  app.delete('/api/requestedUsersDelete/:id', { config: { access: 'staff' }, schema: { params: staffAccountParams, response: { 200: deletedCountSchema } } }, async (request) => {
    const { id } = request.params as z.infer<typeof staffAccountParams>;
    const staff = requireUser(request);
    return runIdempotent(db, request, staff.id, async (tx) => {
      await deleteAccountRequest(tx, staff, id);
      return { deletedCount: 1 };
    });
  });

}
