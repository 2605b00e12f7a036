import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declineFields, declineFieldsRefinement } from '../../../shared/schemas/decline';
import { decidedAnswerSchema, type DecidedAnswer } from '../../../shared/schemas/staff-queue';
import { deletedCountSchema } from '../../../shared/schemas/users';
import { runStaffDecision, type DecisionRecord, type RequestRow, type RequestType, type StaffDecisionDeps } from './staff-decision';

/** A request named by the `id` of a path or a body: an account number or a UUID, each with its own message. */
type IdSchema = z.ZodObject<{ id: z.ZodType<string> }>;

/** The answer to a decision that changed its one record (`decidedAnswerSchema`). */
export const decidedAnswer = (): DecidedAnswer => ({ acknowledged: true, modifiedCount: 1 });

/**
 * The body of a decline by path: the reason from the shared list and an optional note. The first
 * product's client sent none (`docs/wire-names.md`); a decline without a reason is refused by the
 * pipeline (400 `reason`).
 */
const declineBody = z.object(declineFields).superRefine(declineFieldsRefinement).nullish();

/**
 * `PUT url` with `{ id }` in the body (the first product's client sends more, which is ignored;
 * `docs/wire-names.md`): approves, answering `modifiedCount: 1`. `inWireNames` renames the fields a
 * refusal marks back to the wire's, for a type whose approval can refuse a field.
 */
export function approveByBodyRoute<Row extends RequestRow>(
  instance: FastifyInstance,
  deps: StaffDecisionDeps,
  route: { url: string; body: IdSchema; type: RequestType<Row, DecisionRecord, DecisionRecord>; inWireNames?: (refusal: unknown) => unknown },
): void {
  const inWireNames = route.inWireNames ?? ((refusal: unknown) => refusal);
  instance.withTypeProvider<ZodTypeProvider>().put(route.url, { config: { access: 'staff' }, schema: { body: route.body.loose(), response: { 200: decidedAnswerSchema } } }, async (request) =>
    runStaffDecision(deps, request, route.type, { kind: 'approve', requestId: request.body.id }, decidedAnswer).catch((refusal: unknown) => {
      throw inWireNames(refusal);
    }),
  );
}

/** `DELETE url/:id`, with the staff member's reason in the body: declines (the row stays, `declined`), answering the first product's `deletedCount: 1`. */
export function declineByPathRoute<Row extends RequestRow>(
  instance: FastifyInstance,
  deps: StaffDecisionDeps,
  route: { url: string; params: IdSchema; type: RequestType<Row, DecisionRecord, DecisionRecord> },
): void {
  instance
    .withTypeProvider<ZodTypeProvider>()
    .delete(route.url, { config: { access: 'staff' }, schema: { params: route.params, body: declineBody, response: { 200: deletedCountSchema } } }, async (request) => {
      const decision = { kind: 'decline' as const, requestId: request.params.id, reason: request.body?.reason, note: request.body?.note };
      return runStaffDecision(deps, request, route.type, decision, () => ({ deletedCount: 1 }));
    });
}
