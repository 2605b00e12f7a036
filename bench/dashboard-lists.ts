// npm run bench:lists: how fast the staff dashboard's lists answer when the bank has thousands of
// requests, with the list indexes (migration 0002) and again after dropping them, as a ratio.
// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (a scratch database is created and
// dropped). Bounded: a fixed number of rows and of timed queries.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../src/server/db/client';
import { pageOfAccounts } from '../src/server/modules/accounts/accounts.repository';
import { listAccountAuditEvents, countAccountAuditEvents } from '../src/server/modules/audit/audit.repository';
import { listCards } from '../src/server/modules/cards/cards.repository';
import { claimDueContactMessages, countContactMessages, listContactMessages, pageOfContactMessages } from '../src/server/modules/contact/contact.repository';
import { listDeposits } from '../src/server/modules/deposits/deposits.repository';
import { listLoans } from '../src/server/modules/loans/loans.repository';
import { pageOfUsers } from '../src/server/modules/users/users.repository';
import { onEachDriver } from './each-driver';

const accountCount = 20_000;
const warmUpRuns = 3;
const timedRuns = 25;
const page = { limit: 20, offset: 0 };
const deepPage = { limit: 20, offset: 2_000 };

/** The indexes migration 0002 adds for these lists; dropped for the comparison run. */
const listIndexes = [
  'bank_account_requested_idx',
  'bank_account_status_requested_idx',
  'card_requested_idx',
  'card_status_requested_idx',
  'loan_requested_idx',
  'loan_status_requested_idx',
  'deposit_request_requested_idx',
  'deposit_request_status_requested_idx',
  'audit_event_subject_idx',
  'audit_event_account_idx',
  'contact_message_created_idx',
  'contact_message_due_idx',
  // The search of decision 016.
  'bank_account_id_pattern_idx',
  'bank_account_search_idx',
  // What a customer quotes (decision 035).
  'bank_account_last_four_idx',
  'bank_account_phone_idx',
  'bank_account_nid_idx',
  'card_account_idx',
  'loan_account_idx',
  'user_search_idx',
  'contact_message_search_idx',
];

/** Rows written straight in SQL: the point is the shape and size of the tables, not the services. */
async function seed(db: Database): Promise<string> {
  const n = accountCount;
  await db.execute(sql`INSERT INTO "user" (id, name, email) SELECT 'bench-' || i, 'Holder ' || i, 'holder' || i || '@example.com' FROM generate_series(1, ${n}) i`);
  await db.execute(sql`INSERT INTO ledger_account (code, kind, balance_poisha) SELECT (1000000000000 + i)::text, 'customer', 0 FROM generate_series(1, ${n}) i`);
  await db.execute(sql`
    INSERT INTO bank_account (id, owner_user_id, account_type, status, holder_name, email, phone, photo_url, gender, birth_date, nid,
      residential_area, permanent_area, nominee_name, nominee_nid, nominee_relation, requested_at)
    SELECT (1000000000000 + i)::text, 'bench-' || i, 'savings', CASE WHEN i % 10 = 0 THEN 'pending' ELSE 'active' END,
      'Holder ' || i, 'holder' || i || '@example.com', '+88017' || lpad(i::text, 8, '0'), '/api/images/x', 'Female', '1990-01-01', (1000000000 + i)::text,
      'Dhaka', 'Dhaka', 'Nominee', '9876543210', 'Mother', now() - i * interval '1 minute'
    FROM generate_series(1, ${n}) i`);
  await db.execute(sql`
    INSERT INTO card (bank_account_id, owner_user_id, card_type, status, holder_name, email, phone, nid, requested_at)
    SELECT (1000000000000 + i)::text, 'bench-' || i, 'debit', (ARRAY['active', 'declined', 'cancelled', 'pending'])[1 + i % 4],
      'Holder ' || i, 'holder' || i || '@example.com', '+8801712345678', '1234567890', now() - i * interval '1 minute'
    FROM generate_series(1, ${n}) i`);
  await db.execute(sql`
    INSERT INTO loan (bank_account_id, owner_user_id, loan_type, status, amount_poisha, duration_months, interest_percent, total_poisha,
      outstanding_poisha, monthly_income_poisha, company_name, evidence, passport_url, holder_name, email, phone, nid, requested_at)
    SELECT (1000000000000 + i)::text, 'bench-' || i, 'car', (ARRAY['active', 'repaid', 'repaid', 'pending'])[1 + i % 4],
      10000000, 12, 3, 10300000, 10300000, 6000000, 'Company', 'https://example.com', '/api/images/x',
      'Holder ' || i, 'holder' || i || '@example.com', '+8801712345678', '1234567890', now() - i * interval '1 minute'
    FROM generate_series(1, ${n}) i`);
  await db.execute(sql`
    INSERT INTO deposit_request (bank_account_id, owner_user_id, amount_poisha, status, requested_at)
    SELECT (1000000000000 + 1 + i % ${n})::text, 'bench-' || (1 + i % ${n}), 100000, CASE WHEN i % 20 = 0 THEN 'pending' ELSE 'success' END,
      now() - i * interval '30 seconds'
    FROM generate_series(1, ${n * 2}) i`);
  await db.execute(sql`
    INSERT INTO audit_event (actor_user_id, action, subject_type, subject_id, detail, created_at)
    SELECT 'bench-1', 'deposit.approve', 'deposit_request', gen_random_uuid()::text,
      jsonb_build_object('accountId', (1000000000000 + 1 + i % ${n})::text, 'before', 'pending', 'after', 'success'),
      now() - i * interval '10 seconds'
    FROM generate_series(1, ${n * 3}) i`);
  await db.execute(sql`
    INSERT INTO contact_message (full_name, email, contact, message, created_at, sent_at, send_attempts)
    SELECT 'Visitor ' || i, 'visitor' || i || '@example.com', '+8801712345678', 'A question about savings accounts.',
      now() - i * interval '1 minute', now() - i * interval '1 minute', 1
    FROM generate_series(1, ${n}) i`);
  await db.execute(sql`ANALYZE`);
  return String(1_000_000_000_000 + n / 2);
}

type Query = { label: string; run: () => Promise<unknown> };

function queries(db: Database, accountId: string): Query[] {
  return [
    { label: 'accounts, first page', run: () => pageOfAccounts(db, page) },
    { label: 'accounts, pending only', run: () => pageOfAccounts(db, { ...page, status: 'pending' }) },
    { label: 'accounts, page 101', run: () => pageOfAccounts(db, deepPage) },
    { label: 'card requests, pending only', run: () => listCards(db, { ...page, status: 'pending' }) },
    { label: 'card requests, first page', run: () => listCards(db, page) },
    { label: 'loan requests, pending only', run: () => listLoans(db, { ...page, status: 'pending' }) },
    { label: 'deposit requests, pending only', run: () => listDeposits(db, { ...page, status: 'pending' }) },
    { label: 'deposit requests, first page', run: () => listDeposits(db, page) },
    { label: 'audit trail of one account', run: () => Promise.all([listAccountAuditEvents(db, accountId, page), countAccountAuditEvents(db, accountId)]) },
    { label: 'contact messages, first page', run: () => Promise.all([listContactMessages(db, page), countContactMessages(db)]) },
    { label: 'accounts, search by name', run: () => pageOfAccounts(db, { ...page, q: { kind: 'text', text: 'holder 1234' } }) },
    { label: 'accounts, search finds nothing', run: () => pageOfAccounts(db, { ...page, q: { kind: 'text', text: 'nobody' } }) },
    { label: 'accounts, search by number prefix', run: () => pageOfAccounts(db, { ...page, q: { kind: 'digits', digits: accountId.slice(0, 10) } }) },
    { label: 'accounts, search by last four digits', run: () => pageOfAccounts(db, { ...page, q: { kind: 'digits', digits: accountId.slice(-4) } }) },
    { label: 'accounts, search by mobile number', run: () => pageOfAccounts(db, { ...page, q: { kind: 'digits', digits: `017${accountId.slice(-8)}` } }) },
    { label: 'deposit requests, search by NID', run: () => listDeposits(db, { ...page, q: { kind: 'digits', digits: String(1_000_000_000 + Number(accountId) - 1_000_000_000_000) } }) },
    { label: 'card requests, search by e-mail', run: () => listCards(db, { ...page, q: { kind: 'text', text: 'holder777@' } }) },
    { label: 'loan requests, search by number', run: () => listLoans(db, { ...page, q: { kind: 'digits', digits: accountId } }) },
    { label: 'deposit requests, search by name', run: () => listDeposits(db, { ...page, q: { kind: 'text', text: 'holder 4321' } }) },
    { label: 'users, search by name', run: () => pageOfUsers(db, { ...page, q: { kind: 'text', text: 'holder 999' } }) },
    { label: 'contact messages, search by name', run: () => pageOfContactMessages(db, { ...page, q: { kind: 'text', text: 'visitor 55' } }) },
    { label: 'contact outbox, nothing due', run: () => claimDueContactMessages(db, { batchSize: 10, attemptsMax: 20, leaseMs: 60_000 }) },
  ];
}

async function medianMs(query: Query): Promise<number> {
  for (let index = 0; index < warmUpRuns; index += 1) await query.run();
  const samples: number[] = [];
  for (let index = 0; index < timedRuns; index += 1) {
    const started = performance.now();
    await query.run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}

async function benchDriver(label: string, handle: DatabaseHandle): Promise<void> {
  const db = handle.db;
  const seedStarted = performance.now();
  const accountId = await seed(db);
  console.log(
    `\n${label} (${handle.driver}): ${accountCount} accounts, ${accountCount} cards, ${accountCount} loans, ` +
      `${accountCount * 2} deposits, ${accountCount * 3} audit events, ${accountCount} messages (seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s)`,
  );
  const withIndexes = new Map<string, number>();
  for (const query of queries(db, accountId)) withIndexes.set(query.label, await medianMs(query));
  for (const name of listIndexes) await db.execute(sql.raw(`DROP INDEX IF EXISTS ${name}`));
  await db.execute(sql`ANALYZE`);
  console.log(`  ${'median of ' + timedRuns + ' runs'.padEnd(30)}  with indexes   without   ratio`);
  for (const query of queries(db, accountId)) {
    const indexed = withIndexes.get(query.label) ?? Number.NaN;
    const bare = await medianMs(query);
    console.log(`  ${query.label.padEnd(38)} ${indexed.toFixed(2).padStart(8)} ms ${bare.toFixed(2).padStart(8)} ms ${(bare / indexed).toFixed(1).padStart(6)}x`);
  }
}

await onEachDriver(benchDriver);
