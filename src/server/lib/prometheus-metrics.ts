import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricSources, MetricsRecorder } from './metric-sources';

/** Seconds: from a cached catalogue answer (a fraction of a millisecond) to a request that waits on a busy database. */
const latencyBucketsSeconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** BDT: from a small payment to the per-transfer ceiling. */
const amountBucketsBdt = [100, 500, 1_000, 5_000, 10_000, 25_000, 50_000, 100_000, 300_000, 1_000_000];

/**
 * The server's Prometheus metrics, one registry per app instance (tests run several in one
 * process). Requests are labelled by the matched route pattern (`/api/singleAccDetails/:id`),
 * never the raw address, so an account number or a scanner's junk cannot grow the label set.
 */
export class PrometheusMetrics implements MetricsRecorder {
  private readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly transfers: Counter<'outcome'>;
  private readonly transferAmount: Histogram;
  private readonly failedSignIns: Counter;
  private readonly throttled: Counter<'policy'>;

  constructor(sources: MetricSources = {}) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer; _count is the number of requests',
      labelNames: ['method', 'route', 'status'],
      buckets: latencyBucketsSeconds,
      registers,
    });
    this.transfers = new Counter({
      name: 'bank_transfers_total',
      help: 'Transfers between accounts, by outcome: moved, or refused (insufficient funds, limits, wrong receiver)',
      labelNames: ['outcome'],
      registers,
    });
    this.transferAmount = new Histogram({ name: 'bank_transfer_amount_bdt', help: 'Amounts of the transfers that moved money, in BDT', buckets: amountBucketsBdt, registers });
    this.failedSignIns = new Counter({ name: 'bank_failed_sign_ins_total', help: 'Sign-ins refused for a wrong e-mail or password', registers });
    this.throttled = new Counter({ name: 'bank_throttled_requests_total', help: 'Requests refused by a throttle, by throttle', labelNames: ['policy'], registers });
    const poolStats = sources.poolStats;
    if (poolStats) {
      new Gauge({
        name: 'db_pool_connections_in_use',
        help: 'Database connections serving a query or transaction',
        registers,
        collect() {
          const stats = poolStats();
          this.set(stats.total - stats.idle);
        },
      });
      new Gauge({
        name: 'db_pool_connections_idle',
        help: 'Open database connections waiting for work',
        registers,
        collect() {
          this.set(poolStats().idle);
        },
      });
      new Gauge({
        name: 'db_pool_requests_waiting',
        help: 'Queries waiting for a free database connection',
        registers,
        collect() {
          this.set(poolStats().waiting);
        },
      });
    }
    const outboxStats = sources.outboxStats;
    if (outboxStats) {
      // One query per scrape sets both: the registry collects the depth first, then reads the age.
      const oldestAge = new Gauge({ name: 'mail_outbox_oldest_age_seconds', help: 'How long the oldest unsent e-mail has waited; 0 when none waits', registers: [] });
      new Gauge({
        name: 'mail_outbox_depth',
        help: 'Stored e-mails (contact messages, notices) not sent yet and still being tried',
        registers,
        async collect() {
          const stats = await outboxStats();
          this.set(stats.depth);
          oldestAge.set(stats.oldestAgeSeconds);
        },
      });
      this.registry.registerMetric(oldestAge);
    }
    const deferredNotices = sources.deferredNotices;
    if (deferredNotices) {
      new Gauge({
        name: 'notices_deferred_waiting',
        help: 'Batches of transfer notices kept but not yet written out as notifications and e-mails; near 0 while the writer keeps up',
        registers,
        async collect() {
          this.set(await deferredNotices());
        },
      });
    }
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status: String(status) }, seconds);
  }

  transferMoved(amountBdt: number): void {
    this.transfers.inc({ outcome: 'moved' });
    this.transferAmount.observe(amountBdt);
  }

  transferRefused(): void {
    this.transfers.inc({ outcome: 'refused' });
  }

  signInFailed(): void {
    this.failedSignIns.inc();
  }

  requestThrottled(policy: string): void {
    this.throttled.inc({ policy });
  }

  async render(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
