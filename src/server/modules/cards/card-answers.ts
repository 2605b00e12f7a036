import type { CardAnswer } from '../../../shared/schemas/banking-answers';
import { accountTypeName, declinedAnswer } from '../../lib/answer-fields';
import { spokenStatus } from '../../lib/status-words';
import type { CardRow } from './cards.repository';

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
