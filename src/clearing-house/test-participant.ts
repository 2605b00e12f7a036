import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildMessage, parseMessage, type CreditTransfer, type Message, type Reason } from './protocol/messages';
import { signMessage, switchSenderId, verifyMessage } from './protocol/signature';

/**
 * A tiny participant for the switch's tests: an HTTP server at the participant's inbound address
 * that checks the switch's signature, keeps what it receives, and answers a delivered payment with
 * a signed pacs.002 (accepted unless `refuse` gives a reason); and a client that signs what it sends.
 */
export type TestParticipant = {
  code: string;
  key: string;
  inboundUrl: string;
  received: Message[];
  refusedDeliveries: number;
  refuse: (transfer: CreditTransfer) => Reason | undefined;
  close: () => Promise<void>;
};

export async function startTestParticipant(code: string, key: string): Promise<TestParticipant> {
  const seen = new Set<string>();
  const participant: TestParticipant = { code, key, inboundUrl: '', received: [], refusedDeliveries: 0, refuse: () => undefined, close: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const check = await verifyMessage({
          headers: request.headers,
          body,
          keyOf: (sender) => (sender === switchSenderId ? key : undefined),
          rememberNonce: (_sender, nonce) => !seen.has(nonce) && Boolean(seen.add(nonce)),
          now: new Date(),
        });
        if (!check.ok) {
          participant.refusedDeliveries += 1;
          response.writeHead(401).end();
          return;
        }
        const message = parseMessage(body);
        participant.received.push(message);
        if (message.type !== 'pacs.008') {
          response.writeHead(200).end();
          return;
        }
        const reason = participant.refuse(message);
        const answer = buildMessage({
          type: 'pacs.002',
          messageId: `A${randomUUID().replaceAll('-', '').slice(0, 30)}`,
          createdAt: new Date(),
          originalMessageId: message.messageId,
          originalMessageType: 'pacs.008',
          originalEndToEndId: message.endToEndId,
          status: reason ? 'RJCT' : 'ACSC',
          ...(reason ? { reason } : {}),
        });
        response.writeHead(200, { 'content-type': 'application/xml', ...signMessage({ sender: code, key, body: answer }) }).end(answer);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  participant.inboundUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/inbound`;
  participant.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return participant;
}

export type SwitchAnswer = { status: number; message?: Message; json?: { error: string; field?: string } };

/** Sends one message to the switch, signed as `code`, and reads its answer, whose signature it checks. */
export async function sendToSwitch(
  switchUrl: string,
  code: string,
  key: string,
  message: Message | string,
  options: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<SwitchAnswer> {
  const body = typeof message === 'string' ? message : buildMessage(message);
  const response = await fetch(`${switchUrl}/iso20022`, {
    method: 'POST',
    headers: { 'content-type': 'application/xml', ...(options.headers ?? signMessage({ sender: code, key, body })) },
    body,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await response.text();
  if (response.headers.get('content-type')?.startsWith('application/xml')) {
    const check = await verifyMessage({
      headers: Object.fromEntries(response.headers.entries()),
      body: text,
      keyOf: (sender) => (sender === switchSenderId ? key : undefined),
      rememberNonce: () => true,
      now: new Date(),
    });
    if (!check.ok) throw new Error(`The switch's answer is not signed right: ${check.reason}`);
    return { status: response.status, message: parseMessage(text) };
  }
  return { status: response.status, json: JSON.parse(text) as { error: string } };
}
