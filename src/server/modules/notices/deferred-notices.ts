import { expandDeferredNotices } from './notices.repository';

/** Deferred rows one statement writes out at most: a few batches of transfers, a short statement. */
export const deferredRowsPerStatement = 32;
/** Rows left by an instance that stopped between a commit and its writing out are taken this often. */
export const deferredNoticeSweepMs = 5_000;

export type NoticeExpander = {
  /** Something was just deferred: write it out now, or as soon as the write under way is done. */
  kick: () => void;
  /** Waits until every row deferred before this call has been written out by this instance (or another). */
  settled: () => Promise<void>;
  stop: () => Promise<void>;
};

type ExpanderLog = { warn: (detail: object, message: string) => void };

/**
 * Writes out deferred notices (`deferredNoticesWrite`) just after the commits that kept them, one
 * statement at a time, so a burst of commits is written out in a few large statements instead of
 * one each; and every few seconds, for rows an instance left behind when it stopped. A failure is
 * logged and the rows stay kept for the next kick or sweep: a notice is late, never lost.
 */
export function startNoticeExpander(db: Parameters<typeof expandDeferredNotices>[0], log: ExpanderLog): NoticeExpander {
  let running: Promise<void> | null = null;
  let kickedMeanwhile = false;
  const writeOutAll = async () => {
    do {
      kickedMeanwhile = false;
      while ((await expandDeferredNotices(db, deferredRowsPerStatement)) === deferredRowsPerStatement);
      // A kick while the statements ran sets it again, which the type checker's narrowing does not follow.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    } while (kickedMeanwhile);
  };
  const kick = () => {
    if (running) {
      kickedMeanwhile = true;
      return;
    }
    running = writeOutAll()
      .catch((error: unknown) => log.warn({ err: error }, 'deferred notices are kept and will be written out at the next sweep'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(kick, deferredNoticeSweepMs);
  timer.unref();
  return {
    kick,
    async settled() {
      kick();
      while (running) await running;
    },
    async stop() {
      clearInterval(timer);
      while (running) await running;
    },
  };
}
