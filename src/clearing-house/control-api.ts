import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { directoryEntry, rails } from '../shared/bank-directory';
import { parseAmountToPoisha } from '../shared/money';
import type { ClearingSwitch } from './clearing-switch';
import { SwitchRefusal } from './clearing-switch';
import { reasonCodes, type ReasonCode } from './protocol/messages';

const reasonCode = z.enum(Object.keys(reasonCodes) as [ReasonCode, ...ReasonCode[]]);
const railCode = z.enum(rails);
const count = z.number().int().min(1).max(1000).default(1);
const rail = railCode.optional();

const faultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('delay'), ms: z.number().int().min(1).max(120_000), count, rail }),
  z.object({ kind: z.literal('timeout'), count, rail }),
  z.object({ kind: z.literal('reject'), reason: reasonCode, text: z.string().max(140).optional(), count, rail }),
  z.object({
    kind: z.literal('return-later'),
    reason: reasonCode,
    afterSeconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .default(60),
    count,
    rail,
  }),
  z.object({ kind: z.literal('duplicate'), count }),
  z.object({ kind: z.literal('out-of-order'), count, rail }),
]);

const clockSchema = z.union([
  z.object({ at: z.iso.datetime({ offset: true }), frozen: z.boolean().default(false) }),
  z.object({
    advanceMs: z
      .number()
      .int()
      .min(0)
      .max(400 * 24 * 3600 * 1000),
  }),
]);

const inwardSchema = z.object({
  to: z.string().min(1).max(35),
  account: z.string().regex(/^[0-9A-Za-z-]{1,34}$/),
  name: z.string().trim().min(1).max(140),
  amount: z.union([z.string(), z.number()]),
  rail: railCode.default('NPSB'),
  from: z.string().default('DBBL'),
  debtorName: z.string().trim().min(1).max(140).default('Rahim Uddin'),
  debtorAccount: z
    .string()
    .regex(/^[0-9A-Za-z-]{1,34}$/)
    .default('1011100012345'),
  remittanceInformation: z.string().max(140).optional(),
});

function badRequest(error: z.ZodError): { error: 'invalid_request'; field: string; message: string } {
  const issue = error.issues[0]!;
  return { error: 'invalid_request', field: issue.path.join('.') || 'body', message: issue.message };
}

/**
 * Test and development only: moves the clock, arms faults, takes the switch down, injects inward
 * credits, runs a tick and shows the books. Never registered in production mode.
 */
export function registerControlApi(app: FastifyInstance, clearing: ClearingSwitch): void {
  app.post('/control/clock', async (request, reply) => {
    const parsed = clockSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send(badRequest(parsed.error));
    if ('advanceMs' in parsed.data) clearing.clock.advance(parsed.data.advanceMs);
    else clearing.clock.set(new Date(parsed.data.at), parsed.data.frozen);
    return { now: clearing.clock.now().toISOString(), frozen: clearing.clock.frozen };
  });

  app.post('/control/faults', async (request, reply) => {
    const parsed = faultSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send(badRequest(parsed.error));
    clearing.faults.add(parsed.data);
    return { faults: clearing.faults.list() };
  });

  app.delete('/control/faults', async () => {
    clearing.faults.clear();
    return { faults: [] };
  });

  app.post('/control/down', async (request, reply) => {
    const parsed = z.object({ seconds: z.number().min(0).max(3600) }).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send(badRequest(parsed.error));
    clearing.faults.goDown(parsed.data.seconds);
    return { downForSeconds: parsed.data.seconds };
  });

  app.post('/control/inward', async (request, reply) => {
    const parsed = inwardSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send(badRequest(parsed.error));
    const amount = parseAmountToPoisha(parsed.data.amount);
    if (!amount.ok) return reply.code(400).send({ error: 'invalid_request', field: 'amount', message: 'must be a positive amount in BDT with at most two decimals' });
    if (!directoryEntry(parsed.data.from)) return reply.code(400).send({ error: 'invalid_request', field: 'from', message: 'must be a code from the bank directory' });
    try {
      const { amount: _amount, ...rest } = parsed.data;
      return await clearing.injectInward({ ...rest, amountPoisha: amount.poisha, ...(rest.remittanceInformation ? { remittanceInformation: rest.remittanceInformation } : {}) });
    } catch (error) {
      if (error instanceof SwitchRefusal) return reply.code(error.status).send({ error: error.code, message: error.message });
      throw error;
    }
  });

  app.post('/control/tick', async () => {
    await clearing.tick();
    return { now: clearing.clock.now().toISOString(), pendingJobs: await clearing.pendingJobs() };
  });

  app.get('/control/books', async () => {
    const books = await clearing.books();
    return { positions: books.positions, sumPoisha: books.sumPoisha.toString() };
  });

  app.get<{ Params: { participant: string } }>('/control/messages/:participant', async (request) => ({ messages: await clearing.messagesOf(request.params.participant) }));
}
