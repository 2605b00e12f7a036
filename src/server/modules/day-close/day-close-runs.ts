import type { DayCloseAnswer, DayCloseRunAnswer, DayCloseStepAnswer } from '../../../shared/schemas/day-close';
import { dayCloseHistoryMax } from '../../../shared/schemas/day-close';
import type { Database, Executor, Transaction } from '../../db/client';
import { conflict } from '../../errors';
import { recordAudit } from '../../lib/audit';
import type { SignedInUser } from '../auth/signed-in-user';
import type { AccountlessRequestType, DecisionRecord } from '../decisions/staff-decision';
import { catchUpDayClose, currentBusinessDate, dayCloseSteps } from './day-close';
import {
  businessDateHasEnded,
  earliestOfLastClosedDates,
  insertRun,
  lockRun,
  markRunDecided,
  pendingAndLastRun,
  recordRunOutcome,
  stepsDoneSince,
  type DayCloseRunRow,
  type StepDoneRow,
} from './day-close.repository';

const notEnded = (businessDate: string) => conflict('business_date_not_ended', `The business date ${businessDate} has not ended in Dhaka: it cannot be closed yet`);

const toStepAnswer = (name: string, done: StepDoneRow | undefined): DayCloseStepAnswer =>
  done
    ? { step: name, state: 'done', rows: done.rows, startedAt: done.started_at.toISOString(), finishedAt: done.finished_at.toISOString() }
    : { step: name, state: 'pending', rows: null, startedAt: null, finishedAt: null };

export function toRunAnswer(row: DayCloseRunRow): DayCloseRunAnswer {
  return {
    id: row.id,
    businessDate: row.business_date,
    status: row.status,
    requestedBy: { id: row.requested_by_user_id, name: row.requested_by_name },
    requestedAt: row.requested_at.toISOString(),
    decidedBy: row.decided_by_user_id === null ? null : { id: row.decided_by_user_id, name: row.decided_by_name ?? '' },
    decidedAt: row.decided_at?.toISOString() ?? null,
    closedDates: row.closed_dates,
  };
}

/** The closed dates from the steps done, newest first, each with its total rows and how long its close took. */
function closedDates(done: readonly StepDoneRow[], businessDate: string): DayCloseAnswer['history'] {
  const byDate = new Map<string, StepDoneRow[]>();
  for (const row of done) if (row.business_date < businessDate) byDate.set(row.business_date, [...(byDate.get(row.business_date) ?? []), row]);
  return [...byDate.entries()].map(([date, rows]) => {
    const started = Math.min(...rows.map((row) => row.started_at.getTime()));
    const finished = Math.max(...rows.map((row) => row.finished_at.getTime()));
    return {
      businessDate: date,
      steps: rows.map((row) => toStepAnswer(row.step, row)),
      rows: rows.reduce((sum, row) => sum + row.rows, 0),
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date(finished).toISOString(),
      durationMs: finished - started,
    };
  });
}

/** What the staff's day-close page shows, read in one snapshot by the caller. */
export async function dayCloseOverview(reader: Executor): Promise<DayCloseAnswer> {
  const businessDate = await currentBusinessDate(reader);
  const earliest = await earliestOfLastClosedDates(reader, businessDate, dayCloseHistoryMax);
  const done = await stepsDoneSince(reader, earliest);
  const today = new Map(done.filter((row) => row.business_date === businessDate).map((row) => [row.step, row]));
  const runs = await pendingAndLastRun(reader);
  return {
    businessDate,
    due: await businessDateHasEnded(reader, businessDate),
    steps: dayCloseSteps.map((step) => toStepAnswer(step.name, today.get(step.name))),
    history: closedDates(done, businessDate),
    pendingRun: runs.pending ? toRunAnswer(runs.pending) : null,
    lastRun: runs.last ? toRunAnswer(runs.last) : null,
  };
}

/**
 * A staff member asks for the close of the business date, which must have ended in Dhaka: the
 * close never runs for a date whose day is not over. One request waits at a time.
 */
export async function requestDayCloseRun(tx: Transaction, staff: SignedInUser): Promise<string> {
  const businessDate = await currentBusinessDate(tx);
  if (!(await businessDateHasEnded(tx, businessDate))) throw notEnded(businessDate);
  const id = await insertRun(tx, businessDate, staff.id);
  if (id === undefined) throw conflict('run_pending', 'A run of the day close is already waiting for approval: decide it first');
  await recordAudit(tx, { actorUserId: staff.id, action: 'day_close_run.request', subjectType: 'day_close_run', subjectId: id, after: 'pending', detail: { businessDate } });
  return id;
}

const alreadyDecided = { code: 'already_decided', message: 'This run of the day close has already been decided' };

/**
 * The run as a request the staff-decision pipeline decides: its maker may not approve it, and the
 * approval only claims it (status `approved`, in the pipeline's transaction with its audit event);
 * the close itself runs after that commits (`runApprovedClose`), in its own transactions, step by step.
 */
export const dayCloseRuns: AccountlessRequestType<DayCloseRunRow, DecisionRecord, DecisionRecord> = {
  label: 'Day close run',
  subjectType: 'day_close_run',
  lockAlone: lockRun,
  makerOf: (run) => run.requested_by_user_id,
  approve: {
    action: 'day_close_run.approve',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request }) => {
      const businessDate = await currentBusinessDate(tx);
      if (!(await businessDateHasEnded(tx, businessDate))) throw notEnded(businessDate);
      await markRunDecided(tx, request.id, 'approved', staff.id);
      return { after: 'approved', detail: { businessDate, requestedByUserId: request.requested_by_user_id } };
    },
  },
  decline: {
    action: 'day_close_run.decline',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request }) => {
      await markRunDecided(tx, request.id, 'declined', staff.id);
      return { after: 'declined', detail: { businessDate: request.business_date } };
    },
  },
};

/**
 * Runs the close an approval claimed: every date that has ended, as the scheduled close does, and
 * writes what it closed on the run and in the audit trail under the approver's name.
 */
export async function runApprovedClose(db: Database, runId: string, approver: SignedInUser): Promise<string[]> {
  const outcomes = await catchUpDayClose(db, dayCloseSteps);
  const closed = outcomes.filter((outcome) => outcome.closed).map((outcome) => outcome.businessDate);
  await db.transaction(async (tx) => {
    await recordRunOutcome(tx, runId, closed);
    const last = outcomes.at(-1);
    await recordAudit(tx, {
      actorUserId: approver.id,
      action: 'day_close_run.ran',
      subjectType: 'day_close_run',
      subjectId: runId,
      after: 'approved',
      detail: { closedDates: closed, stoppedBecause: last?.reason ?? null },
    });
  });
  return closed;
}
