import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { startClearingHouse, type ClearingHouse, type ClearingHouseMode } from '../../../clearing-house/clearing-house';
import type { Clock } from '../../../clearing-house/clock';
import type { NameEnquiry } from '../../../clearing-house/protocol/messages';
import type { Database } from '../../db/client';
import { assertInvariant } from '../../errors';
import { clearingClient, newMessageId, type ClearingClient, type ClearingConnection } from './clearing-client';
import { outboxClaimLeaseMs } from './clearing-outbox';
import { receiveDelivery, type Delivery, type DeliveryAnswer } from './clearing-inbound';
import { rememberClearingNonce } from './clearing.repository';
import { outboxSweepIntervalMs, startOutboxWorker } from './clearing-worker';
import { ownParticipantCode } from './payments.service';

/**
 * What the switch's name enquiry (acmt.023, answered by acmt.024) said of an account at another
 * bank or wallet. `found` carries the full name, which only the bank sees: a customer is shown it
 * masked. `unavailable`: the switch did not answer in time, or was down; nothing is known.
 */
export type ReceiverEnquiry = { kind: 'found'; holderName: string } | { kind: 'not_found'; reasonCode?: string | undefined } | { kind: 'unavailable' };

/**
 * The bank's connection to the clearing house, made once at start-up: the switch at
 * `CLEARING_URL`, or one started in this process when none is set (as PGlite stands in for a
 * database server), so that `npm start` alone can pay another bank.
 */
export type ClearingService = {
  /** The signed exchange of one ISO 20022 message with the switch. */
  client: ClearingClient;
  /** The switch's name enquiry for an account at another participant. */
  enquireReceiver: (participant: string, account: string) => Promise<ReceiverEnquiry>;
  /** Sends what the outbox holds now, instead of at the worker's next round: called once a payment's transaction has committed. */
  kick: () => void;
  /** The switch started in this process, when there is one (its control API injects inward payments and faults outside production). */
  embedded: ClearingHouse | undefined;
  close: () => Promise<void>;
  /** A delivery to `POST /api/clearing/inbound`, checked and acted on once (record 071). */
  receive: (delivery: Delivery) => Promise<DeliveryAnswer>;
  /** Signs an answer to the switch with the bank's key. */
  key: string;
  /** Sends everything due now and waits for it: for tests, which run without the worker's interval. */
  drain: () => Promise<void>;
  /** The embedded switch, started now if it starts on first use; undefined with `CLEARING_URL`. */
  embeddedSwitch: () => Promise<ClearingHouse | undefined>;
};

/** How long the bank waits for the switch's answer before the outcome counts as unknown (and is asked about later). */
export const clearingAnswerTimeoutMs = 10_000;

export type ClearingSetup = {
  /** `CLEARING_URL`: the switch elsewhere; unset, one is started in this process. */
  url?: string | undefined;
  /** `CLEARING_KEY`; unset, a new random key for the embedded switch at each start. */
  key?: string | undefined;
  /** The embedded switch's books: a PGlite folder, or memory when unset. */
  dataDir?: string | undefined;
  /** The embedded switch's control API exists outside production. */
  mode: ClearingHouseMode;
  /** Where the embedded switch delivers to this bank, and how (`embeddedDelivery`). */
  inboundUrl: string;
  deliver: typeof fetch;
  /**
   * When the embedded switch starts. `on-first-use`: when the bank first sends it something (tests,
   * most of which never do). `when-used-before`: at once, in the background, when its books folder
   * exists (payments may be in flight: BEFTN sessions to settle, deliveries to make), otherwise on
   * first use, so a server that never pays another bank never pays for a second database (record 071).
   */
  startEmbedded?: 'now' | 'on-first-use' | 'when-used-before';
  /** The outbox worker's round; false: only when kicked (tests call `drain`). */
  workerIntervalMs?: number | false;
  /** The embedded switch's own settlement round; false: only its `tick()` (tests). */
  embeddedTickMs?: number | false;
  clock?: Clock;
  answerTimeoutMs?: number;
};

/** `notices`: the expander to kick once an inward payment's notice is committed, so it is told at once rather than at the next sweep. */
type Dependencies = { db: Database; log: FastifyBaseLogger; notices?: { kick: () => void } };

/** The embedded switch, started once however many callers need it at the same moment. */
function embeddedSwitchOf(setup: ClearingSetup, key: string, log: FastifyBaseLogger) {
  let started: Promise<ClearingHouse> | undefined;
  let house: ClearingHouse | undefined;
  return {
    current: () => house,
    start(): Promise<ClearingHouse> {
      started ??= startClearingHouse({
        participants: { [ownParticipantCode]: { key, inboundUrl: setup.inboundUrl } },
        embedded: true,
        mode: setup.mode,
        ...(setup.dataDir ? { dataDir: setup.dataDir } : {}),
        ...(setup.clock ? { clock: setup.clock } : {}),
        ...(setup.embeddedTickMs !== undefined ? { tickMs: setup.embeddedTickMs } : {}),
        deliver: setup.deliver,
      }).then((running) => {
        house = running;
        log.info({ url: running.url, books: setup.dataDir ?? 'memory', controlApi: setup.mode !== 'production' }, 'CLEARING_URL is not set: the clearing house runs in this process');
        return running;
      });
      return started;
    },
    async close(): Promise<void> {
      if (started) await (await started).close();
    },
  };
}

/** Asks the switch who holds an account at another participant. */
async function enquire(client: ClearingClient, participant: string, account: string): Promise<ReceiverEnquiry> {
  const request: NameEnquiry = { type: 'acmt.023', messageId: newMessageId(ownParticipantCode), createdAt: new Date(), assigner: ownParticipantCode, assignee: participant, account };
  const { outcome } = await client.exchange(request);
  // The switch refuses the message itself only for a malformed field, and the account is the one a customer typed.
  if (outcome.kind === 'refused') return outcome.httpStatus === 400 ? { kind: 'not_found' } : { kind: 'unavailable' };
  if (outcome.kind !== 'answered' || outcome.answer.type !== 'acmt.024' || outcome.answer.originalMessageId !== request.messageId) return { kind: 'unavailable' };
  const report = outcome.answer;
  if (report.verified && report.name) return { kind: 'found', holderName: report.name };
  return { kind: 'not_found', reasonCode: report.reason?.code };
}

/**
 * The bank's connection to the clearing house (record 071): the client that signs what the bank
 * sends, the inbox that takes what the switch delivers, the worker that empties the outbox, and,
 * without `CLEARING_URL`, the switch itself in this process.
 */
export async function createClearingService(deps: Dependencies, setup: ClearingSetup): Promise<ClearingService> {
  const key = setup.key ?? randomBytes(32).toString('hex');
  const embedded = setup.url ? undefined : embeddedSwitchOf(setup, key, deps.log);
  const rememberNonce = (sender: string, nonce: string) => rememberClearingNonce(deps.db, sender, nonce);
  const answerTimeoutMs = setup.answerTimeoutMs ?? clearingAnswerTimeoutMs;
  // An exchange that outlived its claim's lease could be sent a second time by another sender.
  assertInvariant(answerTimeoutMs < outboxClaimLeaseMs, 'the answer timeout is shorter than the outbox lease');
  const connection = (url: string): ClearingConnection => ({ url, participant: ownParticipantCode, key, answerTimeoutMs });
  const direct = setup.url ? clearingClient(connection(setup.url), rememberNonce) : undefined;
  let viaEmbedded: ClearingClient | undefined;
  const client: ClearingClient = {
    async exchange(message) {
      if (direct) return direct.exchange(message);
      viaEmbedded ??= clearingClient(connection((await embedded!.start()).url), rememberNonce);
      return viaEmbedded.exchange(message);
    },
  };
  const startEmbedded = setup.startEmbedded ?? 'now';
  if (embedded && startEmbedded === 'now') await embedded.start();
  if (embedded && startEmbedded === 'when-used-before' && setup.dataDir && fs.existsSync(setup.dataDir)) {
    embedded.start().catch((error: unknown) => deps.log.error({ err: error }, 'the embedded clearing house did not start'));
  }
  const worker = startOutboxWorker(deps.db, client, deps.log, setup.workerIntervalMs ?? outboxSweepIntervalMs);
  return {
    client,
    key,
    enquireReceiver: (participant, account) => enquire(client, participant, account),
    kick: worker.kick,
    drain: worker.drain,
    get embedded() {
      return embedded?.current();
    },
    embeddedSwitch: async () => embedded?.start(),
    async receive(delivery) {
      const answer = await receiveDelivery(deps.db, key, delivery);
      deps.notices?.kick();
      return answer;
    },
    async close() {
      await worker.stop();
      await embedded?.close();
    },
  };
}
