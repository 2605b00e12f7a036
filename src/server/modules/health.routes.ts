import type { FastifyInstance } from 'fastify';
import { isDatabaseReady, type Database } from '../db/client';

/** Outside /api: probes for a load balancer, not for people. */
export async function healthRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      if (await isDatabaseReady(deps.db)) return { status: 'ready' };
      return reply.status(503).send({ status: 'migrations pending' });
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });
}
