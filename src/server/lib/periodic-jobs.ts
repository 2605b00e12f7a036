import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * A job is due when this share of its period has passed since it last started anywhere. Each
 * instance's timer and each round trip drift by a few milliseconds; asking for the whole period
 * would make an instance that ticks a hair early skip a turn, and the job would run every other
 * period instead of every period.
 */
export const jobDueShareOfPeriod = 0.9;
/** Each instance looks twice a period, so one instance alone still runs the job once a period. */
const ticksPerPeriod = 2;

/**
 * Claims this period of the job `name` for the calling instance: true for exactly one caller per
 * period, across every instance on the database. One statement on one row, so it needs no lock
 * held between statements (it works through a pooler in transaction mode): the second of two
 * concurrent callers waits for the first one's row, then finds the period taken.
 */
export async function claimJobPeriod(db: Executor, name: string, periodMs: number): Promise<boolean> {
  const dueAfterMs = Math.floor(periodMs * jobDueShareOfPeriod);
  const claimed = await db.execute<{ runs: number }>(sql`
    INSERT INTO job_run AS j (name, last_started_at) VALUES (${name}, now())
    ON CONFLICT (name) DO UPDATE SET last_started_at = now(), runs = j.runs + 1
      WHERE j.last_started_at <= now() - ${dueAfterMs} * interval '1 millisecond'
    RETURNING runs`);
  return claimed.rows.length === 1;
}

export type PeriodicJob = {
  name: string;
  periodMs: number;
  run: () => Promise<unknown>;
};

export type JobLog = { warn: (detail: object, message: string) => void };

export type RunningJob = {
  /** Stops the timer and waits for a run in progress. */
  stop: () => Promise<void>;
};

/**
 * Runs `job` about once per period across every instance that starts it on the same database.
 * A run that fails is logged; the next period tries again. The timer does not keep the process
 * alive, and a run still going when the next tick comes is not started twice on this instance.
 */
export function startPeriodicJob(db: Executor, job: PeriodicJob, log: JobLog): RunningJob {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        if (await claimJobPeriod(db, job.name, job.periodMs)) await job.run();
      } catch (error) {
        log.warn({ err: error, job: job.name }, 'periodic job failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, Math.max(1, Math.floor(job.periodMs / ticksPerPeriod)));
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
