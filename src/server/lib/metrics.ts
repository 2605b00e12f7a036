import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

import type { MetricsRecorder, MetricSources } from './metric-sources';

export type { MetricSources, MetricsRecorder, OutboxStats, PoolStats } from './metric-sources';

type ServedMetrics = MetricsRecorder & { render: () => Promise<{ contentType: string; text: string }> };

export type Metrics = MetricsRecorder & { served: ServedMetrics | null };

const ignore = () => undefined;
const notCounting: MetricsRecorder = { observeRequest: ignore, transferMoved: ignore, transferRefused: ignore, signInFailed: ignore, requestThrottled: ignore };

/**
 * The metrics for one app instance (tests run several in one process). prom-client is loaded only
 * when metrics are served (`METRICS_TOKEN`): it costs a tenth of a second at every start, and a
 * server nobody scrapes need not count.
 */
export async function createMetrics(token: string | undefined, sources: MetricSources): Promise<Metrics> {
  if (!token) return { ...notCounting, served: null };
  const { PrometheusMetrics } = await import('./prometheus-metrics');
  const served = new PrometheusMetrics(sources);
  return {
    observeRequest: (...args) => served.observeRequest(...args),
    transferMoved: (amount) => served.transferMoved(amount),
    transferRefused: () => served.transferRefused(),
    signInFailed: () => served.signInFailed(),
    requestThrottled: (policy) => served.requestThrottled(policy),
    served,
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus's text format, for a scraper holding `METRICS_TOKEN`
 * (`Authorization: Bearer …`). Without a token configured, or with a wrong one, it answers 404
 * like any unknown address: the figures say how busy the bank is and are nobody else's business.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  const served = metrics.served;
  if (served) {
    app.addHook('onResponse', async (request, reply) => {
      // Unmatched addresses share one label: a scanner's thousand paths are one series.
      const route = request.routeOptions.url ?? 'unmatched';
      served.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
  }
  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    if (!served || !token || !header.startsWith('Bearer ') || !sameToken(header.slice('Bearer '.length), token)) {
      return reply.code(404).send({ error: { code: 'not_found', message: `No route GET /metrics` } });
    }
    const { contentType, text } = await served.render();
    void reply.header('content-type', contentType);
    return text;
  });
}
