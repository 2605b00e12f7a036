import { sql } from 'drizzle-orm';
import type { AccountTypeSlug } from '../../../shared/constants';
import type { Transaction } from '../../db/client';
import type { DeclinedColumns } from '../../lib/answer-fields';
import { requestRepository } from '../decisions/request-repository';

export type CardRow = {
  id: string;
  bank_account_id: string;
  owner_user_id: string;
  account_type: AccountTypeSlug;
  card_type: 'debit' | 'credit';
  status: 'pending' | 'active' | 'declined' | 'cancelled';
  holder_name: string;
  email: string;
  phone: string;
  nid: string;
  last_four: string | null;
  expiry_month: number | null;
  expiry_year: number | null;
  image_url: string | null;
  requested_at: string | Date;
} & DeclinedColumns;

const cardSelect = sql`
  SELECT c.id, c.bank_account_id, c.owner_user_id, b.account_type, c.card_type, c.status, c.holder_name, c.email, c.phone, c.nid,
    c.last_four, c.expiry_month, c.expiry_year, c.image_url, c.requested_at,
    c.declined_reason, c.declined_note, c.declined_at
  FROM card c JOIN bank_account b ON b.id = c.bank_account_id`;

export const { find: findCard, lock: lockCard, listOfOwner: listCardsOfOwner, page: listCards } = requestRepository<CardRow>({ table: 'card', alias: 'c', select: cardSelect });

export async function hasOpenCard(tx: Transaction, accountId: string): Promise<boolean> {
  const result = await tx.execute(sql`SELECT 1 FROM card WHERE bank_account_id = ${accountId} AND status IN ('pending', 'active') LIMIT 1`);
  return result.rows.length > 0;
}

/** The card carries the identity the account was opened with (name, email, phone, NID). */
export async function insertCardRequest(
  tx: Transaction,
  values: { accountId: string; ownerUserId: string; cardType: 'debit' | 'credit' },
): Promise<string> {
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO card (bank_account_id, owner_user_id, card_type, holder_name, email, phone, nid)
    SELECT ${values.accountId}, ${values.ownerUserId}, ${values.cardType}, holder_name, email, phone, nid FROM bank_account WHERE id = ${values.accountId}
    RETURNING id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('card insert returned no id');
  return id;
}

export async function issueCard(tx: Transaction, cardId: string, issue: { lastFour: string; expiryMonth: number; expiryYear: number; imageUrl: string; staffUserId: string }) {
  await tx.execute(sql`
    UPDATE card SET status = 'active', last_four = ${issue.lastFour}, expiry_month = ${issue.expiryMonth}, expiry_year = ${issue.expiryYear},
      image_url = ${issue.imageUrl}, decided_at = now(), decided_by_user_id = ${issue.staffUserId}
    WHERE id = ${cardId}`);
}

/** Cancels an issued card; a waiting request is declined through the decision pipeline instead. */
export async function closeCard(tx: Transaction, cardId: string, status: 'cancelled', staffUserId: string) {
  await tx.execute(sql`UPDATE card SET status = ${status}, decided_at = now(), decided_by_user_id = ${staffUserId} WHERE id = ${cardId}`);
}
