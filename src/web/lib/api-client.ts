import type { z } from 'zod';
import { noteSessionEndsIn } from './session-deadline';

/** The one HTTP client of the web app: same-origin fetch, cookies included, one error type. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The server's name for a failed request (5xx): the customer quotes it, staff find its log lines by it. */
    readonly requestId: string | null = null,
  ) {
    super(message);
  }
}

type ErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string> }; code?: string; message?: string };

/** What the server calls this request: every answer names it in `X-Request-Id`, a proxy's error page included. */
const requestIdPattern = /^[A-Za-z0-9-]{8,64}$/;
function requestIdOf(headers: Headers): string | null {
  const id = headers.get('x-request-id');
  return id !== null && requestIdPattern.test(id) ? id : null;
}

/** Our API answers `{ error: { code, message, fields } }`; better-auth answers `{ code, message }`. */
function toApiError(status: number, body: ErrorBody | null, requestId: string | null): ApiError {
  if (body?.error) return new ApiError(status, body.error.code ?? 'error', body.error.message ?? 'Request failed', body.error.fields ?? {}, requestId);
  return new ApiError(status, body?.code ?? `http_${status}`, body?.message ?? 'Request failed', {}, requestId);
}

export type RequestOptions = { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

/**
 * A request with no answer after this long counts as lost (status 0, code `timeout`): a phone
 * on a failing mobile link must not wait for ever, and a money action then settles its outcome
 * by resending with the same Idempotency-Key.
 */
export const requestTimeoutMs = 30_000;

function withTimeout(signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(requestTimeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** The caller's own abort passes through; anything else (offline, reset, timeout) is a lost request. */
function lostRequestError(error: unknown, callerSignal: AbortSignal | undefined): unknown {
  if (callerSignal?.aborted) return error;
  if ((error as Error).name === 'TimeoutError') return new ApiError(0, 'timeout', 'timeout');
  return new ApiError(0, 'network-request-failed', 'network');
}

/** Sends the request and answers the parsed body and the headers; a non-2xx answer throws ApiError. */
async function send(path: string, options: RequestOptions): Promise<{ body: unknown; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? 'GET', headers, body, credentials: 'same-origin', signal: withTimeout(options.signal) });
  } catch (error) {
    throw lostRequestError(error, options.signal);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The connection broke while the answer arrived: the server may have acted.
    throw lostRequestError(error, options.signal);
  }
  let parsed: unknown = null;
  if (text.length > 0) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  const sessionEndsIn = response.headers.get('session-ends-in');
  if (sessionEndsIn !== null && /^\d+$/.test(sessionEndsIn)) noteSessionEndsIn(Number(sessionEndsIn));
  if (!response.ok) throw toApiError(response.status, parsed as ErrorBody | null, requestIdOf(response.headers));
  return { body: parsed, headers: response.headers };
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send(path, options)).body as T;
}

/**
 * The shared schema (`src/shared/schemas`) an answer is checked against: the schema itself, or how
 * to load it. A module that must stay free of zod (the account queries are part of every first
 * screen; a public page's form loads zod only when it checks its values) names the loader, and
 * the schema then arrives while the request is on its way.
 */
export type AnswerSchema<Schema extends z.ZodType> = Schema | (() => Promise<Schema>);

/**
 * A request whose answer is checked against the shared schema the server answers it with: the page
 * reads exactly what that schema says. An answer of another shape fails the call without saying
 * whether the server acted, so a money action settles it as it settles a lost answer
 * (`settle-operation.ts`). Which calls are checked: records 063 and 068.
 */
export async function apiRequestChecked<Schema extends z.ZodType>(answer: AnswerSchema<Schema>, path: string, options: RequestOptions = {}): Promise<z.output<Schema>> {
  const schema = typeof answer === 'function' ? answer() : Promise.resolve(answer);
  // The request's own outcome comes first (refused, or lost while offline, with its ApiError): a
  // schema that could not be loaded is reported only once the answer is in.
  void schema.catch(() => undefined);
  const { body } = await send(path, options);
  return (await schema).parse(body);
}

/** A page of a list and the list's size from `X-Total-Count`; `total` is null when the server does not say. */
export type PageWithTotal<T> = { items: T[]; total: number | null };

export async function apiGetWithTotal<T>(path: string, signal?: AbortSignal): Promise<PageWithTotal<T>> {
  const { body, headers } = await send(path, { signal });
  const header = headers.get('x-total-count');
  const total = header === null || !/^\d+$/.test(header) ? null : Number(header);
  return { items: Array.isArray(body) ? (body as T[]) : [], total };
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal });
export const apiPost = <T>(path: string, body?: unknown, headers?: Record<string, string>) => apiRequest<T>(path, { method: 'POST', body: body ?? {}, headers });
export const apiPut = <T>(path: string, body?: unknown, headers?: Record<string, string>) => apiRequest<T>(path, { method: 'PUT', body: body ?? {}, headers });
