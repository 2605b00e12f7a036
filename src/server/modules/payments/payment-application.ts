import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { jsonAnswer, writeTogether, type WritePart } from '../../db/write-together';
import { assertInvariant } from '../../errors';
import { maskHolderName } from '../../../shared/masked-name';
import { journalWriteOf, type JournalRequest } from '../ledger/ledger';
import { noticesWriteOf, type NoticeDraft } from '../notices/notices.service';
import { nextPaymentStep, type PaymentEvent } from './payment-lifecycle';
import { ledgerPostingsOf } from './payments.service';
import { lockPaymentsByMessageIds, type PaymentRow } from './payments.repository';

/**
 * What the switch said of one payment, to apply: the message it was sent under, what happened,
 * and the message that said so (null when staff applied what the switch confirmed by other means,
 * a repair, record 072).
 */
export type PaymentAnswer = {
  originalMessageId: string;
  event: PaymentEvent;
  clearing: { messageId: string | null; clearingReference?: string | undefined };
};

type EventRow = { payment_id: string; status: string; reason_code: string | null; message_id: string | null; journal_entry_id: string | null };
type MoveRow = { id: string; status: string; reason_code: string | null; clearing_reference: string | null };

/**
 * Decides what the answers make of their payments, under the payments' locks, and answers the
 * writes that make it, for the caller to make with its own in one statement (`writeTogether`):
 * each step's status, its entry (one journal entry per payment that moves money), its event and
 * the notice a final status gives the customer. Three round trips for a batch of any size: the
 * payments locked and read in one statement, the ledger accounts in another, the write. Answers
 * are applied in the order given, each against the payment as the ones before it left it. A
 * repeat or a stale report changes nothing; a contradiction is left for staff (the payment keeps
 * its status). Each answer's payment as it now stands, or undefined when no payment was sent
 * under its message.
 */
export async function paymentAnswersWriteOf(tx: Transaction, answers: readonly PaymentAnswer[]): Promise<{ payments: Array<PaymentRow | undefined>; parts: WritePart[] }> {
  if (answers.length === 0) return { payments: [], parts: [] };
  const locked = await lockPaymentsByMessageIds(
    tx,
    answers.map((answer) => answer.originalMessageId),
  );
  const current = new Map<string, PaymentRow & { ownerName: string }>(locked.map((row) => [row.messageId, row]));
  const entries: JournalRequest[] = [];
  const events: Array<{ row: EventRow; entry: number | undefined }> = [];
  const moves = new Map<string, MoveRow>();
  const notices: NoticeDraft[] = [];
  const payments = answers.map(({ originalMessageId, event, clearing }) => {
    const found = current.get(originalMessageId);
    if (!found) return undefined;
    const { ownerName, ...payment } = found;
    const step = nextPaymentStep(payment.status, payment, event);
    if (step.kind !== 'moved') return payment;
    let entry: number | undefined;
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
      entry = entries.push({ movement, referenceId: payment.id, postings: ledgerPostingsOf(step.entry.postings, payment.bankAccountId) }) - 1;
    }
    const reasonCode = 'reasonCode' in event ? (event.reasonCode ?? null) : null;
    const clearingReference = clearing.clearingReference ?? payment.clearingReference;
    const moved = { ...payment, status: step.status, reasonCode, clearingReference };
    // A payment answered twice in one batch is written once, as the last answer left it.
    moves.set(payment.id, { id: payment.id, status: step.status, reason_code: reasonCode, clearing_reference: clearingReference });
    events.push({ row: { payment_id: payment.id, status: step.status, reason_code: reasonCode, message_id: clearing.messageId, journal_entry_id: null }, entry });
    const notice = noticeOf(moved, ownerName);
    if (notice) notices.push(notice);
    current.set(originalMessageId, { ...moved, ownerName });
    return moved;
  });
  if (moves.size === 0) return { payments, parts: [] };

  const parts: WritePart[] = [];
  if (entries.length > 0) {
    const journal = await journalWriteOf(tx, entries);
    parts.push(journal.write);
    for (const event of events) if (event.entry !== undefined) event.row.journal_entry_id = journal.posted[event.entry]?.entryId ?? null;
  }
  const moveRows = [...moves.values()];
  const eventRows = events.map((event) => event.row);
  parts.push({
    steps: [
      [
        'payment_moves',
        sql`
        UPDATE payment AS p SET status = v.status, reason_code = v.reason_code, clearing_reference = v.clearing_reference, updated_at = now()
        FROM ${jsonRows(moveRows, sql`id uuid, status text, reason_code text, clearing_reference text`)} AS v
        WHERE p.id = v.id
        RETURNING p.id`,
      ],
      [
        'payment_events',
        sql`
        INSERT INTO payment_event (payment_id, status, reason_code, message_id, journal_entry_id)
        SELECT e.payment_id, e.status, e.reason_code, e.message_id, e.journal_entry_id
        FROM ${jsonRows(eventRows, sql`payment_id uuid, status text, reason_code text, message_id text, journal_entry_id uuid`)} AS e
        RETURNING id`,
      ],
    ],
    answer: sql`json_build_object('moved', (SELECT count(*)::int FROM payment_moves), 'events', (SELECT count(*)::int FROM payment_events))`,
    check: (answer) => {
      const written = jsonAnswer<{ moved: number; events: number }>(answer);
      assertInvariant(Number(written.moved) === moveRows.length, 'every payment moved must be written');
      assertInvariant(Number(written.events) === eventRows.length, 'every payment event must be written');
    },
  });
  const told = noticesWriteOf(notices);
  if (told) parts.push(told);
  return { payments, parts };
}

/** One answer applied in the caller's transaction: the inbound deliveries and staff's repairs, one message at a time. */
export async function applyToPayment(tx: Transaction, originalMessageId: string, event: PaymentEvent, clearing: PaymentAnswer['clearing']): Promise<PaymentRow | undefined> {
  const { payments, parts } = await paymentAnswersWriteOf(tx, [{ originalMessageId, event, clearing }]);
  await writeTogether(tx, parts);
  return payments[0];
}

/** The notification each final status gives the customer; none for a payment still on its way. */
const noticeKindOf = { settled: 'payment-settled', rejected: 'payment-rejected', returned: 'payment-returned' } as const;

/**
 * What tells the customer that their payment reached its end, written with the step that moved
 * it: a status applied twice is applied once (the lifecycle's `unchanged`), so it is told once,
 * and a rolled-back step tells nobody. The receiver's name is masked as the quote showed it.
 */
function noticeOf(payment: PaymentRow, ownerName: string): NoticeDraft | undefined {
  if (payment.status !== 'settled' && payment.status !== 'rejected' && payment.status !== 'returned') return undefined;
  const back = payment.status === 'settled' ? {} : { backPoisha: (payment.amountPoisha + payment.feePoisha + payment.vatPoisha).toString() };
  return {
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
  };
}
