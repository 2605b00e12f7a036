import type { App } from '../app';
import { base32Decode, hotpCode, timeStepAt, totpPeriodSeconds, totpWindowSteps } from '../modules/two-factor/totp';

/**
 * The time authenticator codes are made and checked at by the servers this test process builds
 * (`buildTestInstance` hands `now` to the app): the wall clock plus the time tests skipped. The
 * server takes each 30-second step's code once per user and accepts only the steps around its
 * now, so a test that needs a fourth code within a minute and a half would wait up to 30 s for
 * the clock; it skips the wait instead, for every server of the process at once. A server in
 * another process keeps the wall clock, and codes for it wait as a person would.
 */
let skippedMs = 0;
export const testAuthenticatorTime = {
  now: (): number => Date.now() + skippedMs,
  moveOn(ms: number): void {
    skippedMs += ms;
  },
};

/**
 * An authenticator app, as a test holds it: the secret the enrolment showed, and the newest time
 * step whose code it gave out. The server accepts each step's code once, so the app gives the
 * next unused step's code, moving the clock on when it has used the ones the server accepts.
 * `wallClock` marks the app of a server in another process (reached over HTTP), whose clock no
 * test moves: its codes wait for the time.
 */
export type Authenticator = { secret: string; lastStep: number; wallClock?: boolean };

const timeOf = (authenticator: Authenticator): number => (authenticator.wallClock ? Date.now() : testAuthenticatorTime.now());

/** Time a code must have left to be sure to arrive while the server still takes it. */
const codeLifeNeededMs = 5_000;

/**
 * The code of a step that can still be used, the earliest the server accepts: one step back while
 * that has 5 s of life left, else the current one, at most the next. The server takes each step
 * once and only later ones after it, so a test that needs many codes moves the clock on once it
 * has used those three (or, for a server in another process, waits for it): starting one step back
 * saves a wait of up to 30 s for every third code there.
 */
export async function freshTotpCode(authenticator: Authenticator): Promise<string> {
  const now = timeOf(authenticator);
  const current = timeStepAt(now);
  const previousLivesLongEnough = (current + totpWindowSteps) * totpPeriodSeconds * 1000 - now > codeLifeNeededMs;
  const step = Math.max(authenticator.lastStep + 1, previousLivesLongEnough ? current - totpWindowSteps : current);
  const waitMs = (step - 1) * totpPeriodSeconds * 1000 - timeOf(authenticator);
  if (waitMs > 0 && authenticator.wallClock) await new Promise((resolve) => setTimeout(resolve, waitMs + 50));
  else if (waitMs > 0) testAuthenticatorTime.moveOn(waitMs + 50);
  authenticator.lastStep = step;
  return hotpCode(base32Decode(authenticator.secret), step);
}

/**
 * The code the app shows now, without spending it: for a request the test expects to be refused
 * before any code is checked (a throttle), so the next `freshTotpCode` need not wait for the clock.
 */
export function unspentTotpCode(authenticator: Authenticator): string {
  return hotpCode(base32Decode(authenticator.secret), Math.max(authenticator.lastStep + 1, timeStepAt(timeOf(authenticator))));
}

/** A code the server will refuse: right now, it is the code of no step it accepts. */
export function wrongTotpCode(authenticator: Authenticator): string {
  const key = base32Decode(authenticator.secret);
  const now = timeStepAt(timeOf(authenticator));
  const valid = new Set([now - 2, now - 1, now, now + 1, now + 2].map((step) => hotpCode(key, step)));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

/** A server this process built carries its services; one reached over HTTP (`overHttp`) only its address. */
const builtHere = (app: App): boolean => 'secondFactor' in app.services;

function cookieOf(setCookie: string | string[] | undefined): string {
  const values = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return values
    .map((value) => value.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

export type Enrolment = { cookie: string; authenticator: Authenticator; recoveryCodes: string[] };

/** Turns two-step verification on for the signed-in user through the real endpoints; answers the new session's cookie. */
export async function enrolTwoFactor(app: App, cookie: string, password: string): Promise<Enrolment> {
  const headers = { origin: app.services.publicUrl, cookie };
  const started = await app.inject({ method: 'POST', url: '/api/auth/two-factor/enable', payload: { password }, headers });
  if (started.statusCode !== 200) throw new Error(`two-factor enrolment failed: ${started.statusCode} ${started.body}`);
  const { secret, recoveryCodes } = started.json() as { secret: string; recoveryCodes: string[] };
  const authenticator: Authenticator = builtHere(app) ? { secret, lastStep: 0 } : { secret, lastStep: 0, wallClock: true };
  const confirmed = await app.inject({ method: 'POST', url: '/api/auth/two-factor/verify-totp', payload: { code: await freshTotpCode(authenticator) }, headers });
  if (confirmed.statusCode !== 200) throw new Error(`two-factor confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
  return { cookie: cookieOf(confirmed.headers['set-cookie']), authenticator, recoveryCodes };
}

/** Signs in with a password and, when asked for one, a fresh code; answers the session cookie. */
export async function signInWithCode(app: App, email: string, password: string, authenticator: Authenticator): Promise<string> {
  // The same person's app, now for a server in another process (a restored copy): its codes keep the wall clock from here on.
  if (!builtHere(app)) authenticator.wallClock = true;
  const headers = { origin: app.services.publicUrl };
  const first = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers });
  if (first.statusCode !== 200) throw new Error(`sign-in failed: ${first.statusCode} ${first.body}`);
  if (!(first.json() as { twoFactorRedirect?: boolean }).twoFactorRedirect) return cookieOf(first.headers['set-cookie']);
  const challenge = cookieOf(first.headers['set-cookie']);
  const second = await app.inject({ method: 'POST', url: '/api/auth/two-factor/verify-totp', payload: { code: await freshTotpCode(authenticator) }, headers: { ...headers, cookie: challenge } });
  if (second.statusCode !== 200) throw new Error(`second factor failed: ${second.statusCode} ${second.body}`);
  return cookieOf(second.headers['set-cookie']);
}
