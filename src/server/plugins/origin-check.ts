import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { addRouteOnRequest } from './route-hooks';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for every state-changing call: a browser always sends Origin
 * on such requests, and only the bank's own pages may send them. Requests without an Origin
 * (curl, server-to-server) carry no ambient browser cookies to abuse. The check is attached to
 * every route that accepts an unsafe method, so it is keyed on the matched route: the router
 * decodes `/%61pi/…` to `/api/…`, and a test on the raw address would let that spelling through.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  const trusted = new Set(trustedOrigins.map((origin) => origin.replace(/\/$/, '')));
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => safeMethods.has(method))) return;
    addRouteOnRequest(route, (request, _reply, done) => {
      const origin = request.headers.origin;
      if (safeMethods.has(request.method) || origin === undefined || trusted.has(origin)) return done();
      done(new AppError(403, 'invalid_origin', 'This request did not come from the bank’s own site'));
    });
  });
}
