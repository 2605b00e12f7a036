import { randomBytes } from 'node:crypto';
import { buildMessage, MessageError, parseMessage, type Message } from '../../../clearing-house/protocol/messages';
import { signMessage, switchSenderId, verifyMessage } from '../../../clearing-house/protocol/signature';

/**
 * The bank's side of the wire to the clearing house: one signed ISO 20022 message out, its signed
 * answer back, and both raw texts kept for the caller to store (they are the bank's evidence in a
 * dispute). The protocol's two files are all this imports of the simulator; the switch behind the
 * address may as well be Bangladesh Bank's.
 */

export type ClearingConnection = {
  /** The switch's base address, e.g. http://127.0.0.1:3100. */
  url: string;
  /** The bank's code on the switch (PADMA). */
  participant: string;
  /** The key the bank shares with the switch. */
  key: string;
  /** How long the bank waits for an answer before the outcome counts as unknown. */
  answerTimeoutMs: number;
};

/**
 * What came of one message. `answered`: the switch's signed answer. `refused`: the switch refused
 * the message itself (its JSON error: unsigned, invalid, unknown message for a status request).
 * `unknown`: no answer the bank can trust (a timeout, no connection, the switch down, an answer
 * whose signature does not hold); what happened is settled by asking again, never by sending a
 * second payment.
 */
export type ExchangeOutcome =
  | { kind: 'answered'; answer: Message; answerXml: string }
  | { kind: 'refused'; httpStatus: number; error: string; field?: string }
  | { kind: 'unknown'; cause: 'timeout' | 'unreachable' | 'switch_down' | 'unreadable_answer' };

export type Exchange = { sentXml: string; outcome: ExchangeOutcome };

export type ClearingClient = { exchange: (message: Message) => Promise<Exchange> };

/** A message id of at most 35 characters (ISO 20022's limit), unique without coordination: the bank's code, the time to the second, 8 random bytes. */
export function newMessageId(participant: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${participant}${stamp}${randomBytes(8).toString('hex')}`.slice(0, 35);
}

type ErrorBody = { error?: unknown; field?: unknown };

/**
 * `rememberNonce` records each nonce the switch signs with and answers false for one seen before,
 * so a replayed answer is not believed; it is the same store the inbound deliveries use.
 */
export function clearingClient(connection: ClearingConnection, rememberNonce: (sender: string, nonce: string) => Promise<boolean>): ClearingClient {
  const endpoint = `${connection.url.replace(/\/$/, '')}/iso20022`;

  async function answerOf(response: Response): Promise<ExchangeOutcome> {
    const text = await response.text();
    if (!response.headers.get('content-type')?.startsWith('application/xml')) {
      if (response.status === 503) return { kind: 'unknown', cause: 'switch_down' };
      const body = safeJson(text);
      if (response.status >= 400 && response.status < 500 && typeof body?.error === 'string') {
        return { kind: 'refused', httpStatus: response.status, error: body.error, ...(typeof body.field === 'string' ? { field: body.field } : {}) };
      }
      return { kind: 'unknown', cause: 'unreadable_answer' };
    }
    const check = await verifyMessage({
      headers: Object.fromEntries(response.headers.entries()),
      body: text,
      keyOf: (sender) => (sender === switchSenderId ? connection.key : undefined),
      rememberNonce,
      now: new Date(),
    });
    if (!check.ok) return { kind: 'unknown', cause: 'unreadable_answer' };
    try {
      return { kind: 'answered', answer: parseMessage(text), answerXml: text };
    } catch (error) {
      if (error instanceof MessageError) return { kind: 'unknown', cause: 'unreadable_answer' };
      throw error;
    }
  }

  return {
    async exchange(message) {
      const sentXml = buildMessage(message);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/xml', ...signMessage({ sender: connection.participant, key: connection.key, body: sentXml }) },
          body: sentXml,
          signal: AbortSignal.timeout(connection.answerTimeoutMs),
        });
      } catch (error) {
        return { sentXml, outcome: { kind: 'unknown', cause: (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable' } };
      }
      try {
        return { sentXml, outcome: await answerOf(response) };
      } catch (error) {
        // The body stopped arriving part way: the timeout fired while it was read.
        if ((error as Error).name === 'TimeoutError') return { sentXml, outcome: { kind: 'unknown', cause: 'timeout' } };
        throw error;
      }
    },
  };
}

function safeJson(text: string): ErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ErrorBody) : undefined;
  } catch {
    return undefined;
  }
}
