/** The shapes both the metrics route and its Prometheus recorder speak: what is counted, and where gauges are read. */

/** What the database pool holds right now; PGlite has one connection and no pool. */
export type PoolStats = { total: number; idle: number; waiting: number };
/** Stored e-mail not sent yet, and how long the oldest has waited. */
export type OutboxStats = { depth: number; oldestAgeSeconds: number };

/** What the server counts; a no-op unless metrics are served. */
export type MetricsRecorder = {
  observeRequest: (method: string, route: string, status: number, seconds: number) => void;
  transferMoved: (amountBdt: number) => void;
  transferRefused: () => void;
  signInFailed: () => void;
  requestThrottled: (policy: string) => void;
};

export type MetricSources = {
  poolStats?: () => PoolStats;
  outboxStats?: () => Promise<OutboxStats>;
  /** Rows of events whose notifications and e-mails are kept but not written out yet. */
  deferredNotices?: () => Promise<number>;
};
