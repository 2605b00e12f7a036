import type { App } from '../app';
import { SmsCatcher } from '../lib/sms-gateway';
import { call } from './banking';

/** The embedded catcher the test app's SMS outbox sends to (a test app has no SMS_URL). */
function catcherOf(app: App): SmsCatcher {
  const gateway = app.services.secondFactor.smsOutbox.gateway;
  if (!(gateway instanceof SmsCatcher)) throw new Error('the test app sends SMS through a gateway, not the embedded catcher');
  return gateway;
}

/** Every SMS delivered to `phoneNumber` so far (the outbox drained first), oldest first. */
export async function smsTexts(app: App, phoneNumber: string): Promise<string[]> {
  await app.services.secondFactor.smsOutbox.drainNow();
  return catcherOf(app)
    .messagesTo(phoneNumber)
    .map((message) => message.text);
}

/** The newest SMS to `phoneNumber`, waiting briefly for the outbox when none newer than `seen` messages has arrived yet. */
export async function newestSms(app: App, phoneNumber: string, seen: number): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const texts = await smsTexts(app, phoneNumber);
    if (texts.length > seen) return texts[texts.length - 1] ?? '';
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no new SMS to ${phoneNumber}`);
}

/** The 6-digit code in an SMS (Bangla digits read as ASCII). */
export function codeIn(text: string): string {
  const ascii = text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
  const match = /\b(\d{6})\b/.exec(ascii);
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
}

/** Verifies `phoneNumber` for the customer through the real endpoints, reading the code from the catcher. */
export async function verifyPhone(app: App, customer: { cookie: string; password: string }, phoneNumber: string): Promise<void> {
  const seen = (await smsTexts(app, phoneNumber)).length;
  const asked = await call(app, 'POST', '/api/phoneNumber/code', customer.cookie, { phoneNumber, password: customer.password });
  if (asked.statusCode !== 200) throw new Error(`phone code refused: ${asked.statusCode} ${asked.body}`);
  const code = codeIn(await newestSms(app, phoneNumber, seen));
  const verified = await call(app, 'POST', '/api/phoneNumber/verify', customer.cookie, { phoneNumber, code });
  if (verified.statusCode !== 200) throw new Error(`phone verification refused: ${verified.statusCode} ${verified.body}`);
}
