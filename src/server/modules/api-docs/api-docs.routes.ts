import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type DocumentedRoute } from '../../lib/openapi';
import { renderApiDocsPage } from './api-docs-page';
import { routeSummaries } from './route-summaries';

export const openApiDocumentPath = '/api/openapi.json';

const probes = new Set(['/healthz', '/readyz', '/metrics']);
export const isDocumented = (url: string) => url.startsWith('/api/') || probes.has(url);

/**
 * The API's own description: the OpenAPI 3.1 document, built from the routes the router holds and
 * the zod schemas that validate them (no second copy to drift), and a page that lists it for
 * people. Both are built on first request, once every route is registered, and kept.
 */
export async function apiDocsRoutes(app: FastifyInstance, deps: { routes: readonly DocumentedRoute[]; publicUrl: string; version: string }): Promise<void> {
  let document: { json: string; page: string } | undefined;
  const documentOnce = () => {
    if (!document) {
      // The API and the probes; the web app's pages and files are not part of it.
      const served = deps.routes.filter((route) => isDocumented(route.url));
      const routes = served.map((route) => ({ ...route, summary: routeSummaries[`${route.method} ${route.url}`] }));
      const built = buildOpenApiDocument(routes, { title: 'Padma Bank API', version: deps.version, serverUrl: deps.publicUrl });
      document = { json: JSON.stringify(built), page: renderApiDocsPage(built) };
    }
    return document;
  };
  app.get(openApiDocumentPath, { config: { access: 'public' } }, async (_request, reply) => {
    void reply.header('content-type', 'application/json; charset=utf-8');
    return documentOnce().json;
  });
  app.get('/api/docs', { config: { access: 'public' } }, async (_request, reply) => {
    void reply.header('content-type', 'text/html; charset=utf-8');
    return documentOnce().page;
  });
}
