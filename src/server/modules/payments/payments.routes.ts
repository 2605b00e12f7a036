import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  paymentAnswerSchema,
  paymentDetailAnswerSchema,
  paymentIdParamsSchema,
  paymentListAnswerSchema,
  paymentListQuerySchema,
  paymentQuoteAnswerSchema,
  type PaymentAnswer,
} from '../../../shared/schemas/payment-answers';
import { paymentQuoteSchema, paymentSchema } from '../../../shared/schemas/payments';
import { stepUpCheckAnswerSchema } from '../../../shared/schemas/two-factor';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { keyClaimOf, keyReusedError, runClaimed, storedOutcomesOf, type KeyClaim } from '../../lib/idempotency';
import { answerPage } from '../../lib/paged-list';
import type { RateLimiter } from '../../lib/rate-limiter';
import { requireUser } from '../../plugins/access-guard';
import { findVisibleAccount } from '../accounts/accounts.service';
import { countNameEnquiry, type Enquirer } from '../name-enquiry/name-enquiry.service';
import { offeredSecondFactorCode, previewStepUp, requireFreshSecondFactor, type SecondFactor } from '../two-factor/second-factor';
import { transferCaps } from '../two-factor/second-factor-rules';
import { countWithoutCode } from '../two-factor/unconfirmed-amounts';
import type { ClearingService } from './clearing-service';
import { inPaymentWireNames, paymentCommandOf, quoteCommandOf, toPaymentAnswer, toPaymentDetailAnswer } from './payment-answers';
import { databaseClock, isLookedUp, paymentOperation, paymentRefusalNow, paymentRulesNow, paymentStepUpReason, quotePayment, receiverOf, type PaymentsClock } from './payment-orders';
import { findOwnPayment, pageOfOwnPayments, paymentHistory } from './payments.repository';
import { sendPayment } from './payments.service';

export type PaymentsDeps = {
  db: Database;
  clearing: ClearingService;
  secondFactor: SecondFactor;
  rateLimiter: RateLimiter;
  /** The bank's time for payments; the database's when not given (tests fix it). */
  paymentsClock?: PaymentsClock | undefined;
};

const idempotencyKeyRequiredMessage = 'Idempotency-Key is required: a payment resent after a lost answer must not be paid twice';

/** A payment's key: required, as the web resends a payment whose answer it lost, and only the key makes that safe. */
function requiredKeyClaim(claim: KeyClaim | undefined): KeyClaim {
  if (claim === undefined) throw new AppError(400, 'invalid_input', idempotencyKeyRequiredMessage, { 'Idempotency-Key': idempotencyKeyRequiredMessage });
  return claim;
}

/**
 * A refusal that tells whether the confirmed name masks the account's holder counts as a name
 * enquiry, as a transfer's does: otherwise a payment's refusals would look names up for free.
 */
async function countedRefusal(rateLimiter: RateLimiter, enquirer: Enquirer, refusal: unknown): Promise<unknown> {
  if (refusal instanceof AppError && refusal.code === 'receiver_mismatch') await countNameEnquiry(rateLimiter, enquirer);
  return inPaymentWireNames(refusal);
}

export async function paymentsRoutes(instance: FastifyInstance, deps: PaymentsDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clearing, secondFactor, rateLimiter } = deps;
  const clock = deps.paymentsClock ?? databaseClock(db);

  // The quote tells the receiver's name (masked): a name enquiry, on the same allowances as one
  // inside the bank, counted before the switch is asked so an unknown number costs the same. At a
  // bank that answers no enquiry nothing is looked up, and the quote tells only the name typed.
  app.post('/api/payments/quote', { config: { access: 'customer' }, schema: { body: paymentQuoteSchema, response: { 200: paymentQuoteAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const command = quoteCommandOf(request.body);
    try {
      if (isLookedUp(command)) await countNameEnquiry(rateLimiter, { userId: user.id, address: request.ip });
      // A quote is for one's own account: another's is not found, as everywhere.
      await findVisibleAccount(db, user, command.accountId);
      const receiver = await receiverOf(clearing, command);
      return await quotePayment(db, user, command, receiver, await paymentRulesNow(db, clock));
    } catch (refusal) {
      throw inPaymentWireNames(refusal);
    }
  });

  // Before the confirm step: the payment's own rules first (its refusal is answered as the
  // payment's would be), then whether it needs a code and which; an SMS code is sent here, bound
  // to this payment. Moves nothing.
  app.post('/api/payments/check', { config: { access: 'customer' }, schema: { body: paymentSchema, response: { 200: stepUpCheckAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const command = paymentCommandOf(request.body);
    const enquirer = { userId: user.id, address: request.ip };
    try {
      const receiver = await receiverOf(clearing, command);
      const refusal = await paymentRefusalNow(db, user, command, receiver, await paymentRulesNow(db, clock));
      if (refusal) throw refusal;
      const reason = await paymentStepUpReason(db, user, command);
      return await previewStepUp(secondFactor, request, reason, () => Promise.resolve(paymentOperation(command, receiver)));
    } catch (refusal) {
      throw await countedRefusal(rateLimiter, enquirer, refusal);
    }
  });

  app.post('/api/payments', { config: { access: 'customer' }, schema: { body: paymentSchema, response: { 200: paymentAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const claim = requiredKeyClaim(keyClaimOf(request, user.id));
    // A resend of a payment already made is answered as the first time, before the switch is
    // asked anything: its answer may be what was lost.
    const [stored] = await storedOutcomesOf(db, [claim]);
    if (stored?.kind === 'answered') return stored.storedAnswer as PaymentAnswer;
    if (stored?.kind === 'reused') throw keyReusedError();
    const command = paymentCommandOf(request.body);
    const enquirer = { userId: user.id, address: request.ip };
    try {
      // The receiver is asked again here: the name the customer confirmed must still be the holder's.
      const receiver = await receiverOf(clearing, command);
      const context = await paymentRulesNow(db, clock);
      const stepUp = await paymentStepUpReason(db, user, command);
      // A code offered without being asked for is checked too, as for a transfer: it is how the
      // web resends a payment refused because the sums sent without a code would pass a cap.
      const confirmed = stepUp !== undefined || offeredSecondFactorCode(request) !== '';
      if (confirmed) {
        await requireFreshSecondFactor(
          secondFactor,
          request,
          stepUp ?? 'code offered',
          () => paymentRefusalNow(db, user, command, receiver, context),
          () => Promise.resolve(paymentOperation(command, receiver)),
        );
      }
      const answer = await runClaimed(db, claim, async (tx) => {
        const payment = await sendPayment(tx, user, command, receiver, context);
        // Money leaving without a code counts against the same sums as transfers without one.
        if (!confirmed) await countWithoutCode(tx, user, transferCaps, command.amountPoisha);
        return toPaymentAnswer(payment);
      });
      clearing.kick();
      return answer;
    } catch (refusal) {
      throw await countedRefusal(rateLimiter, enquirer, refusal);
    }
  });

  app.get('/api/payments', { config: { access: 'customer' }, schema: { querystring: paymentListQuerySchema, response: { 200: paymentListAnswerSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    return answerPage(db, reply, (reader) => pageOfOwnPayments(reader, user.id, request.query), toPaymentAnswer);
  });

  // Another customer's payment is answered exactly as one that does not exist.
  app.get('/api/payments/:id', { config: { access: 'customer' }, schema: { params: paymentIdParamsSchema, response: { 200: paymentDetailAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const payment = await findOwnPayment(db, user.id, request.params.id);
    if (!payment) throw notFound('This payment');
    return toPaymentDetailAnswer(payment, await paymentHistory(db, payment.id));
  });
}
