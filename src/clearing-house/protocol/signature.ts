import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Every message between the switch and a participant, in both directions, carries these headers.
 * The signature is HMAC-SHA256, hex, over `timestamp + "\n" + nonce + "\n" + body` with the key
 * the switch shares with that participant, so neither the body nor the headers can be changed or
 * replayed under another nonce. `sender` names the participant whose key signs ("SWITCH" signs
 * with the receiving participant's key).
 */
export const signatureHeaders = {
  sender: 'x-clearing-sender',
  timestamp: 'x-clearing-timestamp',
  nonce: 'x-clearing-nonce',
  signature: 'x-clearing-signature',
} as const;

export const switchSenderId = 'SWITCH';
/** A message signed longer ago (or further ahead) than this is refused as stale. */
export const signatureFreshnessMs = 5 * 60 * 1000;
const nonceLengthMax = 100;

export type SignedHeaders = Record<(typeof signatureHeaders)[keyof typeof signatureHeaders], string>;

export function signatureOf(key: string, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha256', key).update(`${timestamp}\n${nonce}\n${body}`).digest('hex');
}

/** Headers for one message; the nonce defaults to a fresh UUID (a resend signs anew). */
export function signMessage(input: { sender: string; key: string; body: string; now?: Date; nonce?: string }): SignedHeaders {
  const timestamp = (input.now ?? new Date()).toISOString();
  const nonce = input.nonce ?? randomUUID();
  return {
    [signatureHeaders.sender]: input.sender,
    [signatureHeaders.timestamp]: timestamp,
    [signatureHeaders.nonce]: nonce,
    [signatureHeaders.signature]: signatureOf(input.key, timestamp, nonce, input.body),
  } as SignedHeaders;
}

export type SignatureRefusal = 'unsigned' | 'unknown_sender' | 'bad_signature' | 'stale' | 'replayed';
export type SignatureCheck = { ok: true; sender: string; nonce: string } | { ok: false; reason: SignatureRefusal };

type HeaderBag = Record<string, string | string[] | undefined>;

function single(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? undefined : value;
}

/**
 * Checks a message's headers and body. `keyOf` answers the shared key of a sender (undefined for
 * one the receiver does not know); `rememberNonce` records the sender's nonce and answers false
 * when it was seen before, which is how a replay inside the freshness window is caught. The nonce
 * is remembered only once the signature is good, so nobody can burn another's nonces.
 */
export async function verifyMessage(input: {
  headers: HeaderBag;
  body: string;
  keyOf: (sender: string) => string | undefined;
  rememberNonce: (sender: string, nonce: string) => Promise<boolean> | boolean;
  now: Date;
}): Promise<SignatureCheck> {
  const sender = single(input.headers, signatureHeaders.sender);
  const timestamp = single(input.headers, signatureHeaders.timestamp);
  const nonce = single(input.headers, signatureHeaders.nonce);
  const signature = single(input.headers, signatureHeaders.signature);
  if (!sender || !timestamp || !nonce || !signature || nonce.length > nonceLengthMax) return { ok: false, reason: 'unsigned' };
  const key = input.keyOf(sender);
  if (key === undefined) return { ok: false, reason: 'unknown_sender' };
  const expected = Buffer.from(signatureOf(key, timestamp, nonce, input.body), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
  const signedAt = Date.parse(timestamp);
  if (!Number.isFinite(signedAt) || Math.abs(input.now.getTime() - signedAt) > signatureFreshnessMs) return { ok: false, reason: 'stale' };
  if (!(await input.rememberNonce(sender, nonce))) return { ok: false, reason: 'replayed' };
  return { ok: true, sender, nonce };
}
