import { randomInt, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { bdtNumberToPoisha, poishaPerBdt, poishaToDecimalString } from '../../src/shared/money';
import { transferAmountMinPoisha } from '../../src/shared/schemas/banking';
import { openDatabase } from '../../src/server/db/client';
import { verifyLedger } from '../../src/server/modules/ledger/ledger';
import { call, type Customer, openFundedAccount } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { overHttp, sendTransfer } from './over-http';

/**
 * A Jepsen-style bank workload: concurrent customers send random transfers between a fixed set
 * of accounts over HTTP, each with its own Idempotency-Key, resending it after any answer that
 * is not definite; a reader takes all balances in one statement now and then. The history is
 * then checked against a model: every read conserves the total and shows no negative balance,
 * and every account ends at its initial balance plus what was acknowledged into it minus what
 * was acknowledged out of it, each acknowledged transfer being one journal entry.
 */

/** `maskedName`: the holder as the name enquiry shows them to a payer, which every transfer to the account confirms. */
export type BankAccount = { id: string; owner: Customer; holderName: string; maskedName: string; accountWord: 'Savings' | 'Current'; initialPoisha: bigint };
export type Bank = { staffCookie: string; accounts: BankAccount[]; totalPoisha: bigint };

/** Picks the server for each request: one address, or several in turn. */
export type Target = () => string;

type Outcome = 'acknowledged' | 'refused' | 'unknown';
export type Transfer = {
  key: string;
  from: BankAccount;
  to: BankAccount;
  amountPoisha: bigint;
  tries: number;
  outcome: Outcome;
  /** When its definite answer arrived (performance.now()). */
  answeredAt?: number;
  /** When the try that got the definite answer was sent: after a fault, the first one sent after it shows the system working again. */
  answeredTrySentAt?: number;
  /** The journal entry an acknowledged transfer made, from its answer. */
  entryId?: string;
  /** A refused transfer's status and error code, which must be the insufficient-funds refusal. */
  refusal?: string;
};
/** A request's time on the wire, from performance.now(). */
export type Span = { startedAt: number; endedAt: number };
export type ServerError = Span & { what: string; status: number };

const holderNames = ['Rahima Khatun', 'Tanvir Ahmed', 'Nusrat Jahan', 'Kamal Hossain', 'Farhana Akter', 'Arif Rahman', 'Sharmin Sultana', 'Mahmud Hasan'];

/**
 * Amounts from the minimum transfer (10 BDT) up to 15 BDT against a little funding: some transfers
 * find too little left and are refused. Small enough that a customer's transfers of a whole run
 * stay under the 25,000 BDT a day that may go to new receivers without a code: a fast machine made
 * up to 1,220 transfers a customer in one scenario, which at up to 60 BDT each passed it, and every
 * transfer after the last fault was then refused for want of a code.
 */
const transferPoishaMax = 1_500n;
const retryPauseMinMs = 20;
const retryPauseMaxMs = 250;
const readIntervalMs = 200;

/**
 * Staff and one funded account per customer, set up through the API as the bank's people would,
 * each account looked up once by the next customer (the name enquiry a payer makes before paying).
 */
export async function openBank(baseUrl: string, customers: number, fundingBdt: number): Promise<Bank> {
  if (customers < 2 || customers > holderNames.length) throw new Error(`between 2 and ${holderNames.length} customers`);
  const app = overHttp(baseUrl);
  const staffCookie = await signInStaff(app);
  const accounts = await Promise.all(
    holderNames.slice(0, customers).map(async (holderName, index): Promise<BankAccount> => {
      const owner = await registerCustomer(app, { name: holderName });
      const accountWord = index % 2 === 0 ? 'Savings' : 'Current';
      const id = await openFundedAccount(app, owner, staffCookie, fundingBdt, { user: holderName, role: accountWord });
      return { id, owner, holderName, maskedName: '', accountWord, initialPoisha: BigInt(fundingBdt) * poishaPerBdt };
    }),
  );
  for (const [index, account] of accounts.entries()) {
    const payer = accounts[(index + 1) % accounts.length] as BankAccount;
    const answer = await call(app, 'POST', '/api/nameEnquiry', payer.owner.cookie, { accNum: account.id });
    if (answer.statusCode !== 200) throw new Error(`looking up ${account.id} answered ${answer.statusCode}: ${answer.body}`);
    account.maskedName = (answer.json() as { maskedName: string }).maskedName;
  }
  return { staffCookie, accounts, totalPoisha: accounts.reduce((sum, account) => sum + account.initialPoisha, 0n) };
}

/**
 * The periods during which a fault was in force, from its start until the system answered
 * normally again. A 5xx answer, or a try of a transfer without a definite answer, is excused
 * only when its request overlapped one of them.
 */
export class FaultLog {
  readonly windows: Array<{ what: string; startedAt: number; endedAt: number | undefined }> = [];

  begin(what: string): { end: () => number } {
    const window = { what, startedAt: performance.now(), endedAt: undefined as number | undefined };
    this.windows.push(window);
    return {
      end: () => {
        window.endedAt = performance.now();
        return (window.endedAt - window.startedAt) / 1000;
      },
    };
  }

  /** How many of `spans` overlapped each fault, in the order of the faults: where the 5xx answers fell. */
  countPerFault(spans: Span[]): string {
    return this.windows.map((window) => `${window.what} ${spans.filter((span) => overlaps(window, span)).length}`).join(', ');
  }

  excuses(span: Span): boolean {
    return this.windows.some((window) => overlaps(window, span));
  }
}

/** A fault still in force (no end yet) overlaps everything after its start. */
function overlaps(window: { startedAt: number; endedAt: number | undefined }, span: Span): boolean {
  return span.endedAt >= window.startedAt && span.startedAt <= (window.endedAt ?? Infinity);
}

export type Run = {
  bank: Bank;
  target: Target;
  faults: FaultLog;
  transfers: Transfer[];
  serverErrors: ServerError[];
  /** Tries of a transfer that got no definite answer (a 5xx, 409, 429, or no answer at all). */
  indefiniteTries: Span[];
  consistentReads: number;
  failedReads: number;
  unknownAtEnd: number;
  /** Everything the checks found wrong, in words; empty when the history is correct. */
  violations: string[];
  ended: boolean;
};

export type WorkloadOptions = { bank: Bank; target: Target; clients: number; faults?: FaultLog; until: Promise<unknown> };

/** Runs the clients and the reader until `until` settles; a transfer still without a definite answer then is unknown. */
export async function runWorkload(options: WorkloadOptions): Promise<Run> {
  const run: Run = {
    bank: options.bank,
    target: options.target,
    faults: options.faults ?? new FaultLog(),
    transfers: [],
    serverErrors: [],
    indefiniteTries: [],
    consistentReads: 0,
    failedReads: 0,
    unknownAtEnd: 0,
    violations: [],
    ended: false,
  };
  const load = Promise.all([...Array.from({ length: options.clients }, () => client(run)), watchBalances(run)]);
  try {
    await options.until;
  } finally {
    run.ended = true;
    await load;
  }
  run.unknownAtEnd = run.transfers.filter((transfer) => transfer.outcome === 'unknown').length;
  return run;
}

async function client(run: Run): Promise<void> {
  while (!run.ended) {
    const transfer = randomTransfer(run.bank);
    run.transfers.push(transfer);
    let pauseMs = retryPauseMinMs;
    while ((await tryTransfer(run, transfer)) === 'unknown' && !run.ended) {
      await sleep(pauseMs);
      pauseMs = Math.min(pauseMs * 2, retryPauseMaxMs);
    }
  }
}

function randomTransfer(bank: Bank): Transfer {
  const fromIndex = randomInt(bank.accounts.length);
  const toIndex = (fromIndex + 1 + randomInt(bank.accounts.length - 1)) % bank.accounts.length;
  const from = bank.accounts[fromIndex] as BankAccount;
  const to = bank.accounts[toIndex] as BankAccount;
  const amountPoisha = BigInt(randomInt(Number(transferAmountMinPoisha), Number(transferPoishaMax) + 1));
  return { key: `workload-${randomUUID()}`, from, to, amountPoisha, tries: 0, outcome: 'unknown' };
}

/** One try with the transfer's key and the same body as every other try; records a definite answer. */
async function tryTransfer(run: Run, transfer: Transfer): Promise<Outcome> {
  const body = { id: transfer.from.id, confirmedName: transfer.to.maskedName, accNum: transfer.to.id, sendAmount: poishaToDecimalString(transfer.amountPoisha) };
  const startedAt = performance.now();
  const attempt = await sendTransfer(run.target(), transfer.from.owner.cookie, body, transfer.key);
  const span = { startedAt, endedAt: performance.now() };
  transfer.tries += 1;
  if (attempt.status !== undefined && attempt.status >= 500) run.serverErrors.push({ ...span, what: 'transfer', status: attempt.status });
  if (attempt.answer === 'moved' || attempt.answer === 'refused') {
    transfer.answeredAt = span.endedAt;
    transfer.answeredTrySentAt = startedAt;
  } else run.indefiniteTries.push(span);
  if (attempt.answer === 'moved') {
    transfer.outcome = 'acknowledged';
    transfer.entryId = (JSON.parse(attempt.body) as { insertedId?: string }).insertedId;
  } else if (attempt.answer === 'refused') {
    transfer.outcome = 'refused';
    transfer.refusal = `${attempt.status} ${(JSON.parse(attempt.body) as { error?: { code?: string } }).error?.code}`;
  }
  return transfer.outcome;
}

/**
 * All the accounts' balances from one statement (the staff list of accounts), or why not; a 5xx
 * is also handed to `onServerError`. The payments workload reads its customers' balances with it too.
 */
export async function readBalancesAt(baseUrl: string, staffCookie: string, onServerError?: (error: ServerError) => void): Promise<Map<string, bigint> | { failed: string }> {
  const startedAt = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/userAccounts?limit=100`, { headers: { cookie: staffCookie }, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    if (response.status >= 500) onServerError?.({ what: 'balance read', status: response.status, startedAt, endedAt: performance.now() });
    if (response.status !== 200) return { failed: `status ${response.status}` };
    const rows = JSON.parse(text) as Array<{ _id: string; amount: number }>;
    return new Map(rows.map((row) => [row._id, bdtNumberToPoisha(row.amount)]));
  } catch (error) {
    return { failed: String(error) };
  }
}

const readBalances = (run: Run) => readBalancesAt(run.target(), run.bank.staffCookie, (error) => run.serverErrors.push(error));

async function watchBalances(run: Run): Promise<void> {
  while (!run.ended) {
    const balances = await readBalances(run);
    if ('failed' in balances) run.failedReads += 1;
    else if (checkSnapshot(run, balances, 'a read during the run')) run.consistentReads += 1;
    await sleep(readIntervalMs);
  }
}

/** Transfers only move money between the accounts: any one snapshot holds the same total, none of it below zero. */
function checkSnapshot(run: Run, balances: Map<string, bigint>, when: string): boolean {
  const found = run.bank.accounts.map((account) => balances.get(account.id));
  const problems: string[] = [];
  if (found.some((balance) => balance === undefined)) problems.push(`${when} lacks an account`);
  const total = found.reduce<bigint>((sum, balance) => sum + (balance ?? 0n), 0n);
  if (total !== run.bank.totalPoisha) problems.push(`${when} totals ${total} poisha, not ${run.bank.totalPoisha}`);
  if (found.some((balance) => balance !== undefined && balance < 0n)) problems.push(`${when} shows a negative balance`);
  run.violations.push(...problems);
  return problems.length === 0;
}

/**
 * After the faults: each transfer whose outcome the run left unknown is sent once more with its
 * key and body, and must get a definite answer at once (the stored one if it had moved money).
 */
export async function settleUnknown(run: Run): Promise<void> {
  for (const transfer of run.transfers.filter((candidate) => candidate.outcome === 'unknown')) {
    if ((await tryTransfer(run, transfer)) === 'unknown') run.violations.push(`transfer ${transfer.key} has no definite answer after the faults ended`);
  }
}

/** The model's balances: the initial ones with every acknowledged transfer applied, and nothing else. */
function expectedBalances(run: Run): Map<string, bigint> {
  const expected = new Map(run.bank.accounts.map((account) => [account.id, account.initialPoisha]));
  for (const transfer of run.transfers.filter((candidate) => candidate.outcome === 'acknowledged')) {
    expected.set(transfer.from.id, (expected.get(transfer.from.id) ?? 0n) - transfer.amountPoisha);
    expected.set(transfer.to.id, (expected.get(transfer.to.id) ?? 0n) + transfer.amountPoisha);
  }
  return expected;
}

/**
 * The refusals a run may meet: not enough money, and, once a customer's transfers without a code
 * pass what the bank allows without one in an hour or a day (these customers have no
 * authenticator app), the request to turn two-step verification on. Both move nothing.
 */
const expectedRefusals = new Set(['400 insufficient_funds', '403 second_factor_enrolment_required']);

/**
 * The end state against the model, over HTTP and in the database: every balance exact, one
 * journal entry per acknowledged transfer and none for any other, every refusal an expected one
 * (`expectedRefusals`), and the ledger's own invariants intact. Only transfers touching the
 * run's own accounts are counted, so that runs may follow one another on one database.
 */
export async function checkFinalState(run: Run, databaseUrl: string): Promise<void> {
  const refusals = new Set(run.transfers.flatMap((transfer) => (transfer.refusal ? [transfer.refusal] : [])));
  for (const refusal of refusals) if (!expectedRefusals.has(refusal)) run.violations.push(`a transfer was refused with ${refusal}`);
  const balances = await readBalances(run);
  if ('failed' in balances) {
    run.violations.push(`the final read failed: ${balances.failed}`);
  } else {
    checkSnapshot(run, balances, 'the final read');
    for (const [accountId, expected] of expectedBalances(run)) {
      const actual = balances.get(accountId);
      if (actual !== expected) run.violations.push(`account ${accountId} holds ${actual} poisha, the acknowledged transfers make ${expected}`);
    }
  }
  const acknowledgedEntries = run.transfers.flatMap((transfer) => (transfer.outcome === 'acknowledged' ? [transfer.entryId ?? 'none'] : []));
  const database = await openDatabase({ databaseUrl });
  try {
    const accountIds = sql.join(
      run.bank.accounts.map((account) => sql`${account.id}`),
      sql`, `,
    );
    const entries = await database.db.execute<{ id: string }>(sql`
      SELECT DISTINCT e.id::text AS id FROM journal_entry e JOIN posting p ON p.journal_entry_id = e.id
      WHERE e.kind = 'transfer' AND p.ledger_account_code IN (${accountIds})`);
    const written = new Set(entries.rows.map((row) => row.id));
    if (new Set(acknowledgedEntries).size !== acknowledgedEntries.length) run.violations.push('two acknowledged transfers name the same journal entry');
    if (written.size !== acknowledgedEntries.length) run.violations.push(`${written.size} transfer entries written for ${acknowledgedEntries.length} acknowledged transfers`);
    for (const entryId of acknowledgedEntries) if (!written.has(entryId)) run.violations.push(`acknowledged entry ${entryId} is not in the journal`);
    const ledger = await verifyLedger(database.db);
    if (ledger.unbalancedEntries + ledger.mismatchedAccounts + ledger.negativeCustomerAccounts !== 0)
      run.violations.push(`verifyLedger: ${JSON.stringify({ ...ledger, totalBalancePoisha: String(ledger.totalBalancePoisha) })}`);
  } finally {
    await database.close();
  }
}

export type Figures = {
  acknowledged: number;
  refused: number;
  retried: number;
  extraTries: number;
  unknownAtEnd: number;
  serverErrors: number;
  serverErrorsOutsideFaults: number;
  /** Tries that started and ended outside every fault and still got no definite answer: must be none. */
  indefiniteOutsideFaults: number;
  reads: number;
};

export function figuresOf(run: Run): Figures {
  const count = (outcome: Outcome) => run.transfers.filter((transfer) => transfer.outcome === outcome).length;
  return {
    acknowledged: count('acknowledged'),
    refused: count('refused'),
    retried: run.transfers.filter((transfer) => transfer.tries > 1).length,
    extraTries: run.transfers.reduce((sum, transfer) => sum + Math.max(0, transfer.tries - 1), 0),
    unknownAtEnd: run.unknownAtEnd,
    serverErrors: run.serverErrors.length,
    serverErrorsOutsideFaults: run.serverErrors.filter((error) => !run.faults.excuses(error)).length,
    indefiniteOutsideFaults: run.indefiniteTries.filter((span) => !run.faults.excuses(span)).length,
    reads: run.consistentReads,
  };
}

/** One line per scenario, so CI's log shows what each run did. */
export function report(scenario: string, figures: Figures, recovery = ''): void {
  const line = [
    `${figures.acknowledged} acknowledged`,
    `${figures.refused} refused`,
    `${figures.retried} retried (${figures.extraTries} extra tries)`,
    `${figures.unknownAtEnd} unknown at the end of the load`,
    `${figures.serverErrors} 5xx (${figures.serverErrorsOutsideFaults} outside faults)`,
    `${figures.indefiniteOutsideFaults} tries without a definite answer outside faults`,
    `${figures.reads} consistent balance reads`,
  ];
  console.log(`bank workload ${scenario}: ${line.join(', ')}${recovery ? `; ${recovery}` : ''}`);
}
