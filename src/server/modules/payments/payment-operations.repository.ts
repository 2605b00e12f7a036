import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Rail } from '../../../shared/bank-directory';
import { paymentStuckAfterMinutes, type PaymentRepairAction } from '../../../shared/schemas/payment-operations';
import type { PaymentStatus } from '../../../shared/schemas/payments';
import { schema, type Executor, type Transaction } from '../../db/client';
import type { Page } from '../../lib/paged-list';

/** The staff's reads and writes of payments and their repairs (record 072). */

/** Messages shown with one payment at most: a payment exchanges a handful, a stuck one a status request per attempt. */
export const paymentMessagesShownMax = 200;

const payment = schema.payment;
const outbox = schema.clearingOutbox;

/**
 * Stuck: still `sending` and either its outcome unknown (the outbox asks the switch again) or no
 * answer for longer than `paymentStuckAfterMinutes` by the database's clock.
 */
const stuckCondition = sql<boolean>`(${payment.status} = 'sending' AND (${outbox.state} = 'unknown' OR ${payment.createdAt} < now() - make_interval(mins => ${paymentStuckAfterMinutes})))`;

const outwardSelect = {
  payment: payment,
  outboxState: outbox.state,
  outboxAttempts: outbox.attempts,
  outboxNextAttemptAt: outbox.nextAttemptAt,
  stuck: stuckCondition,
};

export type OutwardRow = {
  payment: typeof payment.$inferSelect;
  outboxState: 'waiting' | 'answered' | 'unknown' | null;
  outboxAttempts: number | null;
  outboxNextAttemptAt: Date | null;
  stuck: boolean;
};

export type OutwardFilter = { rail?: Rail | undefined; status?: PaymentStatus | undefined; stuck?: boolean | undefined; limit: number; offset: number };

const outboxOfPayment = and(eq(outbox.paymentId, payment.id), eq(outbox.messageId, payment.messageId));

/** A page of the bank's payments to other banks, newest first, with their outbox's state. */
export async function pageOutwardPayments(reader: Executor, filter: OutwardFilter): Promise<Page<OutwardRow>> {
  const conditions: SQL[] = [];
  if (filter.rail) conditions.push(eq(payment.rail, filter.rail));
  if (filter.status) conditions.push(eq(payment.status, filter.status));
  if (filter.stuck !== undefined) conditions.push(filter.stuck ? stuckCondition : sql`NOT ${stuckCondition}`);
  const where = conditions.length === 0 ? undefined : and(...conditions);
  const rows = await reader.select(outwardSelect).from(payment).leftJoin(outbox, outboxOfPayment).where(where).orderBy(desc(payment.createdAt), payment.id).limit(filter.limit).offset(filter.offset);
  const [counted] = await reader
    .select({ total: sql<number>`count(*)::int` })
    .from(payment)
    .leftJoin(outbox, outboxOfPayment)
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findOutwardPayment(reader: Executor, paymentId: string): Promise<OutwardRow | undefined> {
  const [row] = await reader.select(outwardSelect).from(payment).leftJoin(outbox, outboxOfPayment).where(eq(payment.id, paymentId));
  return row;
}

export type InwardRow = { xml: string; answerXml: string | null; receivedAt: Date };

export type InwardFilter = { rail?: Rail | undefined; status?: 'credited' | 'refused' | undefined; limit: number; offset: number };

/**
 * A page of inward payments, newest first, read from the inbox and the pacs.008 kept as delivered.
 * The rail and the answer's status are read from the stored XML: the answer is the bank's own,
 * built by one builder, and the rail is the switch's `ClrSys/Prtry`, matched with any spacing.
 */
export async function pageInwardPayments(reader: Executor, filter: InwardFilter): Promise<Page<InwardRow>> {
  const message = schema.clearingMessage;
  const inbox = schema.clearingInbox;
  const conditions: SQL[] = [eq(inbox.messageType, 'pacs.008'), eq(message.direction, 'in'), eq(message.messageType, 'pacs.008'), isNull(message.paymentId)];
  if (filter.rail) conditions.push(sql`${message.xml} ~ ${`<ClrSys>\\s*<Prtry>${filter.rail}</Prtry>`}`);
  if (filter.status) conditions.push(filter.status === 'credited' ? sql`${inbox.answerXml} LIKE '%<TxSts>ACSC</TxSts>%'` : sql`coalesce(${inbox.answerXml}, '') NOT LIKE '%<TxSts>ACSC</TxSts>%'`);
  const where = and(...conditions);
  const rows = await reader
    .select({ xml: message.xml, answerXml: inbox.answerXml, receivedAt: inbox.receivedAt })
    .from(inbox)
    .innerJoin(message, eq(message.messageId, inbox.messageId))
    .where(where)
    .orderBy(desc(inbox.receivedAt), inbox.messageId)
    .limit(filter.limit)
    .offset(filter.offset);
  const [counted] = await reader
    .select({ total: sql<number>`count(*)::int` })
    .from(inbox)
    .innerJoin(message, eq(message.messageId, inbox.messageId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function paymentMessages(reader: Executor, paymentId: string) {
  const message = schema.clearingMessage;
  return reader
    .select({ direction: message.direction, messageType: message.messageType, messageId: message.messageId, xml: message.xml, at: message.at })
    .from(message)
    .where(eq(message.paymentId, paymentId))
    .orderBy(message.id)
    .limit(paymentMessagesShownMax);
}

/** Puts a payment's outbox message back to unknown and due now: its next attempt is a status request (pacs.028), never a second payment. */
export async function reEnquireNow(tx: Transaction, paymentId: string, messageId: string): Promise<boolean> {
  const updated = await tx
    .update(outbox)
    .set({ state: 'unknown', nextAttemptAt: sql`now()`, answeredAt: null })
    .where(and(eq(outbox.paymentId, paymentId), eq(outbox.messageId, messageId)))
    .returning({ id: outbox.id });
  return updated.length === 1;
}

const repair = schema.paymentRepair;
const maker = alias(schema.user, 'maker');

const repairSelect = {
  repair,
  paymentReference: payment.reference,
  requestedBy: maker.name,
};
export type RepairRow = { repair: typeof repair.$inferSelect; paymentReference: string; requestedBy: string };

export type NewRepair = { paymentId: string; bankAccountId: string; ownerUserId: string; action: PaymentRepairAction; reasonCode: string | null; reason: string; requestedByUserId: string };

export async function insertRepair(tx: Transaction, values: NewRepair): Promise<string> {
  const [row] = await tx.insert(repair).values(values).returning({ id: repair.id });
  if (!row) throw new Error('the repair request was not written');
  return row.id;
}

/** Repairs, newest first: of one payment, or waiting for a decision (oldest first: a queue). */
export async function listRepairs(reader: Executor, which: { paymentId: string } | { status: 'pending' }): Promise<RepairRow[]> {
  const query = reader.select(repairSelect).from(repair).innerJoin(payment, eq(payment.id, repair.paymentId)).innerJoin(maker, eq(maker.id, repair.requestedByUserId));
  if ('paymentId' in which) return query.where(eq(repair.paymentId, which.paymentId)).orderBy(desc(repair.requestedAt)).limit(paymentMessagesShownMax);
  return query.where(eq(repair.status, which.status)).orderBy(repair.requestedAt, repair.id).limit(paymentMessagesShownMax);
}

export type LockedRepair = typeof repair.$inferSelect;

export async function lockRepair(tx: Transaction, repairId: string): Promise<LockedRepair | undefined> {
  const [row] = await tx.select().from(repair).where(eq(repair.id, repairId)).for('update');
  return row;
}

export async function findRepair(reader: Executor, repairId: string): Promise<LockedRepair | undefined> {
  const [row] = await reader.select().from(repair).where(eq(repair.id, repairId));
  return row;
}

export async function markRepairDecided(tx: Transaction, repairId: string, status: 'approved' | 'declined', staffUserId: string, note?: string): Promise<void> {
  await tx
    .update(repair)
    .set({ status, decidedAt: sql`now()`, decidedByUserId: staffUserId, ...(status === 'declined' ? { declinedAt: sql`now()`, declinedNote: note ?? null } : {}) })
    .where(eq(repair.id, repairId));
}

/** A payment's row, locked: a repair's approval reads and moves it under this lock, as the outbox does. */
export async function lockPayment(tx: Transaction, paymentId: string) {
  const [row] = await tx.select().from(payment).where(eq(payment.id, paymentId)).for('update');
  return row;
}

/** Whether some pending repairs name payments (to refuse a second one while the first waits). */
export async function pendingRepairOf(reader: Executor, paymentIds: string[]): Promise<boolean> {
  if (paymentIds.length === 0) return false;
  const rows = await reader
    .select({ id: repair.id })
    .from(repair)
    .where(and(inArray(repair.paymentId, paymentIds), eq(repair.status, 'pending')))
    .limit(1);
  return rows.length > 0;
}
