import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { parseMessage, type Message, type StatusReport } from '../../../clearing-house/protocol/messages';
import { schema, type Database, type Transaction } from '../../db/client';
import { maskHolderName } from '../../../shared/masked-name';
import { postJournalEntry } from '../ledger/ledger';
import { raiseNotices } from '../notices/notices.service';
import { newMessageId, type ClearingClient, type Exchange } from './clearing-client';
import { nextPaymentStep, type PaymentEvent } from './payment-lifecycle';
import { ledgerPostingsOf, ownParticipantCode } from './payments.service';
import { lockPaymentByMessageId, movePayment, recordPaymentEvent, type PaymentRow } from './payments.repository';

/**
 * Sends what the outbox holds, one message at a time, after the transaction that wrote it has
 * committed. A message the switch answered is applied to its payment in one transaction with the
 * record of both messages. A message whose fate is unknown (a timeout, the switch down) is asked
 * about with a status request on the next attempt, and sent again with the same id only when the
 * switch says it never received it: a payment is never sent twice.
 */

type OutboxRow = typeof schema.clearingOutbox.$inferSelect;

/** The wait before the next attempt: 1 s, 2 s, 4 s… up to a minute. */
export const retryDelayMs = (attempts: number) => Math.min(1_000 * 2 ** Math.max(0, attempts - 1), 60_000);

/**
 * How long a claimed message belongs to its sender: no other sender, in this process or another
 * instance, takes it before then. It must outlast an exchange (the answer timeout, 10 s in
 * `clearing-service.ts`, which asserts it): a lease as short as the first back-off (1 s) let a
 * second instance claim a message whose first exchange was still on the wire and send it again.
 * A sender that dies holding a lease delays that message by this much, no more.
 */
export const outboxClaimLeaseMs = 20_000;

/** A claimed message, and the attempt number that fences its sender's later writes to the row. */
type Claimed = OutboxRow & { claimedAttempt: number };

/**
 * Takes up to `limit` due messages for this sender in one statement: due at `now`, not answered,
 * not held by another sender (the row locks for the claim itself, SKIP LOCKED; the lease for the
 * exchanges after it). Each claim counts an attempt and holds its row until the later of its
 * back-off from `now` and the lease from the real time (`now` may be a sweep's start or a test's
 * future). One statement for a batch, where a transaction per message cost four round trips each
 * and, per sweep, one empty transaction per sender to find nothing left.
 */
async function claimDue(db: Database, now: Date, limit: number): Promise<Claimed[]> {
  const outbox = schema.clearingOutbox;
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(ne(outbox.state, 'answered'), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  // retryDelayMs(attempts + 1), in SQL: 1 s, 2 s, 4 s… up to a minute.
  const backOffMs = sql`least(1000 * power(2, greatest(0, ${outbox.attempts})), 60000)`;
  const claimed = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`greatest(${now.toISOString()}::timestamptz + ${backOffMs} * interval '1 millisecond', ${new Date(Date.now() + outboxClaimLeaseMs).toISOString()}::timestamptz)`,
    })
    .where(inArray(outbox.id, due))
    .returning();
  return claimed.sort((first, second) => (first.id < second.id ? -1 : 1)).map((row) => ({ ...row, claimedAttempt: row.attempts }));
}

/**
 * The row as this sender claimed it: a sender whose lease ran out (its process stalled) and whose
 * message another claimed since must not write its stale outcome over the newer one.
 */
const stillClaimed = (row: Claimed) => and(eq(schema.clearingOutbox.id, row.id), eq(schema.clearingOutbox.attempts, row.claimedAttempt));

/** The message as sent and its answer, when one came, in one statement (the answer's row after the message's). */
async function keepMessages(tx: Transaction, exchange: Exchange, sent: Message, paymentId: string | null): Promise<void> {
  const rows: Array<typeof schema.clearingMessage.$inferInsert> = [{ direction: 'out', messageId: sent.messageId, messageType: sent.type, paymentId, xml: exchange.sentXml }];
  if (exchange.outcome.kind === 'answered') {
    const answer = exchange.outcome.answer;
    rows.push({ direction: 'in', messageId: answer.messageId, messageType: answer.type, paymentId, xml: exchange.outcome.answerXml });
  }
  await tx.insert(schema.clearingMessage).values(rows);
}

/**
 * Applies what the switch said of a payment, under the payment's lock: its next status and the
 * entry that step posts. A repeat or a stale report changes nothing; a contradiction is left for
 * staff (the payment keeps its status, the message is kept). `messageId` is the message that said
 * so, or null when staff applied what the switch confirmed by other means (a repair, record 072).
 */
export async function applyToPayment(
  tx: Transaction,
  originalMessageId: string,
  event: PaymentEvent,
  clearing: { messageId: string | null; clearingReference?: string | undefined },
): Promise<PaymentRow | undefined> {
  const locked = await lockPaymentByMessageId(tx, originalMessageId);
  if (!locked) return undefined;
  const { ownerName, ...payment } = locked;
  const step = nextPaymentStep(payment.status, payment, event);
  if (step.kind !== 'moved') return payment;
  let journalEntryId: string | null = null;
  if (step.entry) {
    const movement =
      step.entry.movement === 'payment_settled'
        ? ({ kind: 'payment_settled', amountPoisha: payment.amountPoisha.toString(), rail: payment.rail } as const)
        : ({
            kind: 'payment_back',
            amountPoisha: (payment.amountPoisha + payment.feePoisha + payment.vatPoisha).toString(),
            rail: payment.rail,
            toParticipant: payment.receiverParticipant,
            toAccount: payment.receiverAccount,
            toHolder: payment.receiverName,
            why: step.entry.why ?? 'rejected',
          } as const);
    const posted = await postJournalEntry(tx, { movement, referenceId: payment.id, postings: ledgerPostingsOf(step.entry.postings, payment.bankAccountId) });
    journalEntryId = posted.entryId;
  }
  const reasonCode = 'reasonCode' in event ? (event.reasonCode ?? null) : null;
  await movePayment(tx, payment.id, { status: step.status, reasonCode, ...(clearing.clearingReference ? { clearingReference: clearing.clearingReference } : {}) });
  await recordPaymentEvent(tx, { paymentId: payment.id, status: step.status, reasonCode, messageId: clearing.messageId, journalEntryId });
  const moved = { ...payment, status: step.status, reasonCode };
  await tellPayer(tx, moved, ownerName);
  return moved;
}

/** The notification each final status gives the customer; none for a payment still on its way. */
const noticeKindOf = { settled: 'payment-settled', rejected: 'payment-rejected', returned: 'payment-returned' } as const;

/**
 * Tells the customer that their payment reached its end, in the transaction that moved it: a
 * status applied twice is applied once (the lifecycle's `unchanged`), so it is told once, and a
 * rolled-back step tells nobody. The receiver's name is masked as the quote showed it.
 */
async function tellPayer(tx: Transaction, payment: PaymentRow, ownerName: string): Promise<void> {
  if (payment.status !== 'settled' && payment.status !== 'rejected' && payment.status !== 'returned') return;
  const back = payment.status === 'settled' ? {} : { backPoisha: (payment.amountPoisha + payment.feePoisha + payment.vatPoisha).toString() };
  await raiseNotices(tx, [
    {
      userId: payment.ownerUserId,
      name: ownerName,
      kind: noticeKindOf[payment.status],
      at: new Date(),
      params: {
        amountPoisha: payment.amountPoisha.toString(),
        accountId: payment.bankAccountId,
        participant: payment.receiverParticipant,
        receiverAccount: payment.receiverAccount,
        receiverName: maskHolderName(payment.receiverName),
        rail: payment.rail,
        reference: payment.reference,
        ...back,
        ...(payment.reasonCode ? { reasonCode: payment.reasonCode } : {}),
      },
    },
  ]);
}

/** A status report as the lifecycle reads it, whether it answered the payment or came later. */
export const statusEventOf = (report: StatusReport): PaymentEvent => ({ kind: 'status', status: report.status, ...(report.reason ? { reasonCode: report.reason.code } : {}) });

/** What to send for a due row: the message itself, or, when its fate is unknown, a status request about it. */
function messageFor(row: OutboxRow, now: Date): Message {
  if (row.state === 'unknown') return { type: 'pacs.028', messageId: newMessageId(ownParticipantCode, now), createdAt: now, originalMessageId: row.messageId };
  return parseMessage(row.xml);
}

/** Sends one claimed message and applies its answer, in a transaction of its own. */
async function sendClaimed(db: Database, client: ClearingClient, row: Claimed, now: Date): Promise<void> {
  const message = messageFor(row, now);
  const exchange = await client.exchange(message);
  await db.transaction(async (tx) => {
    await keepMessages(tx, exchange, message, row.paymentId);
    const outcome = exchange.outcome;
    if (outcome.kind === 'refused' && message.type === 'pacs.028' && outcome.httpStatus === 404) {
      // The switch never received it: send it again, with the same id, at once.
      await tx.update(schema.clearingOutbox).set({ state: 'waiting', nextAttemptAt: now }).where(stillClaimed(row));
      return;
    }
    if (outcome.kind !== 'answered' || outcome.answer.type !== 'pacs.002') {
      // No answer the bank can act on: ask again after the back-off, the lease given up.
      await tx
        .update(schema.clearingOutbox)
        .set({ state: 'unknown', nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)) })
        .where(stillClaimed(row));
      return;
    }
    const report = outcome.answer;
    await applyToPayment(tx, row.messageId, statusEventOf(report), { messageId: report.messageId, clearingReference: report.clearingReference });
    // ACSP (accepted into a BEFTN session): the settlement comes later, delivered by the switch.
    await tx
      .update(schema.clearingOutbox)
      .set({ state: 'answered', answeredAt: sql`now()` })
      .where(stillClaimed(row));
  });
}

/**
 * How many messages one sweep has on the wire at once, claimed together. One at a time, a burst of
 * payments queued behind each exchange (600 payments at once waited 11 to 14 s, median, from
 * confirm to settled in `npm run bench:payments`), and one timeout held every payment behind it
 * for the whole answer timeout. Each batch is claimed in one statement (SKIP LOCKED, then a lease
 * that outlasts the exchange), so two senders, of one instance or of two, never send one message
 * at once. A batch is no larger than what is sent at once: a message claimed and left waiting
 * behind others could outlive its lease and be claimed, and sent, by another instance.
 */
export const outboxSendersPerSweep = 8;

/**
 * Sends every message due at the sweep's start, a batch at a time, each batch's exchanges at once;
 * how many were sent. A message put back for a later attempt is not due again in the same sweep,
 * however long its exchange took.
 */
export async function sendAllDue(db: Database, client: ClearingClient, now = () => new Date(), senders = outboxSendersPerSweep): Promise<number> {
  const at = now();
  let sent = 0;
  for (;;) {
    const batch = await claimDue(db, at, senders);
    if (batch.length === 0) return sent;
    await Promise.all(batch.map((row) => sendClaimed(db, client, row, at)));
    sent += batch.length;
  }
}
