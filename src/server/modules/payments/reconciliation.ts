import type { Statement, StatementRequest } from '../../../clearing-house/protocol/messages';
import { dhakaDay, dhakaDayStartOf } from '../../../shared/dates';
import { beftnSessions, dhakaInstant } from '../../../shared/payment-rails/rails-calendar';
import type { Database } from '../../db/client';
import { runInSnapshot } from '../../db/snapshot';
import { recordAudit } from '../../lib/audit';
import { newMessageId, type ClearingClient, type Exchange } from './clearing-client';
import { keepClearingMessage } from './clearing.repository';
import { ownParticipantCode } from './payments.service';
import { compareBooks, switchItemOf, type Comparison } from './reconciliation-compare';
import { comparedOnSchedule, everTalkedToSwitch, insertRun, readBankItems, type Period, type ReconciliationRunRow } from './reconciliation.repository';

/**
 * Reconciliation with the clearing house (record 072): the bank asks the switch for its statement
 * of a period (camt.060 → camt.053), reads its own books for the same period and compares them
 * item by item (`reconciliation-compare.ts`). Each run and each break it found is stored for
 * staff, and both messages are kept with the others in `clearing_message`: the statement is the
 * switch's word on what it booked, the bank's evidence if the two disagree later.
 */

const dayMs = 24 * 60 * 60 * 1000;

/** The Dhaka day `at` falls in: a reconciliation's default period. */
export function dhakaDayOf(at: Date): Period {
  const from = dhakaDayStartOf(at);
  return { from, to: new Date(from.getTime() + dayMs) };
}

/** Why the switch gave no statement, in a few words for staff. */
function failureOf(exchange: Exchange): string | undefined {
  const { outcome } = exchange;
  if (outcome.kind === 'refused') return `refused: ${outcome.error}`;
  if (outcome.kind === 'unknown') return `no answer: ${outcome.cause}`;
  return outcome.answer.type === 'camt.053' ? undefined : `answered with a ${outcome.answer.type}`;
}

/** The ids of the items the statement names, by which the bank looks up what it does not expect. */
function namedIn(statement: Statement) {
  const items = statement.entries.map(switchItemOf);
  return {
    outMessageIds: items.filter((item) => item.direction === 'out' && item.kind === 'payment').map((item) => item.messageId),
    returnEndToEndIds: items.filter((item) => item.direction === 'in' && item.kind === 'return').map((item) => item.endToEndId),
    inMessageIds: items.filter((item) => item.direction === 'in' && item.kind === 'payment').map((item) => item.messageId),
  };
}

/**
 * Runs one reconciliation of `period` now and stores it: `compared` with its breaks, or `failed`
 * when the switch gave no statement (nothing is compared then; staff run it again). The bank's
 * books are read in one snapshot after the statement came, so a payment settled between the two
 * reads shows on both sides or, at worst, as a break the next run clears.
 */
export async function runReconciliation(db: Database, client: ClearingClient, period: Period, requestedByUserId: string | null, now = new Date()): Promise<ReconciliationRunRow> {
  const request: StatementRequest = { type: 'camt.060', messageId: newMessageId(ownParticipantCode, now), createdAt: now, participant: ownParticipantCode, from: period.from, to: period.to };
  const exchange = await client.exchange(request);
  const failure = failureOf(exchange);
  const statement = exchange.outcome.kind === 'answered' && exchange.outcome.answer.type === 'camt.053' ? exchange.outcome.answer : undefined;
  let comparison: Comparison | undefined;
  let bankItems = 0;
  if (statement) {
    const bank = await runInSnapshot(db, (reader) => readBankItems(reader, period, namedIn(statement)));
    comparison = compareBooks(statement.entries.map(switchItemOf), bank);
    bankItems = bank.filter((item) => item.expected).length;
  }
  return db.transaction(async (tx) => {
    await keepClearingMessage(tx, { direction: 'out', messageId: request.messageId, messageType: request.type, xml: exchange.sentXml });
    if (exchange.outcome.kind === 'answered') {
      const answer = exchange.outcome.answer;
      await keepClearingMessage(tx, { direction: 'in', messageId: answer.messageId, messageType: answer.type, xml: exchange.outcome.answerXml });
    }
    const run = { period, requestedByUserId, switchItems: statement?.entries.length ?? 0, bankItems, statementMessageId: statement?.messageId };
    const stored = await insertRun(tx, statement ? { ...run, state: 'compared' } : { ...run, state: 'failed', failure }, comparison);
    if (requestedByUserId !== null) {
      await recordAudit(tx, {
        actorUserId: requestedByUserId,
        action: 'reconciliation.run',
        subjectType: 'reconciliation_run',
        subjectId: stored.id,
        after: stored.state,
        detail: { from: period.from.toISOString(), to: period.to.toISOString(), breaks: stored.breakCount, ...(failure ? { failure } : {}) },
      });
    }
    return stored;
  });
}

/** How long after a BEFTN session closes the bank reconciles it: the switch settles the session at its close, and its deliveries take a moment to arrive. */
export const reconciliationAfterCloseMs = 5 * 60_000;

/** The latest BEFTN session close at or before `at`: 12:00, 15:00 or midnight, Dhaka time. */
export function lastSessionCloseAtOrBefore(at: Date): Date {
  const today = dhakaDay(at);
  const closes = beftnSessions.map((session) => dhakaInstant(today, session.endMinute)).filter((close) => close <= at);
  // Before today's noon: the last close was midnight, the end of yesterday's third session.
  return closes.at(-1) ?? dhakaInstant(today, 0);
}

/**
 * The bank's own reconciliation after each BEFTN session: the Dhaka day up to the last session
 * close, once per close (a periodic job calls it; a failed run is tried again at the next call).
 * A bank that never exchanged a message with the switch has nothing to compare, and asking would
 * start an embedded switch for nothing.
 */
export async function reconcileAfterSessionClose(db: Database, client: ClearingClient, now = new Date()): Promise<ReconciliationRunRow | undefined> {
  const close = lastSessionCloseAtOrBefore(new Date(now.getTime() - reconciliationAfterCloseMs));
  const period = { from: dhakaDayStartOf(new Date(close.getTime() - 1)), to: close };
  if (!(await everTalkedToSwitch(db)) || (await comparedOnSchedule(db, period))) return undefined;
  return runReconciliation(db, client, period, null, now);
}
