import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maskHolderName } from '../../../shared/masked-name';
import { nameEnquiryAnswerSchema, nameEnquirySchema, participantEnquiryAnswerSchema } from '../../../shared/schemas/name-enquiry';
import type { Database } from '../../db/client';
import type { RateLimiter } from '../../lib/rate-limiter';
import { requireUser } from '../../plugins/access-guard';
import type { ClearingService } from '../payments/clearing-service';
import { enquiredReceiverOf } from '../payments/payment-orders';
import { thisBankAccounts } from './name-enquiry-source';
import { inNameEnquiryWireNames, toNameEnquiryAnswer } from './name-enquiry-answers';
import { countNameEnquiry, enquireName } from './name-enquiry.service';

/**
 * The customer's name enquiry: a POST, so account numbers stay out of addresses and access logs.
 * With a `participant`, the account is at another bank or wallet and the switch is asked, on the
 * same allowances and counted first, as the payment's quote does (saving such a receiver needs the
 * masked name shown before the customer confirms it).
 */
export async function nameEnquiryRoutes(instance: FastifyInstance, deps: { db: Database; rateLimiter: RateLimiter; clearing: ClearingService }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const source = thisBankAccounts(deps.db);
  const answers = z.union([nameEnquiryAnswerSchema, participantEnquiryAnswerSchema]);
  app.post('/api/nameEnquiry', { config: { access: 'customer' }, schema: { body: nameEnquirySchema, response: { 200: answers } } }, async (request) => {
    const enquirer = { userId: requireUser(request).id, address: request.ip };
    const { accNum, participant } = request.body;
    try {
      if (participant !== undefined) {
        await countNameEnquiry(deps.rateLimiter, enquirer);
        const receiver = await enquiredReceiverOf(deps.clearing, participant, accNum);
        return { accNum, participant, maskedName: maskHolderName(receiver.holderName) };
      }
      return toNameEnquiryAnswer(await enquireName({ source, rateLimiter: deps.rateLimiter }, enquirer, accNum));
    } catch (refusal) {
      throw inNameEnquiryWireNames(refusal);
    }
  });
}
