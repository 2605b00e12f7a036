import type { z } from 'zod';
import type { cardRequestSchema } from '../../../shared/schemas/banking';
import type { CardAnswer, CardCloseAnswer, CardRequestAnswer } from '../../../shared/schemas/banking-answers';
import { withWireFieldNames } from '../../errors';
import { accountTypeName, declinedAnswer } from '../../lib/answer-fields';
import { spokenStatus } from '../../lib/status-words';
import type { CardRow } from './cards.repository';
import type { CardClosed, CardRequestCommand } from './cards.service';

/**
 * The card routes' wire vocabulary (`docs/wire-names.md`): `accNum` is the customer's account and
 * `card` the card's type, in a request, in an answer and in the field a refusal marks (a staff
 * approval of the wrong type marks `card` too). Nothing behind the routes sees the wire's names.
 */
type CardRequestBody = z.output<typeof cardRequestSchema>;

/** Our name → the wire's, for every field of a card request. */
const wireNameOf: Readonly<Record<keyof CardRequestCommand, keyof CardRequestBody>> = {
  accountId: 'accNum',
  cardType: 'card',
};

export const cardRequestCommandOf = (body: CardRequestBody): CardRequestCommand => ({
  accountId: body.accNum,
  cardType: body.card,
});

/** A card request's or a card approval's refusal, with the fields it marks named as the wire names them. */
export const inCardWireNames = (refusal: unknown): unknown => withWireFieldNames(refusal, wireNameOf);

export const toCardRequestAnswer = (requestId: string): CardRequestAnswer => ({ acknowledged: true, insertedId: requestId });

export const toCardCloseAnswer = (closed: CardClosed): CardCloseAnswer => ({ acknowledged: true, deletedCount: 1, outcome: closed.after });

/** A card as the web's pages read it: only its last four digits, the expiry as MM/YY. */
export const toCardAnswer = (row: CardRow): CardAnswer => ({
  _id: row.id,
  accNum: row.bankAccountId,
  accountType: accountTypeName(row.accountType),
  card: row.cardType,
  status: spokenStatus(row.status),
  name: row.holderName,
  email: row.email,
  phone: row.phone,
  nid: row.nid,
  lastFour: row.lastFour,
  expiry: row.expiryMonth && row.expiryYear ? `${String(row.expiryMonth).padStart(2, '0')}/${String(row.expiryYear % 100).padStart(2, '0')}` : null,
  cards: row.imageUrl,
  requestedAt: row.requestedAt.toISOString(),
  ...declinedAnswer(row),
});
