import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { monthlyInstalmentPoisha, repaymentSchedule } from '../../../shared/loan';
import { poishaToBdtNumber } from '../../../shared/money';
import { loanScheduleAnswerSchema } from '../../../shared/schemas/banking-answers';
import type { Database } from '../../db/client';
import { requireUser } from '../../plugins/access-guard';
import { findVisibleLoan } from './loans.service';

const loanIdParams = z.object({ id: z.uuid('Loan id is not valid') });

/**
 * A loan's repayment schedule, read-only: the instalments come from the stored total and
 * outstanding amounts, so the page shows the server's poisha, never its own arithmetic. The
 * owner and staff see it; anyone else gets the 404 of a missing loan.
 */
export async function loanScheduleRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  app.get('/api/loanSchedule/:id', { config: { access: 'customer' }, schema: { params: loanIdParams, response: { 200: loanScheduleAnswerSchema } } }, async (request) => {
    const loan = await findVisibleLoan(deps.db, requireUser(request), (request.params as z.infer<typeof loanIdParams>).id);
    const { totalPoisha, outstandingPoisha, durationMonths } = loan;
    const instalments = repaymentSchedule(totalPoisha, outstandingPoisha, durationMonths);
    return {
      loanId: loan.id,
      months: durationMonths,
      monthlyInstalment: poishaToBdtNumber(monthlyInstalmentPoisha(totalPoisha, durationMonths)),
      totalAmount: poishaToBdtNumber(totalPoisha),
      outstanding: poishaToBdtNumber(outstandingPoisha),
      instalments: instalments.map((instalment) => ({
        number: instalment.number,
        amount: poishaToBdtNumber(instalment.amountPoisha),
        state: instalment.state,
        remainingAfter: poishaToBdtNumber(instalment.remainingAfterPoisha),
      })),
    };
  });
}
