/** The one HTTP client of the web app: same-origin fetch, cookies included, one error type. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

type ErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string> }; code?: string; message?: string };

/** Our API answers `{ error: { code, message, fields } }`; better-auth answers `{ code, message }`. */
function toApiError(status: number, body: ErrorBody | null): ApiError {
  if (body?.error) return new ApiError(status, body.error.code ?? 'error', body.error.message ?? 'Request failed', body.error.fields ?? {});
  return new ApiError(status, body?.code ?? `http_${status}`, body?.message ?? 'Request failed');
}

export type RequestOptions = { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

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
    response = await fetch(path, { method: options.method ?? 'GET', headers, body, credentials: 'same-origin', signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network-request-failed', 'network');
  }
  const text = await response.text();
  let parsed: unknown = null;
  if (text.length > 0) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) throw toApiError(response.status, parsed as ErrorBody | null);
  return { body: parsed, headers: response.headers };
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send(path, options)).body as T;
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
export const apiPost = <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} });
export const apiPut = <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body: body ?? {} });
export const apiDelete = <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body });
