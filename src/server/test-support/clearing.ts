import type { App } from '../app';
import { startClearingHouse, type ClearingHouse } from '../../clearing-house/clearing-house';
import { Clock } from '../../clearing-house/clock';
import { clearingClient, type ClearingClient } from '../modules/payments/clearing-client';

/**
 * The test app's embedded clearing house, started if it was not: its `url` (the control API is at
 * `${url}/control/…`), `tick()` to settle and deliver, and `clearing` for its books.
 */
export async function embeddedClearingOf(app: App): Promise<ClearingHouse> {
  const house = await app.services.clearing.embeddedSwitch();
  if (!house) throw new Error('this app talks to a clearing house elsewhere (CLEARING_URL)');
  return house;
}

/** Sends what the outbox holds and waits for it (the test app's worker runs only when kicked). */
export async function drainClearing(app: App): Promise<void> {
  await app.services.clearing.drain();
}

type ControlMethod = 'GET' | 'POST' | 'DELETE';

/** One call to a switch's control API at `url` (test and development modes only); its answer, or a failure that says which call and why. */
async function controlAt<T>(url: string, method: ControlMethod, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/control/${path.replace(/^\//, '')}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`control ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** One call to the embedded switch's control API (test and development modes only). */
export async function controlClearing<T = unknown>(app: App, method: ControlMethod, path: string, body?: unknown): Promise<T> {
  const house = await embeddedClearingOf(app);
  return controlAt<T>(house.url, method, path, body);
}

/** A switch of a test's own, with the bank's wire to it. */
export type TestSwitch = {
  house: ClearingHouse;
  /** The bank's client, signed with the test's key, remembering the nonces it has seen. */
  client: ClearingClient;
  /** The nonce memory `client` uses, for a second client that should share it. */
  rememberNonce: (sender: string, nonce: string) => Promise<boolean>;
  control: <T = unknown>(method: ControlMethod, path: string, body?: unknown) => Promise<T>;
};

/** How long a client waits for an answer: shorter than the switch holds a `timeout` fault's, so the client sees the timeout. */
const testAnswerTimeoutMs = 1_000;
const testTimeoutHoldMs = 1_500;

/**
 * A switch outside any app, for the tests of the bank's side of the wire (the client, the outbox,
 * reconciliation) that send through a client of their own rather than the app's: in memory, in
 * test mode, PADMA its one participant signing with `key`, nothing on a timer (`house.tick()`).
 */
export async function startTestSwitch(key: string, clock: Clock = new Clock()): Promise<TestSwitch> {
  const house = await startClearingHouse({ participants: { PADMA: { key } }, embedded: true, mode: 'test', clock, tickMs: false, timeoutHoldMs: testTimeoutHoldMs });
  const seen = new Set<string>();
  const rememberNonce = (_sender: string, nonce: string) => Promise.resolve(!seen.has(nonce) && Boolean(seen.add(nonce)));
  return {
    house,
    client: clearingClient({ url: house.url, participant: 'PADMA', key, answerTimeoutMs: testAnswerTimeoutMs }, rememberNonce),
    rememberNonce,
    control: (method, path, body) => controlAt(house.url, method, path, body),
  };
}

/**
 * The switch's ticks (it settles the BEFTN sessions closed by its clock, then delivers), until
 * nothing is left to deliver now, at most ten: a delivery that failed waits for its retry.
 */
export async function deliverAll(app: App): Promise<void> {
  const house = await embeddedClearingOf(app);
  let round = 0;
  do {
    await house.tick();
    round += 1;
  } while (round < 10 && (await house.clearing.pendingJobs()) > 0);
}
