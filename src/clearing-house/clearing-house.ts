import Fastify, { type FastifyInstance } from 'fastify';
import { ClearingSwitch, SwitchRefusal, type ParticipantConfig } from './clearing-switch';
import { Clock } from './clock';
import { registerControlApi } from './control-api';
import { Faults, type FaultRule } from './faults';
import { buildMessage, MessageError, messageBytesMax, parseMessage, type Message } from './protocol/messages';
import { signMessage, switchSenderId, verifyMessage } from './protocol/signature';
import { openStore } from './store';

export type ClearingHouseMode = 'production' | 'development' | 'test';

export type ClearingHouseOptions = {
  /** The participants that talk to the switch, by directory code (for example PADMA). */
  participants: Record<string, ParticipantConfig>;
  /** Listen on this port (0: any free one). Ignored when embedded. */
  port?: number;
  host?: string;
  /** In the bank's own process: loopback on a free port, books in memory unless `dataDir` is given. */
  embedded?: boolean;
  /** The PGlite folder for the switch's books; none keeps them in memory. */
  dataDir?: string;
  /** The control API exists only outside production. */
  mode?: ClearingHouseMode;
  clock?: Clock;
  /** How often the switch settles and delivers on its own; false leaves it to `tick()` (tests). */
  tickMs?: number | false;
  /** How long a `timeout` fault holds a payment's answer before dropping the connection. */
  timeoutHoldMs?: number;
  logger?: boolean;
  /**
   * How deliveries reach a participant's inbound address; the network by default. A bank that
   * embeds the switch hands them to its own routes in process (`app.inject`), so they are
   * delivered whether or not, and wherever, the bank listens.
   */
  deliver?: typeof fetch;
};

export type ClearingHouse = {
  url: string;
  clearing: ClearingSwitch;
  app: FastifyInstance;
  tick: () => Promise<void>;
  close: () => Promise<void>;
};

const defaultTickMs = 250;
const defaultTimeoutHoldMs = 30_000;

/** Starts the switch: its books, its HTTP interface and its clock-driven settlement and deliveries. */
export async function startClearingHouse(options: ClearingHouseOptions): Promise<ClearingHouse> {
  const db = await openStore(options.dataDir);
  const clearing = new ClearingSwitch(db, options.clock ?? new Clock(), new Faults(), new Map(Object.entries(options.participants)), options.deliver);
  const held = new Set<() => void>();
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: messageBytesMax, forceCloseConnections: true });
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.get('/health', async () => ({ status: clearing.faults.isDown() ? 'down' : 'up', now: clearing.clock.now().toISOString() }));
  registerMessageRoute(app, clearing, { timeoutHoldMs: options.timeoutHoldMs ?? defaultTimeoutHoldMs, held });
  if ((options.mode ?? 'production') !== 'production') registerControlApi(app, clearing);

  const address = await app.listen({ port: options.embedded ? 0 : (options.port ?? 3100), host: options.embedded ? '127.0.0.1' : (options.host ?? '127.0.0.1') });
  const tickMs = options.tickMs ?? defaultTickMs;
  const timer = tickMs === false ? undefined : setInterval(() => void clearing.tick().catch((error: unknown) => app.log.error(error)), tickMs);
  timer?.unref();
  return {
    url: address.replace('[::1]', '127.0.0.1'),
    clearing,
    app,
    tick: () => clearing.tick(),
    close: async () => {
      if (timer) clearInterval(timer);
      for (const release of held) release();
      await app.close();
      await clearing.tick();
      await db.close();
    },
  };
}

function signedReply(clearing: ClearingSwitch, participant: string, message: Message): { body: string; headers: Record<string, string> } {
  const body = buildMessage(message);
  return { body, headers: { 'content-type': 'application/xml', ...signMessage({ sender: switchSenderId, key: clearing.keyOf(participant)!, body }) } };
}

/**
 * `POST /iso20022`: every message a participant sends, told apart by its namespace. The answer is
 * the message ISO pairs with it, signed for that participant; refusals of the message itself are
 * JSON with an `error` code (401 signature, 400 format naming the field, 403, 404, 503 down).
 */
function registerMessageRoute(app: FastifyInstance, clearing: ClearingSwitch, hold: { timeoutHoldMs: number; held: Set<() => void> }): void {
  app.post('/iso20022', async (request, reply) => {
    if (clearing.faults.isDown()) return reply.code(503).send({ error: 'switch_down', message: 'The switch is not answering' });
    const body = typeof request.body === 'string' ? request.body : '';
    const check = await verifyMessage({
      headers: request.headers,
      body,
      keyOf: (sender) => clearing.keyOf(sender),
      rememberNonce: (sender, nonce) => clearing.rememberNonce(sender, nonce),
      now: new Date(),
    });
    if (!check.ok) return reply.code(401).send({ error: check.reason, message: 'The message is not signed by a participant, or not freshly' });
    let message: Message;
    try {
      message = parseMessage(body);
    } catch (error) {
      if (error instanceof MessageError) return reply.code(400).send({ error: 'invalid_message', field: error.field, message: error.message });
      throw error;
    }
    const sender = check.sender;
    await clearing.record(sender, 'received', body, message.type, 'messageId' in message ? message.messageId : undefined);
    try {
      const { answer, faults } = await answerTo(clearing, sender, message, body);
      const signed = signedReply(clearing, sender, answer);
      await clearing.record(sender, 'sent', signed.body, answer.type, answer.messageId);
      if (await withheld(faults, hold)) {
        reply.hijack();
        reply.raw.destroy();
        return reply;
      }
      return reply.code(200).headers(signed.headers).send(signed.body);
    } catch (error) {
      if (error instanceof SwitchRefusal) return reply.code(error.status).send({ error: error.code, message: error.message });
      throw error;
    }
  });
}

async function answerTo(clearing: ClearingSwitch, sender: string, message: Message, body: string): Promise<{ answer: Message; faults: FaultRule[] }> {
  switch (message.type) {
    case 'pacs.008':
      return clearing.creditTransfer(sender, message, body);
    case 'pacs.028':
      return { answer: await clearing.statusEnquiry(sender, message.originalMessageId), faults: [] };
    case 'pacs.004':
      return { answer: await clearing.paymentReturn(sender, message), faults: [] };
    case 'acmt.023':
      return { answer: await clearing.nameEnquiry(sender, message), faults: [] };
    case 'camt.060':
      return { answer: await clearing.statement(sender, message), faults: [] };
    default:
      throw new SwitchRefusal(404, 'not_a_request', `The switch does not take ${message.type} from a participant`);
  }
}

/** Waits out a delay fault; true when a timeout fault means the answer is never sent. */
async function withheld(faults: FaultRule[], hold: { timeoutHoldMs: number; held: Set<() => void> }): Promise<boolean> {
  const delay = faults.find((fault) => fault.kind === 'delay');
  const timeout = faults.some((fault) => fault.kind === 'timeout');
  const waitMs = (delay?.kind === 'delay' ? delay.ms : 0) + (timeout ? hold.timeoutHoldMs : 0);
  if (waitMs > 0) {
    await new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer);
        hold.held.delete(release);
        resolve();
      };
      const timer = setTimeout(release, waitMs);
      hold.held.add(release);
    });
  }
  return timeout;
}
