import { and, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { schema } from '../../db/client';
import type { PaymentStatus } from '../../../shared/schemas/payments';
import type { Page } from '../../lib/paged-list';

export type PaymentRow = typeof schema.payment.$inferSelect;
export type NewPayment = typeof schema.payment.$inferInsert;

/**
 * What a customer has sent over NPSB since `since` (a Dhaka day's start), on its way or settled:
 * what Bangladesh Bank's day limit counts. Read after the customer's row is locked
 * (`lockPayer`), so two payments at once cannot both pass the limit.
 */
export async function npsbSentSince(executor: Executor, ownerUserId: string, since: Date): Promise<bigint> {
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${schema.payment.amountPoisha}), 0)::text` })
    .from(schema.payment)
    .where(and(eq(schema.payment.ownerUserId, ownerUserId), eq(schema.payment.rail, 'NPSB'), inArray(schema.payment.status, ['sending', 'accepted', 'settled']), gte(schema.payment.createdAt, since)));
  return BigInt(row?.total ?? '0');
}

/**
 * Serialises one customer's payments: the day limit spans all their accounts. `NO KEY UPDATE`, not
 * `UPDATE`: every row written with the customer's id (the Idempotency-Key's claim, a notification)
 * takes a key-share lock on their row for its foreign key, which `FOR UPDATE` waits for, so two
 * payments that had each claimed a key deadlocked upgrading to it; this lock still excludes another
 * payer's, and lets those rows be written.
 */
export async function lockPayer(tx: Transaction, ownerUserId: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM "user" WHERE id = ${ownerUserId} FOR NO KEY UPDATE`);
}

export async function insertPayment(tx: Transaction, values: NewPayment): Promise<PaymentRow> {
  const [row] = await tx.insert(schema.payment).values(values).returning();
  if (!row) throw new Error('the payment was not written');
  return row;
}

export async function recordPaymentEvent(
  tx: Transaction,
  event: { paymentId: string; status: PaymentStatus; reasonCode?: string | null; messageId?: string | null; journalEntryId?: string | null },
): Promise<void> {
  await tx.insert(schema.paymentEvent).values(event);
}

/**
 * The payments sent under these message ids, locked in id order (so two batches that share
 * payments cannot deadlock), each with its customer's name for the notice its next status may
 * give: one round trip for a batch of answers.
 */
export async function lockPaymentsByMessageIds(tx: Transaction, messageIds: readonly string[]): Promise<Array<PaymentRow & { ownerName: string }>> {
  if (messageIds.length === 0) return [];
  const rows = await tx
    .select({ payment: schema.payment, ownerName: schema.user.name })
    .from(schema.payment)
    .innerJoin(schema.user, eq(schema.user.id, schema.payment.ownerUserId))
    .where(inArray(schema.payment.messageId, [...new Set(messageIds)]))
    .orderBy(schema.payment.id)
    .for('update', { of: schema.payment });
  return rows.map((row) => ({ ...row.payment, ownerName: row.ownerName }));
}

export async function findOwnPayment(executor: Executor, ownerUserId: string, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await executor
    .select()
    .from(schema.payment)
    .where(and(eq(schema.payment.id, paymentId), eq(schema.payment.ownerUserId, ownerUserId)));
  return row;
}

/** One page of a customer's own payments, newest first, and how many they hold. */
export async function pageOfOwnPayments(executor: Executor, ownerUserId: string, page: { limit: number; offset: number }): Promise<Page<PaymentRow>> {
  const rows = await executor
    .select()
    .from(schema.payment)
    .where(eq(schema.payment.ownerUserId, ownerUserId))
    .orderBy(desc(schema.payment.createdAt), desc(schema.payment.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(schema.payment)
    .where(eq(schema.payment.ownerUserId, ownerUserId));
  return { rows, total: Number(counted?.total ?? 0) };
}

/**
 * Whether this customer has paid this account at this bank or wallet more than `abovePoisha` at
 * once before, and it was not refused or returned: a receiver they know, as a transfer's
 * new-receiver rule reads the journal for accounts in the bank.
 */
export async function hasPaidExternalReceiverAbove(executor: Executor, ownerUserId: string, receiver: { participant: string; account: string }, abovePoisha: bigint): Promise<boolean> {
  const [row] = await executor
    .select({ id: schema.payment.id })
    .from(schema.payment)
    .where(
      and(
        eq(schema.payment.ownerUserId, ownerUserId),
        eq(schema.payment.receiverParticipant, receiver.participant),
        eq(schema.payment.receiverAccount, receiver.account),
        gt(schema.payment.amountPoisha, abovePoisha),
        inArray(schema.payment.status, ['sending', 'accepted', 'settled']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function paymentHistory(executor: Executor, paymentId: string) {
  return executor.select().from(schema.paymentEvent).where(eq(schema.paymentEvent.paymentId, paymentId)).orderBy(schema.paymentEvent.id);
}
