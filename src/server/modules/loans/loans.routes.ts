import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listPageSizeMax } from '../../../shared/constants';
import { poishaToBdtNumber } from '../../../shared/money';
import { accountTypeDisplayNames, loanRequestSchema, repaymentSchema } from '../../../shared/schemas/banking';
import { loanAnswerSchema, writeAnswerSchema } from '../../../shared/schemas/banking-answers';
import { deletedCountSchema } from '../../../shared/schemas/users';
import { listOffset } from '../../../shared/schemas/fields';
import type { Database } from '../../db/client';
import { runIdempotent } from '../../lib/idempotency';
import { requireUser } from '../../plugins/access-guard';
import { toIso } from '../accounts/account-answer';
import { listLoans, listLoansOfOwner, type LoanRow } from './loans.repository';
import { approveLoan, deleteLoanRequest, findVisibleLoan, repayLoan, requestLoan } from './loans.service';

const bdt = (poisha: string) => poishaToBdtNumber(BigInt(poisha));

/** `status` in the spec's words; a repaid loan stays `success` with nothing outstanding (tLAmount 0). */
export const toLoanAnswer = (row: LoanRow) => ({
  _id: row.id,
  accNum: row.bank_account_id,
  accountType: accountTypeDisplayNames[row.account_type as keyof typeof accountTypeDisplayNames] ?? row.account_type,
  loan: row.loan_type,
  lDuration: String(row.duration_months),
  lAmount: bdt(row.amount_poisha),
  interest: row.interest_percent / 100,
  interestPercent: row.interest_percent,
  totalAmount: bdt(row.total_poisha),
  tLAmount: bdt(row.outstanding_poisha),
  status: row.status === 'pending' ? ('pending' as const) : ('success' as const),
  repaid: row.status === 'repaid',
  income: bdt(row.monthly_income_poisha),
  company: row.company_name,
  evidence: row.evidence,
  passport: row.passport_url,
  name: row.holder_name,
  user: row.holder_name,
  email: row.email,
  phone: row.phone,
  nid: row.nid,
  requestedAt: toIso(row.requested_at),
});

const loanIdParams = z.object({ id: z.uuid('Loan id is not valid') });
const loanIdBody = z.object({ id: z.uuid('Loan id is not valid') }).loose();
const ownerQuery = z.object({ email: z.string().max(254).optional() });
const listQuery = z.object({
  status: z.enum(['pending', 'success', 'repaid'], { error: 'status must be pending, success or repaid' }).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(listPageSizeMax, `limit must be at most ${listPageSizeMax}`).default(listPageSizeMax),
  offset: listOffset(),
});
const storedStatus = { pending: 'pending', success: 'active', repaid: 'repaid' } as const;

export async function loansRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  const { db } = deps;

  app.post('/api/loanReq', { config: { access: 'customer' }, schema: { body: loanRequestSchema, response: { 200: writeAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const body = request.body as z.output<typeof loanRequestSchema>;
    const insertedId = await runIdempotent(db, request, user.id, (tx) => requestLoan(tx, user, body));
    return { acknowledged: true as const, insertedId };
  });

  app.get('/api/userLoans', { config: { access: 'customer' }, schema: { querystring: ownerQuery, response: { 200: z.array(loanAnswerSchema) } } }, async (request) => {
    return (await listLoansOfOwner(db, requireUser(request).id)).map(toLoanAnswer);
  });

  app.get('/api/singleLoanDetails/:id', { config: { access: 'customer' }, schema: { params: loanIdParams, response: { 200: loanAnswerSchema } } }, async (request) => {
    return toLoanAnswer(await findVisibleLoan(db, requireUser(request), (request.params as z.infer<typeof loanIdParams>).id));
  });

  app.put('/api/lInfoUpdate', { config: { access: 'customer' }, schema: { body: repaymentSchema, response: { 200: writeAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const body = request.body as z.output<typeof repaymentSchema>;
    return runIdempotent(db, request, user.id, async (tx) => {
      const result = await repayLoan(tx, user, body);
      return { acknowledged: true as const, modifiedCount: 1, insertedId: result.entryId, tLAmount: poishaToBdtNumber(result.outstandingPoisha), repaid: result.repaid };
    });
  });

  app.get('/api/userLoanReq', { config: { access: 'staff' }, schema: { querystring: listQuery, response: { 200: z.array(loanAnswerSchema) } } }, async (request, reply) => {
    const query = request.query as z.infer<typeof listQuery>;
    const { rows, total } = await listLoans(db, { ...query, status: query.status ? storedStatus[query.status] : undefined });
    reply.header('x-total-count', String(total));
    return rows.map(toLoanAnswer);
  });

  app.put('/api/userLoanUpdate', { config: { access: 'staff' }, schema: { body: loanIdBody, response: { 200: writeAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const { id } = request.body as z.infer<typeof loanIdBody>;
    return runIdempotent(db, request, staff.id, async (tx) => {
      await approveLoan(tx, staff, id);
      return { acknowledged: true as const, modifiedCount: 1 };
    });
  });

  app.delete('/api/userLoanDelete/:id', { config: { access: 'staff' }, schema: { params: loanIdParams, response: { 200: deletedCountSchema } } }, async (request) => {
    const staff = requireUser(request);
    const { id } = request.params as z.infer<typeof loanIdParams>;
    return runIdempotent(db, request, staff.id, async (tx) => {
      await deleteLoanRequest(tx, staff, id);
      return { deletedCount: 1 };
    });
  });
}
