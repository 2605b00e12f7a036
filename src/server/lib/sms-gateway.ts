/**
 * The bank's way out to mobile phones. A gateway takes one message and either accepts it or
 * throws; the SMS outbox (`sms-outbox.ts`) stores first and retries. Two kinds:
 *
 * - `SMS_URL` set: an HTTP gateway (the operator's, or `scripts/cluster/sms-catcher.ts`), sent a
 *   JSON `{ id, to, text }` with the message's id as `Idempotency-Key`, so a resend after a lost
 *   answer is one message on the phone.
 * - unset: the embedded catcher, which keeps the latest messages in memory and writes each to the
 *   log, so that `npm start` alone shows a developer every code; tests read it too. In production
 *   it never writes a code to the log (anyone who reads logs could then confirm payments).
 */
export type OutgoingSms = {
  /** Fixed per stored row: the gateway sees the same id on every resend. */
  id: string;
  /** +8801XXXXXXXXX */
  to: string;
  text: string;
};

export type SmsGateway = { send: (message: OutgoingSms) => Promise<void>; describe: string };

/** The longest one send may take before it counts as failed (and is tried again later). */
export const smsSendTimeoutMs = 10_000;

export function createHttpSmsGateway(url: string): SmsGateway {
  return {
    describe: `the SMS gateway at ${new URL(url).origin}`,
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': message.id },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(smsSendTimeoutMs),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

/** How many messages the embedded catcher keeps: enough for a developer's session or a test file. */
export const smsCatcherKept = 200;

type CatcherLog = { info: (detail: object, message: string) => void };

/**
 * The embedded SMS catcher: every message "sent" is kept (newest last) and, outside production,
 * written to the log with its text, so a developer running `npm start` reads the code there.
 */
export class SmsCatcher implements SmsGateway {
  readonly describe = 'the embedded SMS catcher (messages are written to this log; set SMS_URL for a real gateway)';
  private readonly kept: Array<OutgoingSms & { at: Date }> = [];

  constructor(
    private readonly log: CatcherLog,
    private readonly showText: boolean,
  ) {}

  async send(message: OutgoingSms): Promise<void> {
    if (this.kept.some((kept) => kept.id === message.id)) return;
    this.kept.push({ ...message, at: new Date() });
    if (this.kept.length > smsCatcherKept) this.kept.shift();
    this.log.info(
      { sms: { to: message.to, ...(this.showText ? { text: message.text } : {}) } },
      this.showText ? `SMS to ${message.to}: ${message.text}` : `SMS to ${message.to} (text not logged in production)`,
    );
  }

  /** The messages sent to `to`, oldest first. */
  messagesTo(to: string): Array<OutgoingSms & { at: Date }> {
    return this.kept.filter((message) => message.to === to);
  }
}
