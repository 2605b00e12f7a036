import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listPageSizeMax } from '../../../shared/constants';
import { poishaToBdtNumber } from '../../../shared/money';
import { depositRequestSchema } from '../../../shared/schemas/banking';
import { depositAnswerSchema, writeAnswerSchema } from '../../../shared/schemas/banking-answers';
import { deletedCountSchema } from '../../../shared/schemas/users';
import { listOffset } from '../../../shared/schemas/fields';
import type { Database } from '../../db/client';
import { runIdempotent } from '../../lib/idempotency';
import { requireUser } from '../../plugins/access-guard';
import { toIso } from '../accounts/account-answer';
import { listDeposits, listDepositsOfOwner, type DepositRow } from './deposits.repository';
import { approveDeposit, deleteDepositRequest, requestDeposit } from './deposits.service';

const toDepositAnswer = (row: DepositRow) => ({
  _id: row.id,
  accNum: row.bank_account_id,
  email: row.email,
  user: row.holder_name,
  depositAmount: poishaToBdtNumber(BigInt(row.amount_poisha)),
  userAmount: poishaToBdtNumber(BigInt(row.balance_poisha)),
  depStatus: row.status,
  requestedAt: toIso(row.requested_at),
});

const listQuery = z.object({
  status: z.enum(['pending', 'success'], { error: 'status must be pending or success' }).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(listPageSizeMax, `limit must be at most ${listPageSizeMax}`).default(listPageSizeMax),
  offset: listOffset(),
});
const depositIdBody = z.object({ id: z.uuid('Deposit id is not valid') }).loose();
const depositIdParams = z.object({ id: z.uuid('Deposit id is not valid') });

export async function depositsRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  const { db } = deps;

  app.put('/api/depositReq', { config: { access: 'customer' }, schema: { body: depositRequestSchema, response: { 200: writeAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const body = request.body as z.output<typeof depositRequestSchema>;
    const insertedId = await runIdempotent(db, request, user.id, (tx) => requestDeposit(tx, user, body.accNum, body.depositAmount));
    return { acknowledged: true as const, insertedId };
  });

  app.get('/api/myDeposits', { config: { access: 'customer' }, schema: { response: { 200: z.array(depositAnswerSchema) } } }, async (request) => {
    return (await listDepositsOfOwner(db, requireUser(request).id)).map(toDepositAnswer);
  });

  app.get('/api/dashDepoShow', { config: { access: 'staff' }, schema: { querystring: listQuery, response: { 200: z.array(depositAnswerSchema) } } }, async (request, reply) => {
    const { rows, total } = await listDeposits(db, request.query as z.infer<typeof listQuery>);
    reply.header('x-total-count', String(total));
    return rows.map(toDepositAnswer);
  });

  app.put('/api/userDepositUpdate', { config: { access: 'staff' }, schema: { body: depositIdBody, response: { 200: writeAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const { id } = request.body as z.infer<typeof depositIdBody>;
    return runIdempotent(db, request, staff.id, async (tx) => {
      await approveDeposit(tx, staff, id);
      return { acknowledged: true as const, modifiedCount: 1 };
    });
  });

  app.delete('/api/userDepositDelete/:id', { config: { access: 'staff' }, schema: { params: depositIdParams, response: { 200: deletedCountSchema } } }, async (request) => {
    const staff = requireUser(request);
    const { id } = request.params as z.infer<typeof depositIdParams>;
    return runIdempotent(db, request, staff.id, async (tx) => {
      await deleteDepositRequest(tx, staff, id);
      return { deletedCount: 1 };
    });
  });
}
