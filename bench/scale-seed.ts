// The rows of bench/scale.ts, written straight in SQL with generate_series: the point is the
// size and shape of the tables, not the services. `growBank` takes the bank from one size to a
// larger one, so the same database is measured at ten thousand accounts and then at a million.

/** Runs one statement; the seeding statements run for minutes, so without a statement timeout. */
export type RunSql = (text: string) => Promise<Array<Record<string, unknown>>>;

/** The size of the synthetic bank: customer accounts, and journal entries of two postings each. */
export type BankSize = { accounts: number; entries: number };

/** Every synthetic movement is a cash deposit of 100.00 BDT, so a balance is a count of postings. */
export const depositPoisha = 10_000;
/** Every account has at least this many postings; the rest follow a Zipf skew (see `skewOf`). */
const postingsPerAccountMin = 3;

/** Synthetic account numbers start 209 (the bank's real ones start 208), so they never collide. */
export const accountCode = (index: number) => `209${String(index).padStart(10, '0')}`;
const accountCodeSql = (index: string) => `'209' || lpad((${index})::text, 10, '0')`;

/**
 * Account i (from 1) holds `min + floor(skew / i)` postings: account 1 has a statement of tens of
 * thousands of lines at a million accounts, most accounts have a handful. `skew` is the smallest
 * that brings the total to `entries` (found by halving, the sum counted exactly).
 */
export function skewOf(size: BankSize): number {
  const postingsOf = (skew: number) => {
    let total = postingsPerAccountMin * size.accounts;
    for (let index = 1; index <= size.accounts; index += 1) total += Math.floor(skew / index);
    return total;
  };
  let low = 0;
  let high = size.entries;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (postingsOf(middle) >= size.entries) high = middle;
    else low = middle + 1;
  }
  return low;
}

const postingsOfSql = (index: string, skew: number) => `(${postingsPerAccountMin} + floor(${skew}::float8 / (${index}))::int)`;

/** Holders, accounts and the staff lists' rows for accounts from+1..to, with statuses mixed as a bank's would be. */
async function addAccounts(run: RunSql, from: number, to: number): Promise<void> {
  const series = `generate_series(${from + 1}, ${to}) i`;
  const requested = `timestamptz '2020-01-01' + i * interval '1 minute'`;
  await run(`INSERT INTO "user" (id, name, email, created_at, banned)
    SELECT 'scale-' || i, 'Holder ' || i, 'holder' || i || '@scale.test', ${requested}, i % 100 = 0 FROM ${series}`);
  await run(`INSERT INTO ledger_account (code, kind) SELECT ${accountCodeSql('i')}, 'customer' FROM ${series}`);
  await run(`INSERT INTO bank_account (id, owner_user_id, account_type, status, holder_name, email, phone, photo_url, gender, birth_date, nid,
      residential_area, permanent_area, nominee_name, nominee_nid, nominee_relation, requested_at)
    SELECT ${accountCodeSql('i')}, 'scale-' || i, 'savings', CASE WHEN i % 50 = 0 THEN 'pending' ELSE 'active' END,
      'Holder ' || i, 'holder' || i || '@scale.test', '+8801712345678', '/api/images/x', 'Female', '1990-01-01', '1234567890',
      'Dhaka', 'Dhaka', 'Nominee', '9876543210', 'Mother', ${requested}
    FROM ${series}`);
  await run(`INSERT INTO card (bank_account_id, owner_user_id, card_type, status, holder_name, email, phone, nid, requested_at)
    SELECT ${accountCodeSql('i')}, 'scale-' || i, 'debit', CASE WHEN i % 100 = 0 THEN 'pending' ELSE (ARRAY['active', 'declined', 'cancelled'])[1 + i % 3] END,
      'Holder ' || i, 'holder' || i || '@scale.test', '+8801712345678', '1234567890', ${requested}
    FROM ${series}`);
  await run(`INSERT INTO loan (bank_account_id, owner_user_id, loan_type, status, amount_poisha, duration_months, interest_percent, total_poisha,
      outstanding_poisha, monthly_income_poisha, company_name, evidence, passport_url, holder_name, email, phone, nid, requested_at)
    SELECT ${accountCodeSql('i')}, 'scale-' || i, 'car', CASE WHEN i % 100 = 0 THEN 'pending' ELSE 'repaid' END,
      10000000, 12, 3, 10300000, 0, 6000000, 'Company', 'https://example.com', '/api/images/x',
      'Holder ' || i, 'holder' || i || '@scale.test', '+8801712345678', '1234567890', ${requested}
    FROM ${series} WHERE i % 4 = 0`);
  await run(`INSERT INTO deposit_request (bank_account_id, owner_user_id, amount_poisha, status, requested_at)
    SELECT ${accountCodeSql('i')}, 'scale-' || i, 100000, CASE WHEN i % 100 = 0 THEN 'pending' ELSE 'success' END, ${requested}
    FROM ${series}`);
  await run(`INSERT INTO audit_event (actor_user_id, action, subject_type, subject_id, detail, created_at)
    SELECT 'scale-1', e.action, e.subject_type, CASE WHEN e.subject_type = 'bank_account' THEN ${accountCodeSql('i')} ELSE gen_random_uuid()::text END,
      jsonb_build_object('accountId', ${accountCodeSql('i')}, 'before', 'pending', 'after', 'success'), ${requested}
    FROM ${series}, (VALUES ('account.approve', 'bank_account'), ('deposit.approve', 'deposit_request')) AS e(action, subject_type)`);
  await run(`INSERT INTO contact_message (full_name, email, contact, message, created_at, sent_at, send_attempts, next_attempt_at)
    SELECT 'Visitor ' || i, 'visitor' || i || '@example.com', '+8801712345678', 'A question about savings accounts.', ${requested}, ${requested}, 1, ${requested}
    FROM ${series} WHERE i % 10 = 0`);
}

/** The indexes and foreign keys of the ledger's two big tables, dropped while they are bulk-loaded and then rebuilt. */
const ledgerBulkLoadObjects = [
  { drop: 'DROP INDEX posting_account_idx', create: 'CREATE INDEX posting_account_idx ON posting USING btree (ledger_account_code, id)' },
  { drop: 'DROP INDEX posting_entry_idx', create: 'CREATE INDEX posting_entry_idx ON posting USING btree (journal_entry_id)' },
  {
    drop: 'ALTER TABLE posting DROP CONSTRAINT posting_journal_entry_id_journal_entry_id_fk',
    create: 'ALTER TABLE posting ADD CONSTRAINT posting_journal_entry_id_journal_entry_id_fk FOREIGN KEY (journal_entry_id) REFERENCES journal_entry (id)',
  },
  {
    drop: 'ALTER TABLE posting DROP CONSTRAINT posting_ledger_account_code_ledger_account_code_fk',
    create: 'ALTER TABLE posting ADD CONSTRAINT posting_ledger_account_code_ledger_account_code_fk FOREIGN KEY (ledger_account_code) REFERENCES ledger_account (code)',
  },
];

/**
 * Deposits bringing every account from the postings it had at `before` to those it has at
 * `after`: one journal entry per deposit (customer +100.00, bank cash −100.00), each posting
 * with its running balance, and the cached balances set to the sums, so `verifyLedger` holds.
 * The entry id is built from (account, line), so the postings find it without a join.
 */
async function addDeposits(run: RunSql, before: BankSize | undefined, after: BankSize): Promise<void> {
  const skewBefore = before ? skewOf(before) : 0;
  const skewAfter = skewOf(after);
  const postingsBefore = before ? `CASE WHEN i <= ${before.accounts} THEN ${postingsOfSql('i', skewBefore)} ELSE 0 END` : '0';
  const lines = `generate_series(1, ${after.accounts}) i CROSS JOIN LATERAL generate_series(${postingsBefore} + 1, ${postingsOfSql('i', skewAfter)}) k`;
  const entryId = `(lpad(to_hex(i), 16, '0') || lpad(to_hex(k), 16, '0'))::uuid`;
  const postedAt = `timestamptz '2024-01-01' + (i::bigint * 7919 + k::bigint * 104729) % 63072000 * interval '1 second'`;
  for (const object of ledgerBulkLoadObjects) await run(object.drop);
  await run(`INSERT INTO journal_entry (id, kind, memo, params, created_at)
    SELECT ${entryId}, 'deposit', 'Cash deposit of 100.00 BDT', '{"amountPoisha":"${depositPoisha}"}'::jsonb, ${postedAt} FROM ${lines}`);
  await run(`INSERT INTO posting (journal_entry_id, ledger_account_code, amount_poisha, balance_after_poisha, created_at)
    SELECT ${entryId}, ${accountCodeSql('i')}, ${depositPoisha}, k::bigint * ${depositPoisha}, ${postedAt} FROM ${lines} ORDER BY i, k`);
  const [cash] = await run(`SELECT balance_poisha::text AS balance FROM ledger_account WHERE code = 'bank:cash'`);
  const cashBefore = String(cash?.balance ?? '0');
  await run(`INSERT INTO posting (journal_entry_id, ledger_account_code, amount_poisha, balance_after_poisha, created_at)
    SELECT ${entryId}, 'bank:cash', -${depositPoisha}, ${cashBefore}::bigint - row_number() OVER (ORDER BY i, k) * ${depositPoisha}, ${postedAt}
    FROM ${lines} ORDER BY i, k`);
  for (const object of ledgerBulkLoadObjects) await run(object.create);
  // Each balance grows by the deposits just added: what happened to the bank between two growths
  // (a transfer, interest posted by a close measured at the smaller size) stays in it.
  await run(`UPDATE ledger_account l SET balance_poisha = l.balance_poisha + (${postingsOfSql('i', skewAfter)} - ${postingsBefore})::bigint * ${depositPoisha}
    FROM generate_series(1, ${after.accounts}) i WHERE l.code = ${accountCodeSql('i')}`);
  await run(`UPDATE ledger_account SET balance_poisha = (SELECT sum(amount_poisha) FROM posting WHERE ledger_account_code = 'bank:cash') WHERE code = 'bank:cash'`);
}

/**
 * Grows the synthetic bank from `before` (nothing when undefined) to `after`, then refreshes the
 * planner's statistics and writes the bulk load out: measured right after gigabytes of writes,
 * PostgreSQL would still be flushing them during the timed requests.
 */
export async function growBank(run: RunSql, before: BankSize | undefined, after: BankSize): Promise<void> {
  await addAccounts(run, before?.accounts ?? 0, after.accounts);
  await addDeposits(run, before, after);
  await run('VACUUM ANALYZE');
  await run('CHECKPOINT');
}

/** Journal postings and customer accounts as they stand, for the report. */
export async function countRows(run: RunSql): Promise<{ accounts: number; postings: number; longestStatement: number }> {
  const [row] = await run(`SELECT (SELECT count(*) FROM bank_account)::bigint::text AS accounts, (SELECT count(*) FROM posting)::bigint::text AS postings,
    (SELECT count(*) FROM posting WHERE ledger_account_code = '${accountCode(1)}')::bigint::text AS longest`);
  return { accounts: Number(row?.accounts), postings: Number(row?.postings), longestStatement: Number(row?.longest) };
}
