import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listPageSizeMax } from '../../../shared/constants';
import { cardRequestSchema } from '../../../shared/schemas/banking';
import { accountTypeDisplayNames } from '../../../shared/schemas/banking';
import { cardAnswerSchema, writeAnswerSchema } from '../../../shared/schemas/banking-answers';
import { listOffset } from '../../../shared/schemas/fields';
import type { Database } from '../../db/client';
import { runIdempotent } from '../../lib/idempotency';
import { requireUser } from '../../plugins/access-guard';
import { toIso } from '../accounts/account-answer';
import { renderCardSvg } from './card-image';
import { listCards, listCardsOfOwner, type CardRow } from './cards.repository';
import { approveCard, deleteCard, findVisibleCard, requestCard } from './cards.service';

const statusWord = { pending: 'pending', active: 'success', declined: 'declined', cancelled: 'cancelled' } as const;

const toCardAnswer = (row: CardRow) => ({
  _id: row.id,
  accNum: row.bank_account_id,
  accountType: accountTypeDisplayNames[row.account_type as keyof typeof accountTypeDisplayNames] ?? row.account_type,
  card: row.card_type,
  status: statusWord[row.status],
  name: row.holder_name,
  email: row.email,
  phone: row.phone,
  nid: row.nid,
  lastFour: row.last_four,
  expiry: row.expiry_month && row.expiry_year ? `${String(row.expiry_month).padStart(2, '0')}/${String(row.expiry_year % 100).padStart(2, '0')}` : null,
  cards: row.image_url,
  requestedAt: toIso(row.requested_at),
});

const cardIdBody = z.object({ id: z.uuid('Card request id is not valid') }).loose();
const cardIdParams = z.object({ id: z.uuid('Card id is not valid') });
const listQuery = z.object({
  status: z.enum(['pending', 'success', 'declined', 'cancelled'], { error: 'status must be pending, success, declined or cancelled' }).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(listPageSizeMax, `limit must be at most ${listPageSizeMax}`).default(listPageSizeMax),
  offset: listOffset(),
});
const storedStatus = { pending: 'pending', success: 'active', declined: 'declined', cancelled: 'cancelled' } as const;

export async function cardsRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  const { db } = deps;

  app.post('/api/cardsReq', { config: { access: 'customer' }, schema: { body: cardRequestSchema, response: { 200: writeAnswerSchema } } }, async (request) => {
    const user = requireUser(request);
    const body = request.body as z.output<typeof cardRequestSchema>;
    const insertedId = await runIdempotent(db, request, user.id, (tx) => requestCard(tx, user, body.accNum, body.card));
    return { acknowledged: true as const, insertedId };
  });

  app.get('/api/userCards', { config: { access: 'customer' }, schema: { response: { 200: z.array(cardAnswerSchema) } } }, async (request) => {
    return (await listCardsOfOwner(db, requireUser(request).id)).map(toCardAnswer);
  });

  app.get('/api/cardImages/:id', { config: { access: 'customer' }, schema: { params: cardIdParams } }, async (request, reply) => {
    const card = await findVisibleCard(db, requireUser(request), (request.params as z.infer<typeof cardIdParams>).id);
    if (card.status !== 'active' || !card.last_four || !card.expiry_month || !card.expiry_year) {
      return reply.status(404).send({ error: { code: 'not_found', message: 'Card was not found' } });
    }
    reply.header('content-type', 'image/svg+xml; charset=utf-8');
    reply.header('cache-control', 'private, max-age=300');
    return renderCardSvg({ holderName: card.holder_name, cardType: card.card_type, lastFour: card.last_four, expiryMonth: card.expiry_month, expiryYear: card.expiry_year });
  });

  app.get('/api/dashCardReq', { config: { access: 'staff' }, schema: { querystring: listQuery, response: { 200: z.array(cardAnswerSchema) } } }, async (request, reply) => {
    const query = request.query as z.infer<typeof listQuery>;
    const { rows, total } = await listCards(db, { ...query, status: query.status ? storedStatus[query.status] : undefined });
    reply.header('x-total-count', String(total));
    return rows.map(toCardAnswer);
  });

  for (const [url, cardType] of [['/api/dashCardDebit', 'debit'], ['/api/dashCardCredit', 'credit']] as const) {
    app.put(url, { config: { access: 'staff' }, schema: { body: cardIdBody, response: { 200: writeAnswerSchema } } }, async (request) => {
      const staff = requireUser(request);
      const { id } = request.body as z.infer<typeof cardIdBody>;
      return runIdempotent(db, request, staff.id, async (tx) => {
        await approveCard(tx, staff, id, cardType);
        return { acknowledged: true as const, modifiedCount: 1 };
      });
    });
  }

  app.delete('/api/dashCardDelete', { config: { access: 'staff' }, schema: { body: cardIdBody, response: { 200: writeAnswerSchema } } }, async (request) => {
    const staff = requireUser(request);
    const { id } = request.body as z.infer<typeof cardIdBody>;
    return runIdempotent(db, request, staff.id, async (tx) => {
      const outcome = await deleteCard(tx, staff, id);
      return { acknowledged: true as const, deletedCount: 1, outcome };
    });
  });
}
