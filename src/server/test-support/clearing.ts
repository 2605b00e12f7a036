import type { App } from '../app';
import type { ClearingHouse } from '../../clearing-house/clearing-house';

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

/** One call to the embedded switch's control API (test and development modes only). */
export async function controlClearing<T = unknown>(app: App, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const house = await embeddedClearingOf(app);
  const response = await fetch(`${house.url}/control/${path.replace(/^\//, '')}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`control ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
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
