import type { Database, Transaction } from '../db/client';
import { AppError, assertInvariant } from '../errors';
import { type KeyClaim, claimKeys, keyOf, keyReusedError, releaseClaims, storeAnswers } from './idempotency';

/** What one order came to inside a batch: its answer, or the refusal its customer sees. */
export type OrderOutcome<Answer> = { done: Answer } | { refused: AppError };

export type GroupCommitOptions<Order, Answer> = {
  db: Database;
  /** Decides and writes the orders, in the order given, inside the batch's transaction. */
  runMany: (tx: Transaction, orders: Order[]) => Promise<Array<OrderOutcome<Answer>>>;
  /** Orders committed together at most. */
  maxBatch: number;
  /** Batches open on the database at once; the rest of the orders wait for the next batch. */
  maxInFlight: number;
};

type Waiting<Order, Answer> = { order: Order; claim: KeyClaim | undefined; resolve: (answer: Answer) => void; reject: (error: unknown) => void };
type Settled<Answer> = { answer: Answer } | { error: unknown };

/**
 * Commits concurrent orders together, as TigerBeetle and PostgreSQL's own WAL do: while a batch
 * is on the database, new orders queue, and the next batch takes them all in one transaction
 * (one claim of their Idempotency-Keys, one lock, one write, one commit). At low load an order
 * goes alone after one turn of the event loop, so nobody waits for a batch to fill.
 *
 * That one turn is what lets concurrent orders meet at all on the embedded database: PGlite
 * answers in this process without touching the network, so a whole request, from its session
 * check to its commit, can run as one chain of promises without the event loop ever reading
 * another socket. Taken at once, every order then went alone; taken at the next turn, the
 * requests whose bytes arrived meanwhile are parsed, checked and queued first, and go together.
 *
 * Each order still gets its own answer or refusal, and its key keeps the meaning it has alone:
 * a refused order's claim is released, a resend receives the stored answer, a key spent on
 * another request is refused. An order whose key is already in the batch waits for the next one.
 * A batch that fails as a whole before its commit (a deadlock with other work, a lost
 * connection) is retried as one transaction per order, so one order cannot sink the others; a
 * failed commit leaves the outcome unknown and is reported to every order in it, as it would be
 * to a single transaction.
 */
export class GroupCommit<Order, Answer> {
  private readonly queue: Array<Waiting<Order, Answer>> = [];
  private inFlight = 0;
  private pumpScheduled = false;

  constructor(private readonly options: GroupCommitOptions<Order, Answer>) {}

  submit(order: Order, claim?: KeyClaim): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.queue.push({ order, claim, resolve, reject });
      this.schedulePump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.takeBatch();
      this.inFlight += 1;
      void this.commitBatch(batch).finally(() => {
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

  private async commitBatch(batch: Array<Waiting<Order, Answer>>): Promise<void> {
    let committing = false;
    try {
      const settled = await this.options.db.transaction(async (tx) => {
        const outcomes = await this.runInTransaction(tx, batch);
        committing = true;
        return outcomes;
      });
      batch.forEach((waiting, index) => settle(waiting, settled[index]));
    } catch (error) {
      if (committing || batch.length === 1) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      await Promise.all(batch.map((waiting) => this.commitBatch([waiting])));
    }
  }

  private async runInTransaction(tx: Transaction, batch: Array<Waiting<Order, Answer>>): Promise<Array<Settled<Answer>>> {
    const settled: Array<Settled<Answer> | undefined> = batch.map(() => undefined);
    const claimed = batch.flatMap((waiting, index) => (waiting.claim ? [{ index, claim: waiting.claim }] : []));
    const claimOutcomes = await claimKeys(tx, claimed.map(({ claim }) => claim));
    claimed.forEach(({ index }, position) => {
      const outcome = claimOutcomes[position];
      if (outcome?.kind === 'answered') settled[index] = { answer: outcome.storedAnswer as Answer };
      if (outcome?.kind === 'reused') settled[index] = { error: keyReusedError() };
    });

    const toRun = batch.flatMap((waiting, index) => (settled[index] === undefined ? [{ index, waiting }] : []));
    if (toRun.length > 0) {
      const outcomes = await this.options.runMany(tx, toRun.map(({ waiting }) => waiting.order));
      assertInvariant(outcomes.length === toRun.length, 'every order has an outcome');
      const answers: Array<KeyClaim & { answer: unknown }> = [];
      const released: KeyClaim[] = [];
      toRun.forEach(({ index, waiting }, position) => {
        const outcome = outcomes[position];
        assertInvariant(outcome, 'every order has an outcome');
        if ('done' in outcome) {
          settled[index] = { answer: outcome.done };
          if (waiting.claim) answers.push({ ...waiting.claim, answer: outcome.done });
        } else {
          settled[index] = { error: outcome.refused };
          if (waiting.claim) released.push(waiting.claim);
        }
      });
      await storeAnswers(tx, answers);
      await releaseClaims(tx, released);
    }
    return settled.map((outcome) => {
      assertInvariant(outcome, 'every order is settled');
      return outcome;
    });
  }
}

function settle<Order, Answer>(waiting: Waiting<Order, Answer>, outcome: Settled<Answer> | undefined): void {
  if (!outcome) waiting.reject(new Error('an order of the batch was not settled'));
  else if ('answer' in outcome) waiting.resolve(outcome.answer);
  else waiting.reject(outcome.error);
}
