import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for every state-changing call: a browser always sends Origin
 * on such requests, and only the bank's own pages may send them. Requests without an Origin
 * (curl, server-to-server) carry no ambient browser cookies to abuse. Every unsafe method is
 * checked, whatever its address: the router decodes `/%61pi/…` to `/api/…`, so a test on the
 * raw address would let that spelling through.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  const trusted = new Set(trustedOrigins.map((origin) => origin.replace(/\/$/, '')));
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !trusted.has(origin)) {
      throw new AppError(403, 'invalid_origin', 'This request did not come from the bank’s own site');
    }
  });
}
