import { vi } from 'vitest';
import type { z } from 'zod';
import { apiErrorSchema } from '../../shared/schemas/error';

/** One stubbed answer: a status and a body as the server sends it. */
export type StubReply = { status: number; body?: unknown };
type Handler = (request: { body: unknown; headers: Headers }) => StubReply | Promise<StubReply>;
/** What the component sent, in order, for the test to check (a transfer never sent, a code attached). */
export type SentRequest = { route: string; body: unknown; headers: Headers };

/** A success, its body checked against the shared answer schema: a stub cannot drift from what the server answers. */
export const answer = <Schema extends z.ZodType>(schema: Schema, body: z.input<Schema>): StubReply => ({ status: 200, body: schema.parse(body) });

/** A refusal in the one error shape every API answer uses. */
export const refusal = (status: number, code: string, message: string, fields?: Record<string, string>): StubReply => ({
  status,
  body: apiErrorSchema.parse({ error: { code, message, ...(fields ? { fields } : {}) } }),
});

/**
 * Replaces `fetch`, the web app's one way out, with answers per `METHOD /path`. The component
 * under test is real down to its HTTP client; only the server is replaced. A request nobody
 * stubbed answers 501, so a test that forgot one fails loudly instead of waiting.
 */
export function stubApi(routes: Record<string, StubReply | Handler>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://bank.test');
    const route = `${init.method ?? 'GET'} ${url.pathname}`;
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const headers = new Headers(init.headers);
    sent.push({ route, body, headers });
    const handler = routes[route];
    const reply = handler === undefined ? refusal(501, 'not_stubbed', `No stub for ${route}`) : typeof handler === 'function' ? await handler({ body, headers }) : handler;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  return { sent: (route: string) => sent.filter((request) => request.route === route) };
}
