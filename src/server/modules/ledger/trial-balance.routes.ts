import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dhakaDay } from '../../../shared/dates';
import { trialBalanceAnswerSchema, trialBalanceQuerySchema } from '../../../shared/schemas/trial-balance';
import type { Database } from '../../db/client';
import { RequestValidationError } from '../../errors';
import { trialBalance } from './trial-balance';

/** The bank's general ledger for staff: each of its own accounts and the customers' deposits, as of the end of a day. */
export async function trialBalanceRoutes(instance: FastifyInstance, deps: { db: Database }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/api/trialBalance', { config: { access: 'staff' }, schema: { querystring: trialBalanceQuerySchema, response: { 200: trialBalanceAnswerSchema } } }, async (request) => {
    const today = dhakaDay(new Date());
    const day = request.query.date ?? today;
    // A day not yet ended has no closing balances: today's are the live ones so far.
    if (day > today) throw new RequestValidationError([{ path: ['date'], message: 'Date must not be in the future' }], 'querystring');
    return trialBalance(deps.db, day);
  });
}
