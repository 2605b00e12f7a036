import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import type { Database } from '../../db/database';
import { dhaka, move, openAccount, setBusinessDate } from '../../test-support/day-close-fixtures';
import { createScratchDatabase } from '../../test-support/test-database';
import { verifyLedger } from '../ledger/ledger';
import { transferInTransaction } from '../../test-support/transfers';
import { catchUpDayClose, dayCloseSteps, type DayCloseOutcome } from './day-close';

// A process killed in the middle of the close, several instances at once and transfers during it
// are about connections and processes, so these run on PostgreSQL only (PGlite has one connection
// in one process).
const serverUrl = process.env.DATABASE_URL;

/** The dates closed: an ordinary one and a half-year's end, so accrual, posting and tax all run. */
const dates = ['2026-06-29', '2026-06-30'];
/** Just after the last date ended, when a server that was down would catch up. */
const now = dhaka('2026-07-01T00:05:00');
const childScript = path.join(import.meta.dirname, 'day-close-child.ts');

type Copy = { url: string; drop: () => Promise<void> };

/** What a close writes, without the ids and clock times that differ between two runs. */
async function whatTheCloseWrote(db: Database) {
  const rows = async (query: ReturnType<typeof sql>) => (await db.execute<Record<string, unknown>>(query)).rows;
  return {
    businessDate: await rows(sql`SELECT business_date::text FROM business_date`),
    steps: await rows(sql`SELECT business_date::text, step, rows FROM day_close_step_done ORDER BY business_date, step`),
    accruals: await rows(sql`SELECT bank_account_id, business_date::text, terms_id::text, closing_balance_poisha::text, accrued_units::text FROM interest_accrual ORDER BY 1, 2`),
    yearHighs: await rows(sql`SELECT bank_account_id, year, highest_balance_poisha::text FROM account_year_high ORDER BY 1, 2`),
    postings: await rows(
      sql`SELECT bank_account_id, business_date::text, accrued_units::text, carried_in_units::text, posted_poisha::text, carried_out_units::text, tax_percent, tax_poisha::text FROM interest_posting ORDER BY 1, 2`,
    ),
    balances: await rows(sql`SELECT code, balance_poisha::text FROM ledger_account ORDER BY code`),
    ledgerLines: await rows(sql`
      SELECT j.kind, p.ledger_account_code, p.amount_poisha::text, p.balance_after_poisha::text, p.created_at::text
      FROM posting p JOIN journal_entry j ON j.id = p.journal_entry_id ORDER BY p.ledger_account_code, p.created_at, p.amount_poisha`),
  };
}

/** Runs the child close; resolves with its outcomes, or with 'killed' once it was killed inside `killAt`. */
function runChild(url: string, killAt?: string): Promise<DayCloseOutcome[] | 'killed'> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, url, now.toISOString(), ...(killAt ? [killAt] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!killed && stdout.includes('in-step\n')) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code, signal) => {
      if (killed && signal === 'SIGKILL') return resolve('killed');
      if (code !== 0) return reject(new Error(`the close's process ended ${code ?? signal}: ${stderr}`));
      resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as DayCloseOutcome[]);
    });
  });
}

/** A step's transaction may still hold the lock for an instant after its process died: try again while busy. */
async function runChildUntilNotBusy(url: string, killAt?: string): Promise<DayCloseOutcome[] | 'killed'> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const result = await runChild(url, killAt);
    if (result === 'killed' || !result.some((outcome) => outcome.reason === 'busy')) return result;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the close stayed busy');
}

/** The signed-in customer a transfer is made for; its id is each sender's owner. */
const customer = {
  id: '',
  email: 'rahima@example.com',
  name: 'Rahima Khatun',
  image: null,
  role: 'user',
  mustChangePassword: false,
  language: 'en' as const,
  twoFactorEnabled: false,
  staffAdministrator: false,
  phoneVerified: false,
};

async function copyOf(template: string): Promise<Copy> {
  return createScratchDatabase(serverUrl!, { template });
}

describe.skipIf(!serverUrl)('the day close under faults (PostgreSQL)', () => {
  let original: Copy;
  let reference: Awaited<ReturnType<typeof whatTheCloseWrote>>;
  const copies: Copy[] = [];

  beforeAll(async () => {
    original = await createScratchDatabase(serverUrl!);
    const handle = await openDatabase({ databaseUrl: original.url });
    try {
      await handle.migrate();
      await setBusinessDate(handle.db, dates[0]!);
      await handle.db.execute(sql`DELETE FROM day_close_step_done`);
      // Every tier, the minimum to earn, a TIN and none, a balance that changes on the close's first date.
      const balances = [5_000_00n, 99_999_99n, 2_00_000_00n, 12_00_000_00n, 1_50_00_000_00n, 50_00n];
      for (const [index, balance] of balances.entries()) {
        const account = await openAccount(handle.db, index % 3 === 2 ? 'student' : 'savings');
        await move(handle.db, account, balance, dhaka('2026-06-20T10:00:00'));
        await move(handle.db, account, balance / 7n, dhaka('2026-06-29T18:30:00'));
        if (index % 2 === 0) await handle.db.execute(sql`INSERT INTO customer_tax_identity (user_id, tin) SELECT owner_user_id, ${`12345678901${index}`} FROM bank_account WHERE id = ${account}`);
      }
    } finally {
      await handle.close();
    }
    const name = new URL(original.url).pathname.slice(1);
    for (let index = 0; index < 4; index += 1) copies.push(await copyOf(name));
    const uninterrupted = await openDatabase({ databaseUrl: original.url });
    try {
      expect(await catchUpDayClose(uninterrupted.batchDb, dayCloseSteps, now)).toEqual([
        ...dates.map((businessDate) => ({ businessDate, closed: true })),
        { businessDate: '2026-07-01', closed: false, reason: 'not-due' },
      ]);
      reference = await whatTheCloseWrote(uninterrupted.db);
    } finally {
      await uninterrupted.close();
    }
  }, 120_000);

  afterAll(async () => {
    for (const copy of [original, ...copies]) await copy?.drop();
  });

  it('killed (SIGKILL) inside every step of every date and started again, ends equal to an uninterrupted close, to the poisha', async () => {
    const copy = copies[0]!;
    for (const date of dates) {
      for (const step of dayCloseSteps) expect(await runChildUntilNotBusy(copy.url, `${date}/${step.name}`)).toBe('killed');
    }
    // Killed inside the last date's last step, that date is still open: the restart finishes it.
    const finished = await runChildUntilNotBusy(copy.url);
    expect(finished).toEqual([
      { businessDate: dates.at(-1), closed: true },
      { businessDate: '2026-07-01', closed: false, reason: 'not-due' },
    ]);
    const handle = await openDatabase({ databaseUrl: copy.url });
    try {
      expect(await whatTheCloseWrote(handle.db)).toEqual(reference);
      const problems = await verifyLedger(handle.db);
      expect([problems.unbalancedEntries, problems.mismatchedAccounts, problems.totalBalancePoisha]).toEqual([0, 0, 0n]);
    } finally {
      await handle.close();
    }
  }, 240_000);

  it('run by four instances at once, closes each date once', async () => {
    const handles: DatabaseHandle[] = [];
    try {
      for (let index = 0; index < 4; index += 1) handles.push(await openDatabase({ databaseUrl: copies[1]!.url }));
      // Each instance catches up until it finds nothing due, as its timer would on the next tick after a busy one.
      const closeUntilDone = async (handle: DatabaseHandle) => {
        const outcomes: DayCloseOutcome[] = [];
        for (;;) {
          const round = await catchUpDayClose(handle.batchDb, dayCloseSteps, now);
          outcomes.push(...round);
          if (round.at(-1)?.reason === 'not-due') return outcomes;
        }
      };
      const outcomes = (await Promise.all(handles.map(closeUntilDone))).flat();
      expect(outcomes.filter((outcome) => outcome.closed).map((outcome) => outcome.businessDate)).toEqual(expect.arrayContaining(dates));
      expect(await whatTheCloseWrote(handles[0]!.db)).toEqual(reference);
    } finally {
      for (const handle of handles) await handle.close();
    }
  }, 120_000);

  it('lets 50 transfers each way between accounts through while it runs, and reads each date’s closing balances as if none had moved', async () => {
    const handle = await openDatabase({ databaseUrl: copies[2]!.url });
    try {
      const accounts = (await handle.db.execute<{ id: string; owner: string }>(sql`SELECT id, owner_user_id AS owner FROM bank_account ORDER BY id`)).rows;
      // Real transfers, each way between neighbours: they lock both accounts as the route does, while
      // the close's statements take key-share locks on every account for their foreign keys.
      const transfers = Array.from({ length: 50 }, (_, index) => {
        const from = accounts[index % accounts.length]!;
        const to = accounts[(index + (index % 2 === 0 ? 1 : accounts.length - 1)) % accounts.length]!;
        const user = { ...customer, id: from.owner };
        const command = { senderAccountId: from.id, confirmedReceiverName: 'Rahima Khatun', receiverAccountId: to.id, amountPoisha: 1_00n + BigInt(index) };
        return handle.db.transaction((tx) => transferInTransaction(tx, user, command));
      });
      const [outcomes] = await Promise.all([catchUpDayClose(handle.batchDb, dayCloseSteps, now), ...transfers]);
      expect(outcomes.filter((outcome) => outcome.closed)).toHaveLength(dates.length);
      const wrote = await whatTheCloseWrote(handle.db);
      expect({ ...wrote, balances: [], ledgerLines: [] }).toEqual({ ...reference, balances: [], ledgerLines: [] });
      const problems = await verifyLedger(handle.db);
      expect([problems.unbalancedEntries, problems.mismatchedAccounts, problems.totalBalancePoisha]).toEqual([0, 0, 0n]);
      const moved = await handle.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM journal_entry WHERE kind = 'transfer'`);
      expect(Number(moved.rows[0]!.count)).toBe(50);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
