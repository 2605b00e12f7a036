import { ApiError } from './api-client';

/**
 * How long to wait before each resend when a send's outcome is unknown: about seven and a half
 * seconds in all, enough for a dropped mobile connection or a restarting server, short enough
 * that the customer is not left looking at a spinner.
 */
export const settleDelaysMs: readonly number[] = [500, 1_000, 2_000, 4_000];

/** What became of an operation: done (with the server's answer), refused (nothing happened), or still unknown. */
export type Settled<A> = { outcome: 'done'; answer: A } | { outcome: 'refused'; error: ApiError } | { outcome: 'unknown'; error: unknown };

/**
 * A new key for one confirmed operation. Made from `getRandomValues`, which exists on a plain
 * HTTP page too (`randomUUID` needs a secure context).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export const idempotencyHeader = (key: string) => ({ 'idempotency-key': key });

/**
 * Answers that say nothing about whether the server acted: the answer was lost (status 0: offline,
 * reset, timeout), the server failed (5xx), or the same key is still being worked on.
 */
function isAlwaysUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 0 || error.status >= 500) return true;
  return error.status === 409 && error.code === 'idempotency_in_progress';
}

/**
 * Refusals given before the server looks at the key (signed out, throttled, a proxy's timeout).
 * On a first send they mean nothing happened; after a lost answer they cannot tell us whether
 * that earlier send went through.
 */
const refusedBeforeTheKey = new Set([401, 403, 408, 429]);

export function classifyFailure(error: unknown, earlierSendLost: boolean): 'refused' | 'unknown' {
  if (isAlwaysUnknown(error)) return 'unknown';
  if (earlierSendLost && error instanceof ApiError && refusedBeforeTheKey.has(error.status)) return 'unknown';
  return 'refused';
}

export type SettleOptions = {
  delaysMs?: readonly number[];
  /** Called once, when the first send's outcome turns out to be unknown and settling begins. */
  onChecking?: () => void;
  wait?: (ms: number) => Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends once and, while the outcome is unknown, resends the very same request (same key, same
 * body) with back-off. The server answers a repeated key with the first answer, so a resend
 * never acts twice: it only finds out what happened.
 */
export async function settle<A>(send: () => Promise<A>, options: SettleOptions = {}): Promise<Settled<A>> {
  const delays = options.delaysMs ?? settleDelaysMs;
  const wait = options.wait ?? sleep;
  let lastError: unknown;
  for (let attempt = 0; attempt <= delays.length; attempt += 1) {
    if (attempt > 0) await wait(delays[attempt - 1] ?? 0);
    try {
      return { outcome: 'done', answer: await send() };
    } catch (error) {
      if (classifyFailure(error, attempt > 0) === 'refused') return { outcome: 'refused', error: error as ApiError };
      lastError = error;
      if (attempt === 0) options.onChecking?.();
    }
  }
  return { outcome: 'unknown', error: lastError };
}

/**
 * What the customer entered, as a string that changes when any of it changes: files by name,
 * size and date (a File has no JSON), amounts in poisha (bigint has no JSON either).
 */
export function operationSignature(values: unknown): string {
  return JSON.stringify(values, (_key, value: unknown) => {
    if (typeof value === 'bigint') return `${value.toString()}n`;
    if (typeof FileList !== 'undefined' && value instanceof FileList) return Array.from(value);
    if (typeof File !== 'undefined' && value instanceof File) return `file:${value.name}:${value.size}:${value.lastModified}`;
    return value;
  });
}
