import { and, asc, inArray, lte, ne, sql } from 'drizzle-orm';
import { parseMessage, type Message, type StatusReport } from '../../../clearing-house/protocol/messages';
import { schema, type Database, type Transaction } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { writeTogether, type WritePart } from '../../db/write-together';
import { assertInvariant } from '../../errors';
import { newMessageId, type ClearingClient, type Exchange } from './clearing-client';
import { paymentAnswersWriteOf, type PaymentAnswer } from './payment-application';
import type { PaymentEvent } from './payment-lifecycle';
import { ownParticipantCode } from './payments.service';

/**
 * Sends what the outbox holds after the transaction that wrote it has committed, a claimed batch
 * at a time. The answers of a batch are applied to their payments in one transaction with the
 * record of every message (each payment its own entry and events still). A message whose fate is unknown (a timeout, the switch down) is asked
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

/** A status report as the lifecycle reads it, whether it answered the payment or came later. */
export const statusEventOf = (report: StatusReport): PaymentEvent => ({ kind: 'status', status: report.status, ...(report.reason ? { reasonCode: report.reason.code } : {}) });

/** What to send for a due row: the message itself, or, when its fate is unknown, a status request about it. */
function messageFor(row: OutboxRow, now: Date): Message {
  if (row.state === 'unknown') return { type: 'pacs.028', messageId: newMessageId(ownParticipantCode, now), createdAt: now, originalMessageId: row.messageId };
  return parseMessage(row.xml);
}

/** A claimed message, what was sent for it and what came of the exchange. */
type Exchanged = { row: Claimed; sent: Message; exchange: Exchange };

/**
 * What came of a batch's exchanges, in one transaction: every message sent and every answer kept
 * (one statement), the payments the answers move locked and decided together
 * (`paymentAnswersWriteOf`: one journal entry, one event and one notice per payment still), and
 * each outbox row's outcome, all written in one statement (`writeTogether`). Each row's outcome
 * is fenced by the attempt its claim counted: a sender whose lease ran out (its process stalled)
 * and whose message another claimed since writes nothing over the newer outcome.
 */
async function applyExchanges(tx: Transaction, exchanged: readonly Exchanged[], now: Date): Promise<void> {
  const messages: Array<{ direction: 'out' | 'in'; message_id: string; message_type: string; payment_id: string | null; xml: string; position: number }> = [];
  const outcomes: Array<{ id: string; attempts: number; state: 'waiting' | 'unknown' | 'answered'; next_attempt_at: string | null }> = [];
  const answers: PaymentAnswer[] = [];
  for (const { row, sent, exchange } of exchanged) {
    messages.push({ direction: 'out', message_id: sent.messageId, message_type: sent.type, payment_id: row.paymentId, xml: exchange.sentXml, position: messages.length });
    const outcome = exchange.outcome;
    if (outcome.kind === 'answered') {
      messages.push({ direction: 'in', message_id: outcome.answer.messageId, message_type: outcome.answer.type, payment_id: row.paymentId, xml: outcome.answerXml, position: messages.length });
    }
    const claim = { id: row.id.toString(), attempts: row.claimedAttempt };
    if (outcome.kind === 'refused' && sent.type === 'pacs.028' && outcome.httpStatus === 404) {
      // The switch never received it: send it again, with the same id, at once.
      outcomes.push({ ...claim, state: 'waiting', next_attempt_at: now.toISOString() });
    } else if (outcome.kind !== 'answered' || outcome.answer.type !== 'pacs.002') {
      // No answer the bank can act on: ask again after the back-off, the lease given up.
      outcomes.push({ ...claim, state: 'unknown', next_attempt_at: new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString() });
    } else {
      // ACSP (accepted into a BEFTN session): the settlement comes later, delivered by the switch.
      const report = outcome.answer;
      answers.push({ originalMessageId: row.messageId, event: statusEventOf(report), clearing: { messageId: report.messageId, clearingReference: report.clearingReference } });
      outcomes.push({ ...claim, state: 'answered', next_attempt_at: null });
    }
  }
  const applied = await paymentAnswersWriteOf(tx, answers);
  const kept: WritePart = {
    steps: [
      [
        'outbox_messages',
        sql`
        INSERT INTO clearing_message (direction, message_id, message_type, payment_id, xml)
        SELECT m.direction, m.message_id, m.message_type, m.payment_id, m.xml
        FROM ${jsonRows(messages, sql`direction text, message_id text, message_type text, payment_id uuid, xml text, position int`)} AS m
        ORDER BY m.position
        RETURNING 1`,
      ],
      [
        'outbox_outcomes',
        sql`
        UPDATE clearing_outbox AS o SET
          state = v.state,
          next_attempt_at = coalesce(v.next_attempt_at, o.next_attempt_at),
          answered_at = CASE WHEN v.state = 'answered' THEN now() ELSE o.answered_at END
        FROM ${jsonRows(outcomes, sql`id bigint, attempts int, state text, next_attempt_at timestamptz`)} AS v
        WHERE o.id = v.id AND o.attempts = v.attempts
        RETURNING 1`,
      ],
    ],
    answer: sql`(SELECT count(*)::int FROM outbox_messages)`,
    // An outcome may find its row claimed by a later sender since (its lease ran out): that one's to write.
    check: (written) => assertInvariant(Number(written) === messages.length, 'every message sent and answered is kept'),
  };
  await writeTogether(tx, [kept, ...applied.parts]);
}

/**
 * Sends a claimed batch's messages at once and applies what came back in one transaction. When
 * that transaction fails (one answer that cannot be applied, a deadlock with a confirm), each
 * exchange is applied again in a transaction of its own, so one message cannot hold back the
 * others: those apply, and the one that fails keeps its claim until the lease runs out and is
 * then sent again with the same id (the switch answers a repeat as it answered the first). A
 * commit whose outcome was lost is safe to apply again: a status already applied changes nothing.
 * Answers the failures, after every exchange has had its chance.
 */
async function sendBatch(db: Database, client: ClearingClient, batch: readonly Claimed[], now: Date): Promise<unknown[]> {
  const results = await Promise.allSettled(
    batch.map(async (row): Promise<Exchanged> => {
      const sent = messageFor(row, now);
      return { row, sent, exchange: await client.exchange(sent) };
    }),
  );
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  const exchanged = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  if (exchanged.length === 0) return failures;
  try {
    await db.transaction((tx) => applyExchanges(tx, exchanged, now));
  } catch (error) {
    if (exchanged.length === 1) return [...failures, error];
    for (const one of exchanged) {
      try {
        await db.transaction((tx) => applyExchanges(tx, [one], now));
      } catch (alone) {
        failures.push(alone);
      }
    }
  }
  return failures;
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
  const failures: unknown[] = [];
  for (;;) {
    const batch = await claimDue(db, at, senders);
    if (batch.length === 0) break;
    // The sweep goes on past a failure: a message that failed keeps its claim, so it is not due again in this sweep.
    failures.push(...(await sendBatch(db, client, batch, at)));
    sent += batch.length;
  }
  if (failures.length > 0) throw failures[0];
  return sent;
}
