import type { CardAnswer } from '../../../shared/schemas/banking-answers';
import { accountTypeName, declinedAnswer, toIso } from '../../lib/answer-fields';
import { spokenStatus } from '../../lib/status-words';
import type { CardRow } from './cards.repository';

/** A card as the web's pages read it: only its last four digits, the expiry as MM/YY. */
export const toCardAnswer = (row: CardRow): CardAnswer => ({
  _id: row.id,
  accNum: row.bank_account_id,
  accountType: accountTypeName(row.account_type),
  card: row.card_type,
  status: spokenStatus(row.status),
  name: row.holder_name,
  email: row.email,
  phone: row.phone,
  nid: row.nid,
  lastFour: row.last_four,
  expiry: row.expiry_month && row.expiry_year ? `${String(row.expiry_month).padStart(2, '0')}/${String(row.expiry_year % 100).padStart(2, '0')}` : null,
  cards: row.image_url,
  requestedAt: toIso(row.requested_at),
  ...declinedAnswer(row),
});
