import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkApprovalAnswerSchema, bulkApprovalSchema, pendingCountsSchema, type BulkApproval } from '../../../shared/schemas/staff-queue';
import type { Database } from '../../db/client';
import { countWaitingRequests } from '../../lib/list-row-count';
import { accountRequests } from '../accounts/accounts.service';
import { cardRequests } from '../cards/cards.service';
import { depositRequests } from '../deposits/deposits.service';
import { loanRequests } from '../loans/loans.service';
import { approveEach, type ApprovalOfMany } from './staff-decision';
import type { FastifyRequest } from 'fastify';

/** Each kind's request type, as its own approval route uses it (a card of either type). */
function approveEachOfKind(db: Database, request: FastifyRequest, body: BulkApproval): Promise<ApprovalOfMany[]> {
  switch (body.kind) {
    case 'account':
      return approveEach(db, request, accountRequests, body.ids);
    case 'card':
      return approveEach(db, request, cardRequests.anyType, body.ids);
    case 'loan':
      return approveEach(db, request, loanRequests, body.ids);
    case 'deposit':
      return approveEach(db, request, depositRequests, body.ids);
  }
}

/** The staff's queue: how many requests of each kind wait, and approving several of one kind at once. */
export async function staffQueueRoutes(instance: FastifyInstance, deps: { db: Database }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get('/api/pendingCounts', { config: { access: 'staff' }, schema: { response: { 200: pendingCountsSchema } } }, async () => countWaitingRequests(db));

  // Always 200 once the body is valid: the answer says, request by request, what was approved and what was refused and why.
  app.post('/api/bulkApprovals', { config: { access: 'staff' }, schema: { body: bulkApprovalSchema, response: { 200: bulkApprovalAnswerSchema } } }, async (request) => ({
    results: await approveEachOfKind(db, request, request.body),
  }));
}
