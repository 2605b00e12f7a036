import { eq, lt } from 'drizzle-orm';
import { signatureFreshnessMs } from '../../../clearing-house/protocol/signature';
import { schema, type Executor, type Transaction } from '../../db/client';

/**
 * The clearing house's nonces are kept twice the signature's freshness window: a message signed
 * longer ago is refused as stale anyway, so an older nonce can never be replayed and is dropped.
 */
export const clearingNonceKeptMs = 2 * signatureFreshnessMs;

/** Records a nonce the clearing house signed with; false when it was seen before (a replay). */
export async function rememberClearingNonce(executor: Executor, sender: string, nonce: string): Promise<boolean> {
  const inserted = await executor.insert(schema.clearingNonce).values({ sender, nonce }).onConflictDoNothing().returning({ nonce: schema.clearingNonce.nonce });
  return inserted.length === 1;
}

/** Drops the nonces too old to be replayed (see `clearingNonceKeptMs`); how many went. */
export async function deleteOldClearingNonces(executor: Executor, now = new Date()): Promise<number> {
  const deleted = await executor
    .delete(schema.clearingNonce)
    .where(lt(schema.clearingNonce.seenAt, new Date(now.getTime() - clearingNonceKeptMs)))
    .returning({ nonce: schema.clearingNonce.nonce });
  return deleted.length;
}

/**
 * Claims a delivered message for this transaction. `first`: nobody had it, and this transaction
 * decides it. Otherwise it was decided before (or by a delivery committed while this one waited on
 * the key), and `answerXml` is what the first decision answered.
 */
export async function claimInboxMessage(tx: Transaction, messageId: string, messageType: string): Promise<{ first: true } | { first: false; answerXml: string | null }> {
  const inserted = await tx.insert(schema.clearingInbox).values({ messageId, messageType }).onConflictDoNothing().returning({ messageId: schema.clearingInbox.messageId });
  if (inserted.length === 1) return { first: true };
  const [existing] = await tx.select({ answerXml: schema.clearingInbox.answerXml }).from(schema.clearingInbox).where(eq(schema.clearingInbox.messageId, messageId));
  return { first: false, answerXml: existing?.answerXml ?? null };
}

/**
 * Whether staff have disabled this customer, read with a key-share lock so that the customer
 * cannot be disabled between this read and the credit it allows.
 */
export async function isOwnerDisabled(tx: Transaction, userId: string): Promise<boolean> {
  const [row] = await tx.select({ banned: schema.user.banned }).from(schema.user).where(eq(schema.user.id, userId)).for('key share');
  return row?.banned ?? false;
}

export async function recordInboxAnswer(tx: Transaction, messageId: string, answerXml: string): Promise<void> {
  await tx.update(schema.clearingInbox).set({ answerXml }).where(eq(schema.clearingInbox.messageId, messageId));
}

export async function keepClearingMessage(tx: Transaction, message: { direction: 'in' | 'out'; messageId: string; messageType: string; paymentId?: string | null; xml: string }): Promise<void> {
  await tx.insert(schema.clearingMessage).values({ ...message, paymentId: message.paymentId ?? null });
}
