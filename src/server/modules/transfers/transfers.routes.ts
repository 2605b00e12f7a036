import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { poishaToBdtNumber } from '../../../shared/money';
import { transferSchema } from '../../../shared/schemas/banking';
import { writeAnswerSchema } from '../../../shared/schemas/banking-answers';
import type { Database } from '../../db/client';
import { GroupCommit } from '../../lib/group-commit';
import { keyClaimOf } from '../../lib/idempotency';
import type { Metrics } from '../../lib/metrics';
import { requireUser } from '../../plugins/access-guard';
import { type TransferOrder, type TransferResult, transferMany } from './transfers.service';

type TransferAnswer = { acknowledged: true; modifiedCount: number; insertedId: string; amount: number };

const answerOf = (result: TransferResult): TransferAnswer => ({ acknowledged: true, modifiedCount: 2, insertedId: result.entryId, amount: poishaToBdtNumber(result.senderBalancePoisha) });

/** Measured with npm run bench on two cores: two or four batches in flight gave more lock waits and fewer transfers per second than one. */
export const transferBatching = { maxBatch: 64, maxInFlight: 1 };

export async function transfersRoutes(app: FastifyInstance, deps: { db: Database; metrics: Metrics }): Promise<void> {
  const transfers = new GroupCommit<TransferOrder, TransferAnswer>({
    db: deps.db,
    ...transferBatching,
    runMany: async (tx, orders) =>
      (await transferMany(tx, orders)).map((outcome, index) => {
        // Counted as decided: a resent key answered from its stored answer never gets here.
        if ('refused' in outcome) {
          deps.metrics.transferRefused();
          return outcome;
        }
        deps.metrics.transferMoved(poishaToBdtNumber(orders[index]?.input.sendAmount ?? 0n));
        return { done: answerOf(outcome.done) };
      }),
  });

  app.put('/api/userMoneyTrans', { config: { access: 'customer' }, schema: { body: transferSchema, response: { 200: writeAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const input = request.body as z.output<typeof transferSchema>;
    return transfers.submit({ user, input }, keyClaimOf(request, user.id));
  });
}
