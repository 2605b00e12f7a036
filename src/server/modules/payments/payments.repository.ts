import { and, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { jsonAnswer, type WritePart } from '../../db/write-together';
import { assertInvariant } from '../../errors';
import { schema } from '../../db/client';
import type { Page } from '../../lib/paged-list';

export type PaymentRow = typeof schema.payment.$inferSelect;

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

/**
 * A payment just decided, its first event (`sending`, with the entry that sent it) and its
 * pacs.008 in the outbox, as one part of the caller's combined write (`writeTogether`) with the
 * sending entry: one round trip where four were made. The foreign keys between them (the payment's
 * entry, the event's and the outbox row's payment) are checked at the statement's end.
 */
export function sentPaymentWrite(payment: PaymentRow, pacs008Xml: string): WritePart {
  const row = {
    id: payment.id,
    reference: payment.reference,
    owner_user_id: payment.ownerUserId,
    bank_account_id: payment.bankAccountId,
    rail: payment.rail,
    receiver_participant: payment.receiverParticipant,
    receiver_account: payment.receiverAccount,
    receiver_name: payment.receiverName,
    remittance_information: payment.remittanceInformation,
    amount_poisha: payment.amountPoisha.toString(),
    fee_poisha: payment.feePoisha.toString(),
    vat_poisha: payment.vatPoisha.toString(),
    status: payment.status,
    reason_code: payment.reasonCode,
    message_id: payment.messageId,
    end_to_end_id: payment.endToEndId,
    clearing_reference: payment.clearingReference,
    arrives_by: payment.arrivesBy.toISOString(),
    sent_entry_id: payment.sentEntryId,
    created_at: payment.createdAt.toISOString(),
    updated_at: payment.updatedAt.toISOString(),
  };
  const columns = Object.keys(row);
  return {
    steps: [
      [
        'payment_sent',
        sql`
        INSERT INTO payment (${sql.raw(columns.join(', '))})
        SELECT ${sql.raw(columns.map((column) => `p.${column}`).join(', '))}
        FROM ${jsonRows(
          [row],
          sql`id uuid, reference text, owner_user_id text, bank_account_id text, rail text, receiver_participant text, receiver_account text,
            receiver_name text, remittance_information text, amount_poisha bigint, fee_poisha bigint, vat_poisha bigint, status text,
            reason_code text, message_id text, end_to_end_id text, clearing_reference text, arrives_by timestamptz, sent_entry_id uuid,
            created_at timestamptz, updated_at timestamptz`,
        )} AS p
        RETURNING id`,
      ],
      ['payment_sent_event', sql`INSERT INTO payment_event (payment_id, status, journal_entry_id) VALUES (${payment.id}::uuid, 'sending', ${payment.sentEntryId}::uuid) RETURNING id`],
      ['payment_sent_outbox', sql`INSERT INTO clearing_outbox (message_id, message_type, payment_id, xml) VALUES (${payment.messageId}, 'pacs.008', ${payment.id}::uuid, ${pacs008Xml}) RETURNING id`],
    ],
    answer: sql`json_build_object('payments', (SELECT count(*)::int FROM payment_sent), 'events', (SELECT count(*)::int FROM payment_sent_event), 'outbox', (SELECT count(*)::int FROM payment_sent_outbox))`,
    check: (answer) => {
      const written = jsonAnswer<{ payments: number; events: number; outbox: number }>(answer);
      assertInvariant(Number(written.payments) === 1 && Number(written.events) === 1 && Number(written.outbox) === 1, 'the payment, its event and its message are written');
    },
  };
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
