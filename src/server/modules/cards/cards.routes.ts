import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardRequestSchema } from '../../../shared/schemas/banking';
import { cardAnswerSchema, cardCloseAnswerSchema, cardRequestAnswerSchema } from '../../../shared/schemas/banking-answers';
import { declineFields, declineFieldsRefinement } from '../../../shared/schemas/decline';
import { runIdempotent } from '../../lib/idempotency';
import { answerPage, pagedListQuery, statusFilter } from '../../lib/paged-list';
import { requireUser } from '../../plugins/access-guard';
import { approveByBodyRoute } from '../decisions/decision-routes';
import { runStaffDecision, type StaffDecisionDeps } from '../decisions/staff-decision';
import { cardRequestCommandOf, inCardWireNames, toCardAnswer, toCardCloseAnswer, toCardRequestAnswer } from './card-answers';
import { renderCardSvg } from './card-image';
import { listCards, listCardsOfOwner } from './cards.repository';
import { cardRequests, findVisibleCard, requestCard } from './cards.service';

const cardIdBody = z.object({ id: z.uuid('Card request id is not valid') });
/** Declining a waiting request needs a reason (the pipeline checks); cancelling an issued card may carry one. */
const cardDeclineBody = z
  .object({ id: z.uuid('Card request id is not valid'), ...declineFields })
  .loose()
  .superRefine(declineFieldsRefinement);
const cardIdParams = z.object({ id: z.uuid('Card id is not valid') });
const listQuery = pagedListQuery(statusFilter(['pending', 'active', 'declined', 'cancelled']));

export async function cardsRoutes(instance: FastifyInstance, deps: StaffDecisionDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.post('/api/cardsReq', { config: { access: 'customer' }, schema: { body: cardRequestSchema, response: { 200: cardRequestAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const command = cardRequestCommandOf(request.body);
    const requestId = await runIdempotent(db, request, user.id, (tx) => requestCard(tx, user, command)).catch((refusal: unknown) => {
      throw inCardWireNames(refusal);
    });
    return toCardRequestAnswer(requestId);
  });

  app.get('/api/userCards', { config: { access: 'customer' }, schema: { response: { 200: z.array(cardAnswerSchema) } } }, async (request) => {
    return (await listCardsOfOwner(db, requireUser(request).id)).map(toCardAnswer);
  });

  app.get('/api/cardImages/:id', { config: { access: 'customer' }, schema: { params: cardIdParams } }, async (request, reply) => {
    const card = await findVisibleCard(db, requireUser(request), request.params.id);
    if (card.status !== 'active' || !card.lastFour || !card.expiryMonth || !card.expiryYear) {
      return reply.status(404).send({ error: { code: 'not_found', message: 'Card was not found' } });
    }
    reply.header('content-type', 'image/svg+xml; charset=utf-8');
    reply.header('cache-control', 'private, max-age=300');
    return renderCardSvg({ holderName: card.holderName, cardType: card.cardType, lastFour: card.lastFour, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear });
  });

  app.get('/api/dashCardReq', { config: { access: 'staff' }, schema: { querystring: listQuery, response: { 200: z.array(cardAnswerSchema) } } }, async (request, reply) => {
    return answerPage(db, reply, (reader) => listCards(reader, request.query), toCardAnswer);
  });

  approveByBodyRoute(instance, deps, { url: '/api/dashCardDebit', body: cardIdBody, type: cardRequests.debit, inWireNames: inCardWireNames });
  approveByBodyRoute(instance, deps, { url: '/api/dashCardCredit', body: cardIdBody, type: cardRequests.credit, inWireNames: inCardWireNames });

  app.delete('/api/dashCardDelete', { config: { access: 'staff' }, schema: { body: cardDeclineBody, response: { 200: cardCloseAnswerSchema } } }, async (request) => {
    const decision = { kind: 'decline' as const, requestId: request.body.id, reason: request.body.reason, note: request.body.note };
    return runStaffDecision(deps, request, cardRequests.anyType, decision, toCardCloseAnswer);
  });
}
