import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { ClearingClient } from './clearing-client';
import { sendAllDue } from './clearing-outbox';

/** How often the worker looks for due messages when nobody kicks it: a retry's back-off starts at a second. */
export const outboxSweepIntervalMs = 1_000;

export type OutboxWorker = {
  /** Asks for a sweep now; one already running is followed by another, never joined by a second at once. */
  kick: () => void;
  /** A sweep that starts after this call, finished: what a test waits for instead of the interval. */
  drain: () => Promise<void>;
  /** No sweep starts after this; the one running is waited for. */
  stop: () => Promise<void>;
};

/**
 * Sends the outbox's due messages after their transactions commit: every `intervalMs` (false: only
 * when kicked) and at once when kicked. One sweep at a time in this process (other instances share
 * the outbox through its row locks); a failed sweep is logged and the next one tries again.
 */
export function startOutboxWorker(db: Database, client: ClearingClient, log: FastifyBaseLogger, intervalMs: number | false): OutboxWorker {
  let sweeping: Promise<void> | undefined;
  let requested = false;
  let stopped = false;

  async function sweepWhileRequested(): Promise<void> {
    while (requested && !stopped) {
      requested = false;
      try {
        const sent = await sendAllDue(db, client);
        if (sent > 0) log.debug({ sent }, 'clearing outbox sweep');
      } catch (error) {
        log.error({ err: error }, 'clearing outbox sweep failed');
      }
    }
  }

  function kick(): void {
    if (stopped) return;
    requested = true;
    sweeping ??= sweepWhileRequested().finally(() => {
      sweeping = undefined;
    });
  }

  const timer = intervalMs === false ? undefined : setInterval(kick, intervalMs);
  timer?.unref();

  return {
    kick,
    async drain() {
      kick();
      await sweeping;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await sweeping;
    },
  };
}
