import { sql } from 'drizzle-orm';
import type { AccountTypeSlug } from '../../../shared/constants';
import type { Executor, Transaction } from '../../db/client';

export type SavedReceiverRow = {
  id: string;
  /** null: this bank. */
  participant_code: string | null;
  account_number: string;
  /** null at another bank or wallet. */
  account_type: AccountTypeSlug | null;
  holder_name: string;
  nickname: string | null;
  created_at: string;
};

export type SavedReceiverValues = {
  ownerUserId: string;
  /** null: this bank. */
  participantCode: string | null;
  accountNumber: string;
  accountType: AccountTypeSlug | null;
  holderName: string;
  nickname: string | null | undefined;
};

/**
 * Serialises one customer's saves until the transaction ends, so that counting their receivers and
 * adding one cannot interleave with another save of theirs (the limit holds under parallel
 * requests). A transaction-scoped advisory lock: no row is locked, other customers never wait, and
 * it is released at commit even behind a transaction-mode pooler.
 */
export async function lockReceiversOf(tx: Transaction, ownerUserId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`saved-receiver:${ownerUserId}`}, 0))`);
}

export async function countReceiversOf(tx: Transaction, ownerUserId: string): Promise<number> {
  const result = await tx.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM saved_receiver WHERE owner_user_id = ${ownerUserId}`);
  return Number(result.rows[0]?.count ?? 0);
}

export async function receiverIdOfAccount(tx: Transaction, ownerUserId: string, participantCode: string | null, accountNumber: string): Promise<string | undefined> {
  const result = await tx.execute<{ id: string }>(sql`
    SELECT id FROM saved_receiver WHERE owner_user_id = ${ownerUserId} AND participant_code IS NOT DISTINCT FROM ${participantCode} AND account_number = ${accountNumber}`);
  return result.rows[0]?.id;
}

/**
 * Adds the receiver, or updates the customer's entry for the same account at the same bank or wallet (type and name
 * as now confirmed; the nickname only when one is given). Answers the entry's id and whether it was new.
 */
export async function upsertReceiver(tx: Transaction, values: SavedReceiverValues): Promise<{ id: string; inserted: boolean }> {
  const nicknameGiven = values.nickname !== undefined;
  const result = await tx.execute<{ id: string; inserted: boolean }>(sql`
    INSERT INTO saved_receiver (owner_user_id, participant_code, account_number, account_type, holder_name, nickname)
    VALUES (${values.ownerUserId}, ${values.participantCode}, ${values.accountNumber}, ${values.accountType}, ${values.holderName}, ${values.nickname ?? null})
    ON CONFLICT (owner_user_id, participant_code, account_number) DO UPDATE SET
      account_type = excluded.account_type,
      holder_name = excluded.holder_name,
      nickname = CASE WHEN ${nicknameGiven} THEN excluded.nickname ELSE saved_receiver.nickname END,
      updated_at = now()
    RETURNING id, (xmax = 0) AS inserted`);
  const row = result.rows[0];
  if (!row) throw new Error('saved receiver upsert returned no row');
  return row;
}

/** The customer's receivers, by the name they see first (nickname, else the holder's name as they typed it). */
export async function listReceiversOf(executor: Executor, ownerUserId: string): Promise<SavedReceiverRow[]> {
  const result = await executor.execute<SavedReceiverRow>(sql`
    SELECT id, participant_code, account_number, account_type, holder_name, nickname, created_at FROM saved_receiver
    WHERE owner_user_id = ${ownerUserId}
    ORDER BY lower(coalesce(nickname, holder_name)), id`);
  return result.rows;
}

/** Sets or clears the nickname of one of the customer's receivers; false when they have no such receiver. */
export async function renameReceiver(executor: Executor, ownerUserId: string, id: string, nickname: string | null): Promise<boolean> {
  const result = await executor.execute<{ id: string }>(sql`
    UPDATE saved_receiver SET nickname = ${nickname}, updated_at = now() WHERE id = ${id} AND owner_user_id = ${ownerUserId} RETURNING id`);
  return result.rows.length > 0;
}

export async function deleteReceiver(executor: Executor, ownerUserId: string, id: string): Promise<boolean> {
  const result = await executor.execute<{ id: string }>(sql`DELETE FROM saved_receiver WHERE id = ${id} AND owner_user_id = ${ownerUserId} RETURNING id`);
  return result.rows.length > 0;
}
