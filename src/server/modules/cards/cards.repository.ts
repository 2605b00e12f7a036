import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { CardTypeSlug } from '../../../shared/constants';
import { schema, type Executor, type Transaction } from '../../db/client';
import { requestRepository } from '../decisions/request-repository';

/** A card request with its account's type. */
const cardSelect = (executor: Executor) =>
  executor
    .select({ ...getTableColumns(schema.card), accountType: schema.bankAccount.accountType })
    .from(schema.card)
    .innerJoin(schema.bankAccount, eq(schema.bankAccount.id, schema.card.bankAccountId))
    .$dynamic();

export type CardRow = Awaited<ReturnType<typeof cardSelect>>[number];

export const { find: findCard, lock: lockCard, listOfOwner: listCardsOfOwner, page: listCards } = requestRepository({ name: 'card', table: schema.card, select: cardSelect });

export async function hasOpenCard(tx: Transaction, accountId: string): Promise<boolean> {
  const result = await tx.execute(sql`SELECT 1 FROM card WHERE bank_account_id = ${accountId} AND status IN ('pending', 'active') LIMIT 1`);
  return result.rows.length > 0;
}

/** The card carries the identity the account was opened with (name, email, phone, NID). */
export async function insertCardRequest(tx: Transaction, values: { accountId: string; ownerUserId: string; cardType: CardTypeSlug }): Promise<string> {
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
