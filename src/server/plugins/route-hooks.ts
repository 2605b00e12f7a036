import type { onRequestAsyncHookHandler, onRequestHookHandler, RouteOptions } from 'fastify';

/**
 * Adds an onRequest hook to one route as it is registered. A check that only some routes need
 * (a session, an Origin) then costs nothing on the others, such as the public reads.
 */
export function addRouteOnRequest(route: RouteOptions, hook: onRequestHookHandler | onRequestAsyncHookHandler): void {
  const existing = route.onRequest;
  route.onRequest = [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), hook];
}
