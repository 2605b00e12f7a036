import type { App } from '../../src/server/app';

/**
 * The test helpers speak to an app through `inject`; this one carries each request over real
 * HTTP to a server process instead, so the same helpers set up customers and accounts there.
 */
export function overHttp(baseUrl: string): App {
  const inject = async (request: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }) => {
    const headers: Record<string, string> = { ...request.headers };
    let body: string | Blob | undefined;
    if (Buffer.isBuffer(request.payload)) body = new Blob([new Uint8Array(request.payload)]);
    else if (typeof request.payload === 'string') body = request.payload;
    else if (request.payload !== undefined) {
      body = JSON.stringify(request.payload);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${baseUrl}${request.url}`, { method: request.method, headers, body });
    const text = await response.text();
    const responseHeaders: Record<string, string | string[]> = Object.fromEntries(response.headers.entries());
    responseHeaders['set-cookie'] = response.headers.getSetCookie();
    return { statusCode: response.status, body: text, headers: responseHeaders, json: () => JSON.parse(text) as unknown };
  };
  // A stand-in, not a built app: only what the helpers read over HTTP (inject, the Origin to send).
  return { inject, services: { publicUrl: baseUrl } } as unknown as App;
}

/**
 * What one try of a transfer came to, as a customer's app sees it: moved (200), refused (any
 * other 4xx but 409), or not known yet: in progress (409), or lost (a 5xx, a dropped or refused
 * connection, no answer in time), both of which the app sends again with the same key.
 */
export type TransferAnswer = 'moved' | 'refused' | 'in-progress' | 'lost';
export type TransferAttempt = { answer: TransferAnswer; status: number | undefined; body: string };

/** A try gets no answer in this long counts as lost: a hung request must not stall a client for good. */
export const transferAnswerWaitMs = 10_000;

/** One try of `PUT /api/userMoneyTrans` with its Idempotency-Key, sent to `baseUrl` with that server's own Origin. */
export async function sendTransfer(baseUrl: string, cookie: string, body: Record<string, unknown>, key: string): Promise<TransferAttempt> {
  try {
    const response = await fetch(`${baseUrl}/api/userMoneyTrans`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie, 'idempotency-key': key },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(transferAnswerWaitMs),
    });
    const text = await response.text();
    return { answer: classify(response.status), status: response.status, body: text };
  } catch {
    return { answer: 'lost', status: undefined, body: '' };
  }
}

function classify(status: number): TransferAnswer {
  if (status === 200) return 'moved';
  if (status === 409) return 'in-progress';
  // Too many requests is no answer about the transfer either: the app waits and sends it again.
  if (status >= 500 || status === 429) return 'lost';
  return 'refused';
}
