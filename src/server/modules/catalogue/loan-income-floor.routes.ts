import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatBdt, poishaToBdtNumber } from '../../../shared/money';
import { loanIncomeFloorSchema, loanTypeSlugParams } from '../../../shared/schemas/catalogue';
import { decidedAnswerSchema } from '../../../shared/schemas/staff-queue';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { runIdempotent } from '../../lib/idempotency';
import { requireUser } from '../../plugins/access-guard';
import { decidedAnswer } from '../decisions/decision-routes';
import type { CatalogueSnapshot } from './catalogue-snapshot';
import { replaceLoanIncomeFloor } from './catalogue.repository';

/**
 * Staff set the monthly income a loan type asks of its applicants. The loan request reads the
 * floor from the database inside its own transaction, so a change holds for the next request on
 * every instance; the public catalogue shows it after its next load, which this asks for at once.
 */
export async function loanIncomeFloorRoutes(instance: FastifyInstance, deps: { db: Database; catalogue: CatalogueSnapshot }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/api/loansTypes/:slug/incomeFloor',
    { config: { access: 'staff' }, schema: { params: loanTypeSlugParams, body: loanIncomeFloorSchema, response: { 200: decidedAnswerSchema } } },
    async (request) => {
      const staff = requireUser(request);
      const { slug } = request.params;
      const { monthlyIncomeMin, reason } = request.body;
      const answer = await runIdempotent(deps.db, request, staff.id, async (tx) => {
        const before = await replaceLoanIncomeFloor(tx, slug, monthlyIncomeMin);
        if (before === undefined) throw notFound('Loan type');
        if (before === monthlyIncomeMin) {
          const message = `The floor is ${formatBdt(before)} already: set a different amount`;
          throw new AppError(400, 'invalid_input', message, { monthlyIncomeMin: message });
        }
        await recordAudit(tx, {
          actorUserId: staff.id,
          action: 'loan_income_floor.set',
          subjectType: 'loan_type',
          subjectId: slug,
          detail: { previousFloor: poishaToBdtNumber(before), newFloor: poishaToBdtNumber(monthlyIncomeMin), reason },
        });
        return decidedAnswer();
      });
      await deps.catalogue.load().catch((error: unknown) => request.log.warn({ err: error }, 'catalogue refresh after an income floor change failed'));
      return answer;
    },
  );
}
