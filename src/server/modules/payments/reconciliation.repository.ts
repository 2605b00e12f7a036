import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { parseMessage } from '../../../clearing-house/protocol/messages';
import { schema, type Executor, type Transaction } from '../../db/client';
import { itemKey, type BankItem, type Comparison } from './reconciliation-compare';

/** The period a reconciliation compares: from its start (included) to its end (excluded). */
export type Period = { from: Date; to: Date };

/** Runs shown to staff at most, newest first; a run's breaks at most (a run with more says how many it found). */
export const reconciliationRunsShownMax = 20;
export const reconciliationBreaksShownMax = 500;

type PaymentFacts = { id: string; messageId: string; endToEndId: string; amountPoisha: bigint; status: BankItem['status'] };

const paymentFacts = {
  id: schema.payment.id,
  messageId: schema.payment.messageId,
  endToEndId: schema.payment.endToEndId,
  amountPoisha: schema.payment.amountPoisha,
  status: schema.payment.status,
};

const outPayment = (payment: PaymentFacts, expected: boolean): BankItem => ({ direction: 'out', kind: 'payment', ...payment, paymentId: payment.id, expected });
const inReturn = (payment: PaymentFacts, expected: boolean): BankItem => ({ direction: 'in', kind: 'return', ...payment, paymentId: payment.id, expected });

/**
 * The bank's payments the switch booked in the period by the bank's books: each payment that
 * settled then (a debit on the switch) and each that came back then (a credit).
 */
async function paymentsMovedIn(reader: Executor, period: Period): Promise<BankItem[]> {
  const rows = await reader
    .select({ ...paymentFacts, event: schema.paymentEvent.status })
    .from(schema.paymentEvent)
    .innerJoin(schema.payment, eq(schema.payment.id, schema.paymentEvent.paymentId))
    .where(and(inArray(schema.paymentEvent.status, ['settled', 'returned']), gte(schema.paymentEvent.at, period.from), lt(schema.paymentEvent.at, period.to)));
  return rows.map(({ event, ...payment }) => (event === 'settled' ? outPayment(payment, true) : inReturn(payment, true)));
}

/**
 * Inward payments the bank answered, read from the messages it kept: the pacs.008 as delivered
 * and the answer kept in the inbox (ACSC credited it, RJCT refused it). By the period they arrived
 * in, or by their message ids.
 */
async function inwardPayments(reader: Executor, which: { period: Period } | { messageIds: string[] }): Promise<BankItem[]> {
  if ('messageIds' in which && which.messageIds.length === 0) return [];
  const place =
    'period' in which ? and(gte(schema.clearingMessage.at, which.period.from), lt(schema.clearingMessage.at, which.period.to)) : inArray(schema.clearingMessage.messageId, which.messageIds);
  const rows = await reader
    .select({ xml: schema.clearingMessage.xml, answerXml: schema.clearingInbox.answerXml })
    .from(schema.clearingMessage)
    .innerJoin(schema.clearingInbox, eq(schema.clearingInbox.messageId, schema.clearingMessage.messageId))
    .where(and(eq(schema.clearingMessage.direction, 'in'), eq(schema.clearingMessage.messageType, 'pacs.008'), isNull(schema.clearingMessage.paymentId), place));
  return rows.flatMap((row) => {
    const transfer = parseMessage(row.xml);
    const answer = row.answerXml ? parseMessage(row.answerXml) : undefined;
    if (transfer.type !== 'pacs.008') return [];
    const credited = answer?.type === 'pacs.002' && answer.status === 'ACSC';
    const item: BankItem = {
      direction: 'in',
      kind: 'payment',
      messageId: transfer.messageId,
      endToEndId: transfer.endToEndId,
      amountPoisha: transfer.amountPoisha,
      status: credited ? 'credited' : 'refused',
      paymentId: null,
      expected: credited && 'period' in which,
    };
    return [item];
  });
}

/**
 * What the bank's books hold for a comparison: the items it expects the switch booked in the
 * period, and, not expected, whatever else the switch's statement names (a payment the bank still
 * holds as `sending`, whose settlement the bank never heard), found by its ids.
 */
export async function readBankItems(reader: Executor, period: Period, named: { outMessageIds: string[]; returnEndToEndIds: string[]; inMessageIds: string[] }): Promise<BankItem[]> {
  const expected = [...(await paymentsMovedIn(reader, period)), ...(await inwardPayments(reader, { period }))];
  const sent = named.outMessageIds.length === 0 ? [] : await reader.select(paymentFacts).from(schema.payment).where(inArray(schema.payment.messageId, named.outMessageIds));
  const returned = named.returnEndToEndIds.length === 0 ? [] : await reader.select(paymentFacts).from(schema.payment).where(inArray(schema.payment.endToEndId, named.returnEndToEndIds));
  const alsoNamed = [
    ...sent.map((payment) => outPayment(payment, false)),
    ...returned.map((payment) => inReturn(payment, false)),
    ...(await inwardPayments(reader, { messageIds: named.inMessageIds })),
  ];
  // An item both expected and named is the expected one.
  const keys = new Set(expected.map(itemKey));
  return [...expected, ...alsoNamed.filter((item) => !keys.has(itemKey(item)))];
}

export type NewRun = {
  period: Period;
  state: 'compared' | 'failed';
  failure?: string | undefined;
  statementMessageId?: string | undefined;
  switchItems: number;
  bankItems: number;
  requestedByUserId: string | null;
};

export type ReconciliationRunRow = typeof schema.reconciliationRun.$inferSelect;
export type ReconciliationBreakRow = typeof schema.reconciliationBreak.$inferSelect;

/** Writes a run and its breaks. */
export async function insertRun(tx: Transaction, run: NewRun, comparison: Comparison | undefined): Promise<ReconciliationRunRow> {
  const [row] = await tx
    .insert(schema.reconciliationRun)
    .values({
      periodFrom: run.period.from,
      periodTo: run.period.to,
      state: run.state,
      failure: run.failure ?? null,
      statementMessageId: run.statementMessageId ?? null,
      switchItems: run.switchItems,
      bankItems: run.bankItems,
      matchedItems: comparison?.matched ?? 0,
      breakCount: comparison?.breaks.length ?? 0,
      requestedByUserId: run.requestedByUserId,
    })
    .returning();
  if (!row) throw new Error('the reconciliation run was not written');
  if (comparison && comparison.breaks.length > 0) {
    await tx.insert(schema.reconciliationBreak).values(comparison.breaks.map((found) => ({ ...found, runId: row.id })));
  }
  if (comparison) await followEarlierBreaks(tx, row.id, run.period);
  return row;
}

/**
 * What a compared run says of the breaks found before it. A break staff explained before comes
 * explained again, with their words (the same item: direction, message and kind). An open break of
 * a run whose period this one covers is `carried` when this run found it again, `cleared` when it
 * did not: the books agree on it now. Breaks of runs this one does not cover stay as they were.
 */
async function followEarlierBreaks(tx: Transaction, runId: string, period: Period): Promise<void> {
  await tx.execute(sql`
    UPDATE reconciliation_break AS b
    SET state = 'explained', explanation = e.explanation, explained_by_user_id = e.explained_by_user_id, explained_at = e.explained_at
    FROM reconciliation_break AS e
    WHERE b.run_id = ${runId} AND e.run_id <> ${runId} AND e.state = 'explained'
      AND e.direction = b.direction AND e.message_id = b.message_id AND e.kind = b.kind`);
  await tx.execute(sql`
    UPDATE reconciliation_break AS b
    SET later_run_id = ${runId},
      state = CASE WHEN EXISTS (
        SELECT 1 FROM reconciliation_break AS n
        WHERE n.run_id = ${runId} AND n.direction = b.direction AND n.message_id = b.message_id AND n.kind = b.kind
      ) THEN 'carried' ELSE 'cleared' END
    FROM reconciliation_run AS r
    WHERE r.id = b.run_id AND b.state = 'open' AND b.run_id <> ${runId}
      AND r.period_from >= ${period.from} AND r.period_to <= ${period.to}`);
}

/** Locks a break for its explanation; undefined when there is none with this id. */
export async function lockBreak(tx: Transaction, id: bigint): Promise<ReconciliationBreakRow | undefined> {
  const [found] = await tx.select().from(schema.reconciliationBreak).where(eq(schema.reconciliationBreak.id, id)).for('update');
  return found;
}

export async function explainBreak(tx: Transaction, id: bigint, explanation: { text: string; byUserId: string }): Promise<void> {
  await tx
    .update(schema.reconciliationBreak)
    .set({ state: 'explained', explanation: explanation.text, explainedByUserId: explanation.byUserId, explainedAt: sql`now()` })
    .where(eq(schema.reconciliationBreak.id, id));
}

export async function latestRuns(reader: Executor): Promise<ReconciliationRunRow[]> {
  return reader.select().from(schema.reconciliationRun).orderBy(desc(schema.reconciliationRun.ranAt), schema.reconciliationRun.id).limit(reconciliationRunsShownMax);
}

/** A break as staff read it: with the name of whoever explained it. */
export type BreakWithNames = ReconciliationBreakRow & { explainedByName: string | null };

async function readBreaks(reader: Executor, where: SQL): Promise<BreakWithNames[]> {
  return reader
    .select({ ...getTableColumns(schema.reconciliationBreak), explainedByName: schema.user.name })
    .from(schema.reconciliationBreak)
    .leftJoin(schema.user, eq(schema.user.id, schema.reconciliationBreak.explainedByUserId))
    .where(where)
    .orderBy(asc(schema.reconciliationBreak.id))
    .limit(reconciliationBreaksShownMax);
}

export async function breaksOfRun(reader: Executor, runId: string): Promise<BreakWithNames[]> {
  return readBreaks(reader, eq(schema.reconciliationBreak.runId, runId));
}

export async function breakById(reader: Executor, id: bigint): Promise<BreakWithNames[]> {
  return readBreaks(reader, eq(schema.reconciliationBreak.id, id));
}

/** Every break still open, oldest first, whichever run found it. */
export async function openBreaks(reader: Executor): Promise<BreakWithNames[]> {
  return readBreaks(reader, eq(schema.reconciliationBreak.state, 'open'));
}

/** Whether a run the bank made by itself compared exactly this period: a failed one does not count, so the next sweep tries again. */
export async function comparedOnSchedule(reader: Executor, period: Period): Promise<boolean> {
  const [run] = await reader
    .select({ id: schema.reconciliationRun.id })
    .from(schema.reconciliationRun)
    .where(
      and(
        eq(schema.reconciliationRun.periodFrom, period.from),
        eq(schema.reconciliationRun.periodTo, period.to),
        eq(schema.reconciliationRun.state, 'compared'),
        isNull(schema.reconciliationRun.requestedByUserId),
      ),
    )
    .limit(1);
  return run !== undefined;
}

/** Whether the bank ever exchanged a message with the switch. */
export async function everTalkedToSwitch(reader: Executor): Promise<boolean> {
  const [message] = await reader.select({ id: schema.clearingMessage.id }).from(schema.clearingMessage).limit(1);
  return message !== undefined;
}
