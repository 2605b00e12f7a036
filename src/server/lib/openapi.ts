import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import { apiErrorSchema } from '../../shared/schemas/error';
import type { Access } from '../plugins/access-guard';

/** One documented operation: what the router holds for it, or what a hand-written handler serves. */
export type DocumentedRoute = {
  method: string;
  url: string;
  access: Access | undefined;
  summary?: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route kept only to answer 410 to old links: served, but no longer part of the API's document. */
    retired?: true;
  }
}

type JsonSchema = Record<string, unknown>;

const isZod = (value: unknown): value is ZodType => value instanceof z.ZodType;

/** Requests are documented as clients send them, answers as the server writes them. */
function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!isZod(schema)) return undefined;
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete converted.$schema;
  return converted;
}

/**
 * Records every route as it is registered, before any module registers its own: the document is
 * then the router's own list, so a route cannot be served and missing from it.
 */
export function collectRoutes(app: FastifyInstance): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS' || route.config?.retired) continue;
      routes.push({ method, url: route.url, access: route.config?.access, schema: route.schema as DocumentedRoute['schema'] });
    }
  });
  return routes;
}

/** `/api/accountStatement/:id` becomes `/api/accountStatement/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parametersOf(schema: unknown, where: 'path' | 'query'): JsonSchema[] {
  const converted = jsonSchemaOf(schema, 'input');
  const properties = (converted?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((converted?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: property }));
}

const accessText: Record<Access, string> = {
  public: 'Anyone, signed in or not.',
  'public-with-session': 'Anyone; a signed-in user is served as themselves, and a session that must first change its password or (staff) set up two-step verification is refused.',
  setup: 'A signed-in user, also one who must first change their password or (staff) set up two-step verification.',
  'public-with-setup-session': 'Anyone; a signed-in user is served as themselves, also one who must first change their password or (staff) set up two-step verification.',
  customer: 'A signed-in customer (or staff member), for their own records only: another customer’s id answers 404.',
  staff: 'A signed-in staff member.',
  administrator: 'A signed-in staff member who is an administrator (manages the other staff members).',
};

function operationOf(route: DocumentedRoute): JsonSchema {
  const responses: JsonSchema = {};
  for (const [status, schema] of Object.entries(route.schema?.response ?? {})) {
    const converted = jsonSchemaOf(schema, 'output');
    responses[status] = { description: status === '200' ? 'Done' : `Status ${status}`, ...(converted ? { content: { 'application/json': { schema: converted } } } : {}) };
  }
  if (!responses['200']) responses['200'] = { description: 'Done' };
  const error = { description: 'Refused: the one error body, naming each bad field', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  responses['4XX'] = error;
  const operation: JsonSchema = {
    summary: route.summary ?? '',
    description: route.access ? `Who may call it: ${accessText[route.access]}` : 'A probe for load balancers and operators.',
    responses,
  };
  if (route.access === 'customer' || route.access === 'staff' || route.access === 'setup') operation.security = [{ sessionCookie: [] }];
  const parameters = [...parametersOf(route.schema?.params, 'path'), ...parametersOf(route.schema?.querystring, 'query')];
  if (parameters.length > 0) operation.parameters = parameters;
  const body = jsonSchemaOf(route.schema?.body, 'input');
  if (body) operation.requestBody = { required: true, content: { 'application/json': { schema: body } } };
  return operation;
}

/** The OpenAPI 3.1 document of `routes`, built from the same zod schemas that validate requests. */
export function buildOpenApiDocument(routes: readonly DocumentedRoute[], info: { title: string; version: string; serverUrl: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const pathItem = (paths[openApiPath(route.url)] ??= {});
    pathItem[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        'Amounts are BDT, as numbers or decimal strings with at most two decimals. Unsafe methods must come from the bank’s own origin (`Origin` header). Money-moving calls accept an `Idempotency-Key` header: a resend with the same key gets the first answer.',
    },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(apiErrorSchema, 'output') },
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token', description: 'Set by POST /api/auth/sign-in/email; HTTP-only.' } },
    },
  };
}
