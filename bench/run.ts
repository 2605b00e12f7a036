// npm run bench: throughput of the money path, printed as figures and ratios. Runs on PGlite,
// and on PostgreSQL when DATABASE_URL is set (a scratch database is created and dropped).
// Bounded: a fixed number of transfers per phase, on this machine only.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../src/server/db/client';
import { schema } from '../src/server/db/client';
import { insertAccount } from '../src/server/modules/accounts/accounts.repository';
import { generateAccountNumber } from '../src/server/modules/ledger/account-number';
import { bankAccounts, postJournalEntry, verifyLedger } from '../src/server/modules/ledger/ledger';
import { transferInTransaction } from '../src/server/test-support/transfers';
import type { SignedInUser } from '../src/server/modules/auth/signed-in-user';
import { onEachDriver } from './each-driver';

const sequentialTransfers = 400;
const concurrentWorkers = 8;
const transfersPerWorker = 60;
const accountCount = 16;
/** A raw-SQL transfer transaction (lock two rows, two updates, one insert) run one after another on PostgreSQL 15 on this kind of two-core machine. */
const referenceRawSqlTps = 1_173;

type Holder = { user: SignedInUser; accountId: string; name: string };

async function setUp(db: Database): Promise<Holder[]> {
  const holders: Holder[] = [];
  for (let index = 0; index < accountCount; index += 1) {
    const id = `bench-user-${index}`;
    const name = `Bench Holder ${index}`;
    await db
      .insert(schema.user)
      .values({ id, name, email: `bench${index}@example.com` })
      .onConflictDoNothing();
    const accountId = generateAccountNumber();
    await db.transaction(async (tx) => {
      await insertAccount(tx, {
        id: accountId,
        ownerUserId: id,
        accountType: 'savings',
        holderName: name,
        email: `bench${index}@example.com`,
        phone: '+8801712345678',
        photoUrl: '/api/images/00000000-0000-0000-0000-000000000000',
        gender: 'Female',
        birthDate: '1990-01-01',
        nid: '1234567890',
        residentialArea: 'Dhaka',
        permanentArea: 'Dhaka',
        nomineeName: 'Nominee',
        nomineeNid: '9876543210',
        nomineeRelation: 'Mother',
      });
      await tx.execute(sql`UPDATE bank_account SET status = 'active' WHERE id = ${accountId}`);
      await postJournalEntry(tx, {
        movement: { kind: 'deposit', amountPoisha: String(100_000_000n) },
        postings: [
          { accountCode: accountId, amountPoisha: 100_000_000n },
          { accountCode: bankAccounts.cash, amountPoisha: -100_000_000n },
        ],
      });
    });
    holders.push({
      user: {
        id,
        email: `bench${index}@example.com`,
        name,
        image: null,
        role: 'user',
        mustChangePassword: false,
        language: 'en',
        twoFactorEnabled: false,
        staffAdministrator: false,
        phoneVerified: false,
      },
      accountId,
      name,
    });
  }
  return holders;
}

function transferOnce(db: Database, from: Holder, to: Holder) {
  return db.transaction((tx) => transferInTransaction(tx, from.user, { senderAccountId: from.accountId, receiverAccountId: to.accountId, confirmedReceiverName: to.name, amountPoisha: 1_000n }));
}

async function measure(label: string, count: number, run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  const tps = count / seconds;
  console.log(`  ${label.padEnd(44)} ${String(count).padStart(5)} transfers in ${seconds.toFixed(2).padStart(6)} s = ${tps.toFixed(0).padStart(5)} tps`);
  return tps;
}

async function benchDriver(label: string, handle: DatabaseHandle): Promise<void> {
  const db = handle.db;
  const holders = await setUp(db);
  console.log(`\n${label} (${handle.driver})`);
  const [first, second] = holders as [Holder, Holder];
  const sequential = await measure('one after another, service + ledger', sequentialTransfers, async () => {
    for (let index = 0; index < sequentialTransfers; index += 1) await transferOnce(db, index % 2 ? first : second, index % 2 ? second : first);
  });
  const concurrent = await measure(`${concurrentWorkers} concurrent workers, ${accountCount} accounts`, concurrentWorkers * transfersPerWorker, async () => {
    await Promise.all(
      Array.from({ length: concurrentWorkers }, async (_, worker) => {
        for (let index = 0; index < transfersPerWorker; index += 1) {
          const from = holders[(worker + index) % accountCount] as Holder;
          const to = holders[(worker * 3 + index + 1) % accountCount] as Holder;
          if (from !== to) await transferOnce(db, from, to);
        }
      }),
    );
  });
  const problems = await verifyLedger(db);
  console.log(`  ledger after the run: ${JSON.stringify(problems, (_key, value) => (typeof value === 'bigint' ? value.toString() : value))}`);
  console.log(`  ratio concurrent / sequential: ${(concurrent / sequential).toFixed(2)}`);
  console.log(`  ratio sequential / raw-SQL reference (${referenceRawSqlTps} tps, PostgreSQL): ${(sequential / referenceRawSqlTps).toFixed(2)}`);
}

await onEachDriver(benchDriver);
