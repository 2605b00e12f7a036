import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { poishaToBdtNumber } from '../../../shared/money';
import { transferSchema } from '../../../shared/schemas/banking';
import { writeAnswerSchema } from '../../../shared/schemas/banking-answers';
import type { Database } from '../../db/client';
import { runIdempotent } from '../../lib/idempotency';
import { requireUser } from '../../plugins/access-guard';
import { transferMoney } from './transfers.service';

export async function transfersRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  app.put('/api/userMoneyTrans', { config: { access: 'customer' }, schema: { body: transferSchema, response: { 200: writeAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const body = request.body as z.output<typeof transferSchema>;
    return runIdempotent(deps.db, request, user.id, async (tx) => {
      const result = await transferMoney(tx, user, body);
      return { acknowledged: true as const, modifiedCount: 2, insertedId: result.entryId, amount: poishaToBdtNumber(result.senderBalancePoisha) };
    });
  });
}
