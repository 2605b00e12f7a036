import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { poishaToBdtNumber } from '../../../shared/money';
import { transferSchema } from '../../../shared/schemas/banking';
import { type TransferAnswer, transferAnswerSchema } from '../../../shared/schemas/banking-answers';
import type { Database } from '../../db/client';
import { GroupCommit } from '../../lib/group-commit';
import { keyClaimOf } from '../../lib/idempotency';
import type { Metrics } from '../../lib/metrics';
import type { RateLimiter } from '../../lib/rate-limiter';
import { requireUser } from '../../plugins/access-guard';
import type { NoticeExpander } from '../notices/deferred-notices';
import { transferStepUpReason } from './new-receiver-step-up';
import { transferRefusalCounted } from './payee-check';
import { offeredSecondFactorCode, previewStepUp, requireFreshSecondFactor, type SecondFactor } from '../two-factor/second-factor';
import { stepUpCheckAnswerSchema } from '../../../shared/schemas/two-factor';
import { countPreviewOfNewReceiver, transferOperation } from './transfer-step-up';
import { unconfirmedTransferRefusalNow } from './unconfirmed-transfers';
import { inTransferWireNames, toTransferAnswer, transferCommandOf } from './transfer-answers';
import { type TransferOrder, decideTransfers, transferRefusalNow } from './transfers.service';

/**
 * Measured with npm run bench on two cores: two or four batches in flight gave more lock waits and
 * fewer transfers per second than one. 1,024 waiting transfers are 16 batches, about half a second
 * of the bank's rate on that machine: a transfer that would wait longer is refused as busy.
 */
export const transferBatching = { maxBatch: 64, maxInFlight: 1, maxQueued: 1_024 };

export async function transfersRoutes(
  instance: FastifyInstance,
  deps: { db: Database; metrics: Metrics; rateLimiter: RateLimiter; notices: NoticeExpander; secondFactor: SecondFactor },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const transfers = new GroupCommit<TransferOrder, TransferAnswer>({
    db: deps.db,
    ...transferBatching,
    decideMany: async (tx, orders) => {
      const { outcomes, writes } = await decideTransfers(tx, orders);
      return { outcomes: outcomes.map((outcome) => ('done' in outcome ? { done: toTransferAnswer(outcome.done) } : outcome)), writes };
    },
    // Counted once committed: a batch rolled back and decided again counts once, and a resent key
    // answered from its stored answer is not decided at all.
    committed: (orders, outcomes) => {
      deps.notices.kick();
      outcomes.forEach((outcome, index) => {
        if ('refused' in outcome) deps.metrics.transferRefused();
        else deps.metrics.transferMoved(poishaToBdtNumber(orders[index]?.command.amountPoisha ?? 0n));
      });
    },
  });

  app.put('/api/userMoneyTrans', { config: { access: 'customer' }, schema: { body: transferSchema, response: { 200: transferAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const command = transferCommandOf(request.body);
    const order: TransferOrder = { user, command };
    const stepUp = await transferStepUpReason(deps.db, user.id, command);
    // A code offered without being asked for is checked too: it is how the web app resends a
    // transfer the batch refused because the sum sent without codes would pass a threshold.
    try {
      if (stepUp !== undefined || offeredSecondFactorCode(request) !== '') {
        await requireFreshSecondFactor(
          deps.secondFactor,
          request,
          stepUp ?? 'code offered',
          () => transferRefusalNow(deps.db, order),
          () => transferOperation(deps.db, command),
        );
        order.secondFactorConfirmed = true;
      }
      return await transfers.submit(order, keyClaimOf(request, user.id));
    } catch (refusal) {
      throw inTransferWireNames(await transferRefusalCounted(deps, { userId: user.id, address: request.ip }, command.receiverAccountId, refusal));
    }
  });

  // The step-up asked before the confirm step: the transfer's own rules first (a refusal is
  // answered and counted as the transfer's would be), then whether it needs a code and which; an
  // SMS code is sent here, bound to this transfer. Moves nothing.
  app.post('/api/userMoneyTrans/check', { config: { access: 'customer' }, schema: { body: transferSchema, response: { 200: stepUpCheckAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const command = transferCommandOf(request.body);
    const order: TransferOrder = { user, command };
    const enquirer = { userId: user.id, address: request.ip };
    try {
      const refusal = await transferRefusalNow(deps.db, order);
      if (refusal) throw refusal;
      await countPreviewOfNewReceiver(deps, enquirer, command.receiverAccountId);
      const reason = (await transferStepUpReason(deps.db, user.id, command)) ?? ((await unconfirmedTransferRefusalNow(deps.db, order)) ? 'past what may be sent without a code' : undefined);
      return await previewStepUp(deps.secondFactor, request, reason, () => transferOperation(deps.db, command));
    } catch (refusal) {
      throw inTransferWireNames(await transferRefusalCounted(deps, enquirer, command.receiverAccountId, refusal));
    }
  });
}
