import type { Database, Transaction } from '../db/client';
import { AppError, assertInvariant } from '../errors';
import { type WritePart, writeTogether } from '../db/write-together';
import { type ClaimOutcome, type KeyClaim, KeyAnsweredMeanwhile, claimKeys, claimedKeysWrite, keyOf, keyReusedError, newKeysWrite } from './idempotency';

/** What one order came to inside a batch: its answer, or the refusal its customer sees. */
export type OrderOutcome<Answer> = { done: Answer } | { refused: AppError };

/** The batch's orders decided: each one's outcome, and the writes that make them, not yet made. */
export type DecidedOrders<Answer> = { outcomes: Array<OrderOutcome<Answer>>; writes: WritePart[] };

export type GroupCommitOptions<Order, Answer> = {
  db: Database;
  /**
   * Decides the orders, in the order given, inside the batch's transaction (locking what they
   * need), and answers the writes that make them: the batch makes those in one statement with
   * the answers of the orders' Idempotency-Keys.
   */
  decideMany: (tx: Transaction, orders: Order[]) => Promise<DecidedOrders<Answer>>;
  /** Told once a batch has committed, of the orders it decided and what they came to (its metrics). */
  committed?: (orders: Order[], outcomes: Array<OrderOutcome<Answer>>) => void;
  /** Orders committed together at most. */
  maxBatch: number;
  /** Batches open on the database at once; the rest of the orders wait for the next batch. */
  maxInFlight: number;
  /**
   * Orders waiting at most. Every queue has a limit: past it the database is not keeping up, and
   * an order that would wait behind a second's worth of others is refused at once with a 503 the
   * client may retry with the same Idempotency-Key (nothing was written, the key was not used),
   * instead of holding its request, its memory and its customer for longer than they would wait.
   */
  maxQueued: number;
};

/** The refusal of an order that finds the queue full. */
export const queueFullError = () => new AppError(503, 'busy', 'The bank is busy right now. Please try again in a moment.', undefined, { 'retry-after': '1' });

type Waiting<Order, Answer> = { order: Order; claim: KeyClaim | undefined; resolve: (answer: Answer) => void; reject: (error: unknown) => void };
type Settled<Answer> = { answer: Answer } | { error: unknown };
type BatchRun<Order, Answer> = { settled: Array<Settled<Answer>>; decided: { orders: Order[]; outcomes: Array<OrderOutcome<Answer>> } };

/**
 * Commits concurrent orders together, as TigerBeetle and PostgreSQL's own WAL do: while a batch
 * is on the database, new orders queue, and the next batch takes them all in one transaction of
 * three round trips and a commit: BEGIN, one statement that locks and reads what the orders need,
 * one that writes them all with their Idempotency-Keys' answers, COMMIT. At low load an order goes
 * alone after one turn of the event loop, so nobody waits for a batch to fill.
 *
 * That one turn is what lets concurrent orders meet at all on the embedded database: PGlite
 * answers in this process without touching the network, so a whole request, from its session
 * check to its commit, can run as one chain of promises without the event loop ever reading
 * another socket. Taken at once, every order then went alone; taken at the next turn, the
 * requests whose bytes arrived meanwhile are parsed, checked and queued first, and go together.
 *
 * Each order still gets its own answer or refusal, and its key keeps the meaning it has alone:
 * a resend receives the stored answer, a key spent on another request is refused, a refused
 * order leaves its key unused. The batch does not claim its keys before deciding (that was a
 * round trip of its own): it stores their answers as new rows with its writes, and a key found
 * answered already (a resend) rolls the batch back; that order then goes alone, claiming its key
 * first as a single request does (`runIdempotent`), and the others go again together. An order
 * whose key is already in the batch waits for the next one. A batch that fails as a whole before
 * its commit (a deadlock with other work, a lost connection) is retried one order at a time, so
 * one order cannot sink the others; a failed commit leaves the outcome unknown and is reported to
 * every order in it, as it would be to a single transaction.
 */
export class GroupCommit<Order, Answer> {
  private readonly queue: Array<Waiting<Order, Answer>> = [];
  private inFlight = 0;
  private pumpScheduled = false;

  constructor(private readonly options: GroupCommitOptions<Order, Answer>) {}

  submit(order: Order, claim?: KeyClaim): Promise<Answer> {
    if (this.queue.length >= this.options.maxQueued) return Promise.reject(queueFullError());
    return new Promise<Answer>((resolve, reject) => {
      this.queue.push({ order, claim, resolve, reject });
      this.schedulePump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.takeBatch();
      this.inFlight += 1;
      void this.commitBatch(batch, 'answered-after').finally(() => {
        this.inFlight -= 1;
        this.schedulePump();
      });
    }
  }

  /** Takes the queue at the event loop's next turn, after the input that has already arrived (see the class comment). */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Up to maxBatch orders, no Idempotency-Key twice; the rest keep their place in the queue. */
  private takeBatch(): Array<Waiting<Order, Answer>> {
    const batch: Array<Waiting<Order, Answer>> = [];
    const keys = new Set<string>();
    const keptBack: Array<Waiting<Order, Answer>> = [];
    while (this.queue.length > 0 && batch.length < this.options.maxBatch) {
      const next = this.queue.shift();
      if (!next) break;
      const key = next.claim ? keyOf(next.claim.userId, next.claim.key) : undefined;
      if (key !== undefined && keys.has(key)) {
        keptBack.push(next);
        continue;
      }
      if (key !== undefined) keys.add(key);
      batch.push(next);
    }
    this.queue.unshift(...keptBack);
    return batch;
  }

  /**
   * `answered-after`: the batch writes its answers as new keys and rolls back should one be
   * answered already. `claimed-here`: each key is claimed in the transaction before its order is
   * decided, which waits for any other transaction holding it; a stored answer is given at once.
   */
  private async commitBatch(batch: Array<Waiting<Order, Answer>>, keys: 'answered-after' | 'claimed-here'): Promise<void> {
    let committing = false;
    try {
      const run = await this.options.db.transaction(async (tx) => {
        const outcomes = await this.runInTransaction(tx, batch, keys);
        committing = true;
        return outcomes;
      });
      batch.forEach((waiting, index) => settle(waiting, run.settled[index]));
      if (run.decided.orders.length > 0) this.options.committed?.(run.decided.orders, run.decided.outcomes);
    } catch (error) {
      // Set inside the transaction's callback, which the type checker's narrowing does not follow.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      if (committing || keys === 'claimed-here') {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      // Keys answered meanwhile: those orders go alone, claiming their keys (and so receive the
      // stored answers); the others go again together. Any other failure: every order alone.
      const alone = error instanceof KeyAnsweredMeanwhile ? batch.filter((waiting) => waiting.claim && error.keys.has(keyOf(waiting.claim.userId, waiting.claim.key))) : batch;
      const together = batch.filter((waiting) => !alone.includes(waiting));
      await Promise.all([...alone.map((waiting) => this.commitBatch([waiting], 'claimed-here')), ...(together.length > 0 ? [this.commitBatch(together, 'answered-after')] : [])]);
    }
  }

  private async runInTransaction(tx: Transaction, batch: Array<Waiting<Order, Answer>>, keys: 'answered-after' | 'claimed-here'): Promise<BatchRun<Order, Answer>> {
    const settled: Array<Settled<Answer> | undefined> = batch.map(() => undefined);
    if (keys === 'claimed-here') {
      const claimed = batch.flatMap((waiting, index) => (waiting.claim ? [{ index, claim: waiting.claim }] : []));
      const claimOutcomes = await claimKeys(
        tx,
        claimed.map(({ claim }) => claim),
      );
      claimed.forEach(({ index }, position) => {
        const outcome = claimOutcomes[position];
        if (outcome) settled[index] = settledByStoredKey(outcome);
      });
    }

    const toRun = batch.flatMap((waiting, index) => (settled[index] === undefined ? [{ index, waiting }] : []));
    const decided = { orders: toRun.map(({ waiting }) => waiting.order), outcomes: [] as Array<OrderOutcome<Answer>> };
    if (toRun.length > 0) {
      const { outcomes, writes } = await this.options.decideMany(tx, decided.orders);
      assertInvariant(outcomes.length === toRun.length, 'every order has an outcome');
      decided.outcomes = outcomes;
      const answers: Array<KeyClaim & { answer: unknown }> = [];
      const refused: Array<{ index: number; claim: KeyClaim }> = [];
      toRun.forEach(({ index, waiting }, position) => {
        const outcome = outcomes[position];
        assertInvariant(outcome, 'every order has an outcome');
        settled[index] = 'done' in outcome ? { answer: outcome.done } : { error: outcome.refused };
        if (waiting.claim && 'done' in outcome) answers.push({ ...waiting.claim, answer: outcome.done });
        if (waiting.claim && 'refused' in outcome) refused.push({ index, claim: waiting.claim });
      });
      const keysWrite =
        keys === 'claimed-here'
          ? claimedKeysWrite(
              answers,
              refused.map(({ claim }) => claim),
            )
          : newKeysWrite(
              answers,
              refused.map(({ claim }) => claim),
              (answeredMeanwhile) => {
                for (const { index, claim } of refused) {
                  const outcome = answeredMeanwhile.get(keyOf(claim.userId, claim.key));
                  if (outcome) settled[index] = settledByStoredKey(outcome);
                }
              },
            );
      await writeTogether(tx, [...writes, keysWrite]);
    }
    return {
      settled: settled.map((outcome) => {
        assertInvariant(outcome, 'every order is settled');
        return outcome;
      }),
      decided,
    };
  }
}

/** What an order whose key was already used comes to; a key claimed now leaves the order to be decided. */
function settledByStoredKey<Answer>(outcome: ClaimOutcome): Settled<Answer> | undefined {
  if (outcome.kind === 'answered') return { answer: outcome.storedAnswer as Answer };
  if (outcome.kind === 'reused') return { error: keyReusedError() };
  return undefined;
}

function settle<Order, Answer>(waiting: Waiting<Order, Answer>, outcome: Settled<Answer> | undefined): void {
  if (!outcome) waiting.reject(new Error('an order of the batch was not settled'));
  else if ('answer' in outcome) waiting.resolve(outcome.answer);
  else waiting.reject(outcome.error);
}
