import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { allPayments, entriesBetween, openStore, positions, type PaymentRow } from '../../src/clearing-house/store';
import { bdtNumberToPoisha, poishaToDecimalString } from '../../src/shared/money';
import type { PaymentAnswer, PaymentQuoteAnswer } from '../../src/shared/schemas/payment-answers';
import { openDatabase } from '../../src/server/db/client';
import { bankAccountBalance, bankAccounts, verifyLedger } from '../../src/server/modules/ledger/ledger';
import { projectRoot } from '../../src/server/project-paths';
import { type Bank, type BankAccount, FaultLog, readBalancesAt, type ServerError, type Span, type Target } from './bank-workload';
import { startServerProcess, type StartedServer } from './built-server';
import { findFreePort } from './free-port';

/**
 * A Jepsen-style workload for payments to other banks and wallets: the bank's customers pay out
 * over NPSB (and a few over BEFTN) through the real HTTP API (a quote, then the payment with its
 * Idempotency-Key, resent with the same key after any answer that is not definite), while the
 * clearing house, its own process with its own books, injects inward credits to them and fails on
 * demand. At the end the history, the bank's books and the switch's books must agree: every
 * balance is what the switch's outcomes make it, nothing was paid twice, nothing is left without
 * an owner, the ledger balances, and the bank's settlement account mirrors the switch's position
 * for the bank to the poisha. The bank workload's fault log, bank and balance read are reused.
 */

/** The bank's code on the switch, as the server sends it (`ownParticipantCode`). */
const ownCode = 'PADMA';

/**
 * The switch's seeded holders that may be paid: active accounts at other banks and wallets
 * (src/clearing-house/holders.ts). Not BKB's: it takes no NPSB, and the name enquiry goes over NPSB.
 */
export type Receiver = { participant: string; account: string };
const bankReceivers: Receiver[] = [
  { participant: 'DBBL', account: '1011100012345' },
  { participant: 'BRAC', account: '1501200012345001' },
  { participant: 'SONALI', account: '0002633054321' },
  { participant: 'CITY', account: '2301234567001' },
  { participant: 'IBBL', account: '20501770100012345' },
];
const walletReceivers: Receiver[] = [
  { participant: 'BKASH', account: '01711000001' },
  { participant: 'NAGAD', account: '01811000001' },
  { participant: 'ROCKET', account: '01911000001' },
  { participant: 'UPAY', account: '01611000001' },
];
const inwardSenders = ['DBBL', 'BRAC', 'CITY', 'SONALI', 'BKASH'];

/**
 * 10–30 BDT a payment: a run's payments stay far below what a customer may send without a code
 * (50,000 BDT an hour) and NPSB's and the wallets' limits, so no refusal but running short is
 * expected. Inward credits are 5–20 BDT.
 */
const paymentPoishaMin = 10_00;
const paymentPoishaMax = 30_00;
const inwardPoishaMin = 5_00;
const inwardPoishaMax = 20_00;
/** One payment in this many to a bank goes over BEFTN (when its quote offers it); one in three payments goes to a wallet. */
const beftnOneIn = 8;
const walletOneIn = 3;
const inwardIntervalMs = 150;
const retryPauseMinMs = 20;
const retryPauseMaxMs = 250;
const readIntervalMs = 500;
/** A try without an answer in this long counts as lost: a hung request must not stall a client for good. */
const answerWaitMs = 10_000;

type Outcome = 'acknowledged' | 'refused' | 'unknown';
export type OutwardPayment = {
  key: string;
  from: BankAccount;
  receiver: Receiver;
  rail: 'NPSB' | 'BEFTN';
  amountPoisha: bigint;
  /** The receiver's name as the quote showed it, which the payment confirms. */
  maskedName: string;
  tries: number;
  outcome: Outcome;
  /** The payment as the bank acknowledged it: its id and what left the account (`total`). */
  answer?: PaymentAnswer;
  /** A refused payment's status and error code. */
  refusal?: string;
  /** When its definite answer arrived (performance.now()). */
  answeredAt?: number;
};
export type InwardCredit = { to: BankAccount; amountPoisha: bigint; messageId: string };

export type PaymentsRun = {
  bank: Bank;
  target: Target;
  faults: FaultLog;
  payments: OutwardPayment[];
  inward: InwardCredit[];
  serverErrors: ServerError[];
  /** Tries of a quote or a payment that got no definite answer (a 5xx, 429, or no answer at all). */
  indefiniteTries: Span[];
  quoteRefusals: string[];
  negativeReads: number;
  consistentReads: number;
  unknownAtEnd: number;
  violations: string[];
  ended: boolean;
};

/** The clearing house as its own process (`npm run clearing`, test mode), with its control API. */
export type SwitchProcess = StartedServer & { dataDir: string; key: string; control: <T = unknown>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown) => Promise<T> };

/**
 * Starts `src/clearing-house/main.ts` in test mode with the bank as its one participant, its books
 * in `dataDir` (so they can be read once it has stopped), delivering to `bankInboundUrl`.
 */
export async function startSwitchProcess(options: { dataDir: string; key: string; bankInboundUrl: string }): Promise<SwitchProcess> {
  const port = await findFreePort();
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    CLEARING_PORT: String(port),
    CLEARING_HOST: '127.0.0.1',
    CLEARING_MODE: 'test',
    CLEARING_DATA_DIR: options.dataDir,
    CLEARING_PARTICIPANTS: ownCode,
    [`CLEARING_KEY_${ownCode}`]: options.key,
    [`CLEARING_INBOUND_URL_${ownCode}`]: options.bankInboundUrl,
  };
  const server = await startServerProcess(environment, { args: ['--import', 'tsx', path.join(projectRoot, 'src/clearing-house/main.ts')], probePath: '/health', port });
  return { ...server, dataDir: options.dataDir, key: options.key, control: switchControlAt(server.baseUrl) };
}

/** What the workload needs of the switch: its control API, whoever started it (this file, or scripts/cluster.sh). */
export type SwitchControl = Pick<SwitchProcess, 'control'>;

/** The switch's control API at `baseUrl` (test or development mode). */
export function switchControlAt(baseUrl: string): SwitchControl['control'] {
  return async <T = unknown>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/control/${route}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(answerWaitMs),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`control ${route}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

export type PaymentsWorkloadOptions = { bank: Bank; target: Target; switchProcess: SwitchControl; clients: number; faults?: FaultLog; until: Promise<unknown> };

/** Runs the payers, the inward credits and a balance reader until `until` settles; a payment still without a definite answer then is unknown. */
export async function runPaymentsWorkload(options: PaymentsWorkloadOptions): Promise<PaymentsRun> {
  const run: PaymentsRun = {
    bank: options.bank,
    target: options.target,
    faults: options.faults ?? new FaultLog(),
    payments: [],
    inward: [],
    serverErrors: [],
    indefiniteTries: [],
    quoteRefusals: [],
    negativeReads: 0,
    consistentReads: 0,
    unknownAtEnd: 0,
    violations: [],
    ended: false,
  };
  const load = Promise.all([...Array.from({ length: options.clients }, () => payer(run)), injectInward(run, options.switchProcess), watchBalances(run)]);
  try {
    await options.until;
  } finally {
    run.ended = true;
    await load;
  }
  run.unknownAtEnd = run.payments.filter((payment) => payment.outcome === 'unknown').length;
  return run;
}

type Answer = { status: number | undefined; body: string; span: Span };

/** One request of a customer's app: JSON, the server's own Origin, the customer's session. */
async function customerRequest(run: PaymentsRun, route: string, cookie: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const baseUrl = run.target();
  const startedAt = performance.now();
  try {
    const response = await fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(answerWaitMs),
    });
    const text = await response.text();
    return { status: response.status, body: text, span: { startedAt, endedAt: performance.now() } };
  } catch {
    return { status: undefined, body: '', span: { startedAt, endedAt: performance.now() } };
  }
}

/** No answer, a 5xx (the switch down is a 503) or too many requests: nothing is known, and the app asks again. */
function indefinite(run: PaymentsRun, what: string, answer: Answer): boolean {
  if (answer.status !== undefined && answer.status >= 500) run.serverErrors.push({ ...answer.span, what, status: answer.status });
  const unknown = answer.status === undefined || answer.status >= 500 || answer.status === 429;
  if (unknown) run.indefiniteTries.push(answer.span);
  return unknown;
}

const errorCodeOf = (answer: Answer) => `${answer.status} ${(JSON.parse(answer.body) as { error?: { code?: string } }).error?.code}`;

function randomOrder(bank: Bank): { from: BankAccount; receiver: Receiver; amountPoisha: bigint; wantsBeftn: boolean } {
  const from = bank.accounts[randomInt(bank.accounts.length)] as BankAccount;
  const toWallet = randomInt(walletOneIn) === 0;
  const receivers = toWallet ? walletReceivers : bankReceivers;
  const receiver = receivers[randomInt(receivers.length)] as Receiver;
  return { from, receiver, amountPoisha: BigInt(randomInt(paymentPoishaMin, paymentPoishaMax + 1)), wantsBeftn: !toWallet && randomInt(beftnOneIn) === 0 };
}

async function payer(run: PaymentsRun): Promise<void> {
  while (!run.ended) {
    const payment = await quoted(run, randomOrder(run.bank));
    if (!payment) continue;
    run.payments.push(payment);
    let pauseMs = retryPauseMinMs;
    while ((await tryPayment(run, payment)) === 'unknown' && !run.ended) {
      await sleep(pauseMs);
      pauseMs = Math.min(pauseMs * 2, retryPauseMaxMs);
    }
  }
}

/** The quote, asked again until it is answered (it moves nothing); the payment it leads to, or nothing when refused or the run ended. */
async function quoted(run: PaymentsRun, order: ReturnType<typeof randomOrder>): Promise<OutwardPayment | undefined> {
  const body = { accountId: order.from.id, ...receiverFields(order.receiver), amount: poishaToDecimalString(order.amountPoisha) };
  let pauseMs = retryPauseMinMs;
  while (!run.ended) {
    const answer = await customerRequest(run, '/api/payments/quote', order.from.owner.cookie, body);
    if (answer.status === 200) {
      const quote = JSON.parse(answer.body) as PaymentQuoteAnswer;
      const beftnOpen = quote.options.some((option) => option.rail === 'BEFTN' && option.open);
      const rail = order.wantsBeftn && beftnOpen ? 'BEFTN' : 'NPSB';
      return {
        key: `payments-workload-${randomUUID()}`,
        from: order.from,
        receiver: order.receiver,
        rail,
        amountPoisha: order.amountPoisha,
        maskedName: quote.receiver.maskedName,
        tries: 0,
        outcome: 'unknown',
      };
    }
    if (!indefinite(run, 'quote', answer)) {
      run.quoteRefusals.push(errorCodeOf(answer));
      return undefined;
    }
    await sleep(pauseMs);
    pauseMs = Math.min(pauseMs * 2, retryPauseMaxMs);
  }
  return undefined;
}

const receiverFields = (receiver: Receiver) => ({ receiverParticipant: receiver.participant, receiverAccount: receiver.account });

/** One try with the payment's key and the same body as every other try; records a definite answer. */
async function tryPayment(run: PaymentsRun, payment: OutwardPayment): Promise<Outcome> {
  const body = {
    accountId: payment.from.id,
    ...receiverFields(payment.receiver),
    amount: poishaToDecimalString(payment.amountPoisha),
    confirmedName: payment.maskedName,
    rail: payment.rail,
  };
  const answer = await customerRequest(run, '/api/payments', payment.from.owner.cookie, body, { 'idempotency-key': payment.key });
  payment.tries += 1;
  if (indefinite(run, 'payment', answer)) return 'unknown';
  payment.answeredAt = answer.span.endedAt;
  if (answer.status === 200) {
    payment.outcome = 'acknowledged';
    payment.answer = JSON.parse(answer.body) as PaymentAnswer;
  } else {
    payment.outcome = 'refused';
    payment.refusal = errorCodeOf(answer);
  }
  return payment.outcome;
}

/** The switch's side of the traffic: inward credits from other banks and wallets to the customers, by their holders' names. */
async function injectInward(run: PaymentsRun, switchProcess: SwitchControl): Promise<void> {
  while (!run.ended) {
    const to = run.bank.accounts[randomInt(run.bank.accounts.length)] as BankAccount;
    const amountPoisha = BigInt(randomInt(inwardPoishaMin, inwardPoishaMax + 1));
    const from = inwardSenders[randomInt(inwardSenders.length)] as string;
    try {
      const injected = await switchProcess.control<{ messageId: string }>('POST', 'inward', {
        to: ownCode,
        account: to.id,
        name: to.holderName,
        amount: poishaToDecimalString(amountPoisha),
        rail: 'NPSB',
        from,
      });
      run.inward.push({ to, amountPoisha, messageId: injected.messageId });
    } catch (error) {
      // The control API is not faulted; a failure here leaves an inward credit the model cannot know of.
      run.violations.push(`injecting an inward credit failed: ${String(error)}`);
    }
    await sleep(inwardIntervalMs);
  }
}

/** Balances read now and then while money moves both ways: a customer's is never below zero. */
async function watchBalances(run: PaymentsRun): Promise<void> {
  while (!run.ended) {
    const balances = await readBalancesAt(run.target(), run.bank.staffCookie, (error) => run.serverErrors.push(error));
    if (!('failed' in balances)) {
      const negative = run.bank.accounts.some((account) => (balances.get(account.id) ?? 0n) < 0n);
      if (negative) run.negativeReads += 1;
      else run.consistentReads += 1;
    }
    await sleep(readIntervalMs);
  }
}

/** After the faults: each payment the run left unknown is sent once more with its key and body, and must get a definite answer at once. */
export async function settleUnknownPayments(run: PaymentsRun): Promise<void> {
  for (const payment of run.payments.filter((candidate) => candidate.outcome === 'unknown')) {
    if ((await tryPayment(run, payment)) === 'unknown') run.violations.push(`payment ${payment.key} has no definite answer after the faults ended`);
  }
}

/** The bank's payments of the run's accounts, with whether each still has a message in the outbox. */
type BankPayment = {
  id: string;
  accountId: string;
  status: string;
  messageId: string;
  endToEndId: string;
  amountPoisha: bigint;
  totalPoisha: bigint;
  receiverParticipant: string;
  receiverAccount: string;
  outboxOpen: number;
};

async function bankPaymentsOf(databaseUrl: string, accounts: BankAccount[]): Promise<BankPayment[]> {
  const database = await openDatabase({ databaseUrl });
  try {
    const ids = sql.join(
      accounts.map((account) => sql`${account.id}`),
      sql`, `,
    );
    const result = await database.db.execute<Record<string, string | number>>(sql`
      SELECT p.id::text AS id, p.bank_account_id, p.status, p.message_id, p.end_to_end_id, p.amount_poisha::text AS amount,
        (p.amount_poisha + p.fee_poisha + p.vat_poisha)::text AS total, p.receiver_participant, p.receiver_account,
        (SELECT count(*)::int FROM clearing_outbox o WHERE o.payment_id = p.id AND o.state <> 'answered') AS outbox_open
      FROM payment p WHERE p.bank_account_id IN (${ids})`);
    return result.rows.map((row) => ({
      id: String(row.id),
      accountId: String(row.bank_account_id),
      status: String(row.status),
      messageId: String(row.message_id),
      endToEndId: String(row.end_to_end_id),
      amountPoisha: BigInt(row.amount as string),
      totalPoisha: BigInt(row.total as string),
      receiverParticipant: String(row.receiver_participant),
      receiverAccount: String(row.receiver_account),
      outboxOpen: Number(row.outbox_open),
    }));
  } finally {
    await database.close();
  }
}

const inFlight = (status: string) => status === 'sending' || status === 'accepted';

/**
 * Lets everything in flight reach its end: the bank's outbox empties (its back-off runs on the
 * machine's clock, at most a minute), then the switch's clock is moved past the BEFTN sessions,
 * the returns armed to come later and its deliveries' back-off, until no payment of the run is on
 * its way, the switch has nothing left to deliver and every inward credit is booked. Answers how
 * long it took; what is still open at `deadlineMs` is left for the checks to name.
 */
export async function letEverythingSettle(run: PaymentsRun, switchProcess: SwitchControl, databaseUrl: string, deadlineMs: number): Promise<number> {
  const startedAt = performance.now();
  const timeLeft = () => deadlineMs - (performance.now() - startedAt);
  await switchProcess.control('DELETE', 'faults');
  while (timeLeft() > 0 && (await bankPaymentsOf(databaseUrl, run.bank.accounts)).some((payment) => payment.outboxOpen > 0)) await sleep(250);
  // Past the next BEFTN sessions whatever the day (the switch keeps Bangladesh's weekends and holidays).
  await switchProcess.control('POST', 'clock', { advanceMs: 5 * 24 * 3600_000 });
  while (timeLeft() > 0) {
    const { pendingJobs } = await switchProcess.control<{ pendingJobs: number }>('POST', 'tick');
    const open = (await bankPaymentsOf(databaseUrl, run.bank.accounts)).filter((payment) => inFlight(payment.status)).length;
    if (pendingJobs === 0 && open === 0) break;
    // A delivery that failed while the bank was down waits up to a minute of the switch's time.
    await switchProcess.control('POST', 'clock', { advanceMs: 60_000 });
    await sleep(250);
  }
  return (performance.now() - startedAt) / 1000;
}

/** The switch's books, read from its folder once its process has stopped. */
export type SwitchBooks = {
  payments: PaymentRow[];
  entries: Array<{ participant: string; kind: string; paymentReference: string; amountPoisha: bigint }>;
};

/** Through the switch's own store: its books are read as it reads them, not by a second copy of its queries. */
export async function readSwitchBooks(dataDir: string): Promise<SwitchBooks> {
  const db = await openStore(dataDir);
  try {
    // Every entry a participant has: the switch books nothing before 1970 or after 9999.
    const always = { from: new Date(0), to: new Date('9999-12-31T00:00:00Z') };
    const participants = [...(await positions(db)).keys()];
    const entries = await Promise.all(participants.map(async (participant) => (await entriesBetween(db, participant, always.from, always.to)).map((entry) => ({ ...entry, participant }))));
    return { payments: await allPayments(db), entries: entries.flat() };
  } finally {
    await db.close();
  }
}

/** A bank payment's status for each final or open status of its message at the switch (none: the switch never received it). */
const bankStatusFor: Record<string, string> = { ACSC: 'settled', RJCT: 'rejected', RTND: 'returned', ACSP: 'accepted', none: 'sending' };

/**
 * The refusals a payment may meet: too little left for the amount and its charge. Anything else
 * (a code asked for, a rail closed, the receiver not the one confirmed) is a finding.
 */
const expectedRefusals = new Set(['400 insufficient_funds']);

function checkHistory(run: PaymentsRun, paymentsAtBank: BankPayment[]): void {
  for (const refusal of new Set([...run.quoteRefusals, ...run.payments.flatMap((payment) => (payment.refusal ? [payment.refusal] : []))])) {
    if (!expectedRefusals.has(refusal)) run.violations.push(`a quote or payment was refused with ${refusal}`);
  }
  if (run.negativeReads > 0) run.violations.push(`${run.negativeReads} balance reads showed a negative balance`);
  const acknowledged = run.payments.filter((payment) => payment.outcome === 'acknowledged');
  const ids = new Set(acknowledged.map((payment) => payment.answer?.id));
  if (ids.size !== acknowledged.length) run.violations.push('two acknowledged payments name the same payment');
  // A payment the bank made is one a customer was told of: a lost answer was asked again with its key.
  for (const payment of paymentsAtBank) if (!ids.has(payment.id)) run.violations.push(`the bank holds payment ${payment.id}, which no acknowledgement named`);
  if (paymentsAtBank.length !== acknowledged.length) run.violations.push(`${paymentsAtBank.length} payments at the bank for ${acknowledged.length} acknowledged`);
}

/**
 * Each bank payment against the switch's record of its message: the same amount and receiver, a
 * status that says the same, nothing left without an owner (on its way with a message in the
 * outbox, or accepted into a session the switch will settle), at most one movement each way.
 */
function checkAgainstSwitch(run: PaymentsRun, paymentsAtBank: BankPayment[], books: SwitchBooks): void {
  const ours = books.payments.filter((payment) => payment.debtorAgent === ownCode);
  const atSwitch = new Map(ours.map((payment) => [payment.messageId, payment]));
  const messageIds = new Set(paymentsAtBank.map((payment) => payment.messageId));
  for (const payment of ours) if (!messageIds.has(payment.messageId)) run.violations.push(`the switch holds ${payment.messageId} from the bank, which the bank never made`);
  if (new Set(ours.map((payment) => payment.endToEndId)).size !== ours.length) run.violations.push('the switch holds two payments of one end-to-end id from the bank: paid twice');
  const movements = new Map<string, number>();
  for (const entry of books.entries) movements.set(`${entry.paymentReference} ${entry.kind}`, (movements.get(`${entry.paymentReference} ${entry.kind}`) ?? 0) + 1);
  for (const [movement, count] of movements) if (count !== 2) run.violations.push(`the switch booked ${count} position entries for ${movement}, not one pair`);
  for (const payment of paymentsAtBank) {
    const there = atSwitch.get(payment.messageId);
    if (there && (there.amountPoisha !== payment.amountPoisha || there.creditorAccount !== payment.receiverAccount || there.endToEndId !== payment.endToEndId)) {
      run.violations.push(`payment ${payment.id} differs from the switch's ${there.reference}`);
    }
    const expected = bankStatusFor[there?.status ?? 'none'];
    if (payment.status !== expected) run.violations.push(`payment ${payment.id} is ${payment.status} at the bank, ${there?.status ?? 'unknown'} at the switch`);
    if (payment.status === 'sending' && payment.outboxOpen === 0) run.violations.push(`payment ${payment.id} is on its way with nothing in the outbox to send or ask about it`);
    if (inFlight(payment.status)) run.violations.push(`payment ${payment.id} is still ${payment.status} after everything settled`);
  }
}

/**
 * Each customer's balance as the switch's outcomes make it: the initial one, plus the inward
 * credits the switch booked to them, minus every acknowledged payment with its charge unless the
 * switch refused or returned it (then all of it came back). A payment the switch never received
 * is still on its way: its money is held. Nothing here reads the bank's own statuses.
 */
function expectedBalances(run: PaymentsRun, paymentsAtBank: BankPayment[], books: SwitchBooks): Map<string, bigint> {
  const expected = new Map(run.bank.accounts.map((account) => [account.id, account.initialPoisha]));
  const add = (accountId: string, poisha: bigint) => expected.set(accountId, (expected.get(accountId) ?? 0n) + poisha);
  const switchStatus = new Map(books.payments.map((payment) => [payment.messageId, payment.status]));
  for (const inward of run.inward) {
    const status = switchStatus.get(inward.messageId);
    if (status === 'ACSC') add(inward.to.id, inward.amountPoisha);
    else run.violations.push(`inward credit ${inward.messageId} is ${status ?? 'unknown'} at the switch, not booked`);
  }
  const messageOf = new Map(paymentsAtBank.map((payment) => [payment.id, payment.messageId]));
  for (const payment of run.payments) {
    if (payment.outcome !== 'acknowledged' || !payment.answer) continue;
    const status = switchStatus.get(messageOf.get(payment.answer.id) ?? '');
    const back = status === 'RJCT' || status === 'RTND';
    if (!back) add(payment.from.id, -bdtNumberToPoisha(payment.answer.total));
  }
  return expected;
}

/**
 * The bank's books against the switch's, to the poisha: the settlement account (the bank's money
 * at Bangladesh Bank, in the ledger's signs) moves opposite to the switch's position for the bank
 * (outward settlements down, inward credits and returns up), and the clearing account holds
 * exactly what is on its way.
 */
async function checkBooks(run: PaymentsRun, databaseUrl: string, paymentsAtBank: BankPayment[], books: SwitchBooks): Promise<void> {
  const position = books.entries.filter((entry) => entry.participant === ownCode).reduce((sum, entry) => sum + entry.amountPoisha, 0n);
  const database = await openDatabase({ databaseUrl });
  try {
    const settlement = await bankAccountBalance(database.db, bankAccounts.settlement);
    if (settlement !== -position) run.violations.push(`the bank's settlement account holds ${settlement} poisha; the switch's position for ${ownCode} is ${position}`);
    const onTheirWay = paymentsAtBank.filter((payment) => inFlight(payment.status)).reduce((sum, payment) => sum + payment.amountPoisha, 0n);
    const clearing = await bankAccountBalance(database.db, bankAccounts.clearingOutward);
    if (clearing !== onTheirWay) run.violations.push(`the clearing account holds ${clearing} poisha for ${onTheirWay} on their way`);
    const ledger = await verifyLedger(database.db);
    if (ledger.unbalancedEntries + ledger.mismatchedAccounts + ledger.negativeCustomerAccounts !== 0 || ledger.totalBalancePoisha !== 0n)
      run.violations.push(`verifyLedger: ${JSON.stringify({ ...ledger, totalBalancePoisha: String(ledger.totalBalancePoisha) })}`);
  } finally {
    await database.close();
  }
  const sum = books.entries.reduce((total, entry) => total + entry.amountPoisha, 0n);
  if (sum !== 0n) run.violations.push(`the switch's positions sum to ${sum}, not 0`);
}

/**
 * The end state against the model: the history (every bank payment acknowledged, every refusal an
 * expected one), each payment against the switch's record of it, every balance as the switch's
 * outcomes make it (read over HTTP, as a customer would), and the two sets of books. `books` is
 * the switch's, read once its process stopped.
 */
export async function checkPaymentsFinalState(run: PaymentsRun, databaseUrl: string, books: SwitchBooks): Promise<void> {
  const paymentsAtBank = await bankPaymentsOf(databaseUrl, run.bank.accounts);
  checkHistory(run, paymentsAtBank);
  checkAgainstSwitch(run, paymentsAtBank, books);
  const balances = await readBalancesAt(run.target(), run.bank.staffCookie);
  if ('failed' in balances) run.violations.push(`the final read failed: ${balances.failed}`);
  else {
    for (const [accountId, expected] of expectedBalances(run, paymentsAtBank, books)) {
      const actual = balances.get(accountId);
      if (actual !== expected) run.violations.push(`account ${accountId} holds ${actual} poisha; the switch's outcomes make it ${expected}`);
    }
  }
  await checkBooks(run, databaseUrl, paymentsAtBank, books);
}

export type PaymentsFigures = {
  acknowledged: number;
  refused: number;
  retried: number;
  unknownAtEnd: number;
  settled: number;
  rejected: number;
  returned: number;
  beftn: number;
  inward: number;
  serverErrors: number;
  serverErrorsOutsideFaults: number;
  indefiniteOutsideFaults: number;
  reads: number;
};

export function paymentsFiguresOf(run: PaymentsRun, books: SwitchBooks): PaymentsFigures {
  const acknowledged = run.payments.filter((payment) => payment.outcome === 'acknowledged');
  const ours = books.payments.filter((payment) => payment.debtorAgent === ownCode);
  const countAt = (status: string) => ours.filter((payment) => payment.status === status).length;
  return {
    acknowledged: acknowledged.length,
    refused: run.payments.filter((payment) => payment.outcome === 'refused').length,
    retried: run.payments.filter((payment) => payment.tries > 1).length,
    unknownAtEnd: run.unknownAtEnd,
    settled: countAt('ACSC'),
    rejected: countAt('RJCT'),
    returned: countAt('RTND'),
    beftn: acknowledged.filter((payment) => payment.rail === 'BEFTN').length,
    inward: run.inward.length,
    serverErrors: run.serverErrors.length,
    serverErrorsOutsideFaults: run.serverErrors.filter((error) => !run.faults.excuses(error)).length,
    indefiniteOutsideFaults: run.indefiniteTries.filter((span) => !run.faults.excuses(span)).length,
    reads: run.consistentReads,
  };
}

/** One line, so CI's log shows what the run did. */
export function reportPayments(scenario: string, figures: PaymentsFigures, extra = ''): void {
  const line = [
    `${figures.acknowledged} payments acknowledged (${figures.beftn} BEFTN)`,
    `${figures.refused} refused`,
    `${figures.retried} retried`,
    `${figures.unknownAtEnd} unknown at the end of the load`,
    `at the switch ${figures.settled} settled, ${figures.rejected} rejected, ${figures.returned} returned`,
    `${figures.inward} inward credits`,
    `${figures.serverErrors} 5xx (${figures.serverErrorsOutsideFaults} outside faults)`,
    `${figures.indefiniteOutsideFaults} tries without a definite answer outside faults`,
    `${figures.reads} balance reads`,
  ];
  console.log(`payments workload ${scenario}: ${line.join(', ')}${extra ? `; ${extra}` : ''}`);
}
