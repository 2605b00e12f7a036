import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail as the SMTP server received it: the envelope, the headers and the decoded text. */
export type ReceivedEmail = {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  text: string;
};

export type SmtpInbox = {
  url: string;
  port: number;
  received: ReceivedEmail[];
  /** Resolves once `count` e-mails have arrived (or rejects after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedEmail[]>;
  close: () => Promise<void>;
};

/** Reads header values, joining folded lines and decoding RFC 2047 words ("=?UTF-8?Q?…?="). */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return headers;
}

const encodedWord = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;

/**
 * A run of adjacent encoded words is one text: the space between them is not part of it (RFC
 * 2047), and a long Bangla subject may split one character's UTF-8 bytes across two words, so the
 * run's bytes are joined before they are read as UTF-8.
 */
function decodeEncodedWords(value: string): string {
  return value.replace(/=\?[^?]+\?[QqBb]\?[^?]*\?=(?:\s+=\?[^?]+\?[QqBb]\?[^?]*\?=)*/g, (run) => {
    const bytes = [...run.matchAll(encodedWord)].map(([, , encoding = 'B', text = '']) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : quotedPrintableBytes(text.replace(/_/g, ' ')),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}

function decodeQuotedPrintable(text: string): string {
  return quotedPrintableBytes(text).toString('utf8');
}

function quotedPrintableBytes(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function parseEmail(raw: string): Omit<ReceivedEmail, 'envelopeFrom' | 'envelopeTo'> {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

/**
 * A real SMTP server on 127.0.0.1 for tests: no TLS, no authentication. Pass `port` to open
 * it on a port chosen earlier (the "mail server comes back up" test).
 */
export async function startSmtpInbox(port = 0): Promise<SmtpInbox> {
  const received: ReceivedEmail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ envelopeFrom, envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), ...parseEmail(Buffer.concat(chunks).toString('utf8')) });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const chosenPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${chosenPort}`,
    port: chosenPort,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, received ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
