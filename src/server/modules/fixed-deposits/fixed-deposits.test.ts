import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fdrMaturity, fdrMaturityDay, openFixedDeposit, prematureEncashment } from '../../../shared/interest/fixed-deposit';
import { bankAccountBalance, bankAccounts, verifyLedger } from '../ledger/ledger';
import { formatBdt, formatBdtIn } from '../../../shared/money';
import { balanceOf, call, openFundedAccount, type Customer } from '../../test-support/banking';
import { emailsTo } from '../../test-support/emails';
import { pdfText } from '../../test-support/pdf-text';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { fdrMaturityStep } from './day-close-steps';
import { depositOfRow, fdrColumns, type FdrRow, openingBusinessDate } from './fixed-deposits.service';

let harness: TestApp;
let staff: string;
let alice: Customer;
let bob: Customer;
let aliceAccount: string;
let today: string;
let keys = 0;

const product = { principalPoishaMin: 1_000_000n, prematureRateBasisPoints: 250n } as const;
const rates: Record<number, bigint> = { 1: 600n, 3: 800n, 6: 825n, 12: 850n, 24: 850n, 36: 875n };
const nominee = { nomineeName: 'Karim Uddin', nomineeId: '9876543210', nomineeRelation: 'Brother' };
const newKey = () => ({ 'idempotency-key': `fdr-test-${process.pid}-${++keys}` });
const open = (customer: Customer, body: Record<string, unknown>, headers: Record<string, string> = newKey()) =>
  call(harness.app, 'POST', '/api/fdr', customer.cookie, { ...nominee, instruction: 'credit', ...body }, headers);
const poisha = async (accountId: string) => BigInt(Math.round((await balanceOf(harness.app, alice.cookie, accountId)) * 100));

async function counts(): Promise<{ deposits: number; entries: number }> {
  const result = await harness.database.db.execute<{ deposits: number; entries: number }>(
    sql`SELECT (SELECT count(*)::int FROM fixed_deposit) AS deposits, (SELECT count(*)::int FROM journal_entry) AS entries`,
  );
  return { deposits: Number(result.rows[0]?.deposits), entries: Number(result.rows[0]?.entries) };
}

async function rowOf(id: string): Promise<FdrRow> {
  const result = await harness.database.db.execute<FdrRow>(sql`SELECT ${fdrColumns} FROM fixed_deposit WHERE id = ${id}::uuid`);
  const row = result.rows[0];
  if (!row) throw new Error(`no deposit ${id}`);
  return row;
}

beforeAll(async () => {
  harness = await createTestApp({ rateLimitMultiplier: 1_000 });
  staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app);
  bob = await registerCustomer(harness.app);
  aliceAccount = await openFundedAccount(harness.app, alice, staff, 900_000);
  today = await openingBusinessDate(harness.database.db);
});
afterAll(async () => harness.close());

describe('FDR products', () => {
  it('publishes each term’s rate in force to anyone', async () => {
    const response = await call(harness.app, 'GET', '/api/fdr/products', undefined);
    expect(response.statusCode).toBe(200);
    const products = response.json().products as Array<{ termMonths: number; annualRateBasisPoints: number; principalPoishaMin: string }>;
    expect(products.map((row) => [row.termMonths, row.annualRateBasisPoints])).toEqual(Object.entries(rates).map(([months, rate]) => [Number(months), Number(rate)]));
    expect(products.every((row) => row.principalPoishaMin === '1000000')).toBe(true);
  });
});

describe('opening an FDR', () => {
  it('opens at the quoted figures, which are the pure rules’, moving the principal to the bank’s FDR liability', async () => {
    const body = { accountId: aliceAccount, amount: '100000', termMonths: 12 };
    const quote = await call(harness.app, 'POST', '/api/fdr/quote', alice.cookie, body);
    expect(quote.statusCode).toBe(200);
    const expected = fdrMaturity(openFixedDeposit({ ...product, termMonths: 12, annualRateBasisPoints: 850n }, 10_000_000n, today), false);
    expect(quote.json()).toMatchObject({ principalPoisha: '10000000', annualRateBasisPoints: 850, openingDay: today, maturityDay: expected.payoutDay, hasTin: false });
    expect(quote.json().maturity).toEqual({
      payoutDay: expected.payoutDay,
      days: expected.days,
      interestPoisha: expected.interestPoisha.toString(),
      taxPercent: 15,
      taxPoisha: expected.taxPoisha.toString(),
      paidPoisha: expected.paidPoisha.toString(),
    });
    const before = await poisha(aliceAccount);
    const liabilityBefore = await bankAccountBalance(harness.database.db, bankAccounts.fdrDeposits);
    const opened = await open(alice, { ...body, instruction: 'renew-principal' });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().deposit).toMatchObject({ status: 'active', instruction: 'renew-principal', nomineeName: 'Karim Uddin', maturity: quote.json().maturity });
    expect(await poisha(aliceAccount)).toBe(before - 10_000_000n);
    expect(opened.json().accountBalancePoisha).toBe((before - 10_000_000n).toString());
    expect(await bankAccountBalance(harness.database.db, bankAccounts.fdrDeposits)).toBe(liabilityBefore + 10_000_000n);
    const list = await call(harness.app, 'GET', '/api/fdr', alice.cookie);
    expect(list.json().deposits.map((deposit: { id: string }) => deposit.id)).toContain(opened.json().deposit.id);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });

  it('refuses more than the account holds, writing nothing', async () => {
    const before = await counts();
    const refused = await open(alice, { accountId: aliceAccount, amount: '10000000', termMonths: 3 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'insufficient_funds', fields: { amount: expect.any(String) } });
    expect(await counts()).toEqual(before);
  });

  it('answers bad input with a 400 naming the field, writing nothing', async () => {
    const before = await counts();
    for (const [body, field] of [
      [{ amount: '1.001' }, 'amount'],
      [{ amount: '9999.99' }, 'amount'],
      [{ termMonths: 5 }, 'termMonths'],
      [{ instruction: 'spend-it' }, 'instruction'],
      [{ nomineeId: '12' }, 'nomineeId'],
      [{ nomineeRelation: 'Neighbour' }, 'nomineeRelation'],
      [{ accountId: '12' }, 'accountId'],
    ] as const) {
      const response = await open(alice, { accountId: aliceAccount, amount: '20000', termMonths: 3, ...body });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), field).toContain(field);
    }
    const keyless = await open(alice, { accountId: aliceAccount, amount: '20000', termMonths: 3 }, {});
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error.fields).toHaveProperty('Idempotency-Key');
    expect(await counts()).toEqual(before);
  });

  it('shows another customer’s FDR, or account, as missing', async () => {
    const opened = await open(alice, { accountId: aliceAccount, amount: '10000', termMonths: 6 });
    const id = opened.json().deposit.id as string;
    expect((await call(harness.app, 'GET', `/api/fdr/${id}`, bob.cookie)).statusCode).toBe(404);
    expect((await call(harness.app, 'GET', `/api/fdr/not-an-id`, alice.cookie)).statusCode).toBe(404);
    expect((await call(harness.app, 'PUT', `/api/fdr/${id}/instruction`, bob.cookie, { instruction: 'renew-all' })).statusCode).toBe(404);
    expect((await call(harness.app, 'POST', `/api/fdr/${id}/encashment`, bob.cookie, undefined, newKey())).statusCode).toBe(404);
    expect((await open(bob, { accountId: aliceAccount, amount: '10000', termMonths: 6 })).statusCode).toBe(404);
    expect((await call(harness.app, 'GET', `/api/fdr/${id}/certificate`, bob.cookie)).statusCode).toBe(404);
    const changed = await call(harness.app, 'PUT', `/api/fdr/${id}/instruction`, alice.cookie, { instruction: 'renew-all' });
    expect(changed.json()).toMatchObject({ instruction: 'renew-all' });
  });

  it('gives its holder a certificate in English and in Bangla', async () => {
    const opened = await open(alice, { accountId: aliceAccount, amount: '25000', termMonths: 3 });
    const deposit = opened.json().deposit as { id: string; reference: string; maturity: { paidPoisha: string } };
    const english = await call(harness.app, 'GET', `/api/fdr/${deposit.id}/certificate?language=en`, alice.cookie);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    const text = pdfText(english.rawPayload);
    expect(text).toContain('Fixed Deposit Receipt (FDR)');
    expect(text).toContain(deposit.reference);
    expect(text).toContain('25,000.00 BDT');
    expect(text).toContain(formatBdt(BigInt(deposit.maturity.paidPoisha)));
    expect(text).toContain('8.00 %');
    const bangla = pdfText((await call(harness.app, 'GET', `/api/fdr/${deposit.id}/certificate?language=bn`, alice.cookie)).rawPayload);
    // Shaped Bangla conjuncts come out of the PDF as runs of their own: the plain words and the digits are whole.
    expect(bangla).toContain('আমানত');
    expect(bangla).toContain(deposit.reference);
    expect(bangla).toContain(formatBdtIn(2_500_000n, 'bn'));
  });
});

describe('the staff list', () => {
  it('pages every FDR with its total, searched by account number and holder, filtered by status, for staff only', async () => {
    const all = await call(harness.app, 'GET', '/api/staff/fdr?limit=2', staff);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(2);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const byAccount = await call(harness.app, 'GET', `/api/staff/fdr?q=${aliceAccount}&status=active`, staff);
    expect(byAccount.json().length).toBeGreaterThan(0);
    expect(byAccount.json().every((row: { accountId: string; status: string }) => row.accountId === aliceAccount && row.status === 'active')).toBe(true);
    const holder = (byAccount.json()[0] as { holderName: string }).holderName;
    const byName = await call(harness.app, 'GET', `/api/staff/fdr?q=${encodeURIComponent(holder.slice(0, 4))}`, staff);
    expect(byName.json().some((row: { accountId: string }) => row.accountId === aliceAccount)).toBe(true);
    expect((await call(harness.app, 'GET', '/api/staff/fdr?status=spent', staff)).statusCode).toBe(400);
    expect((await call(harness.app, 'GET', '/api/staff/fdr', alice.cookie)).statusCode).toBe(403);
  });
});

describe('maturity, a day-close step', () => {
  it('pays under each instruction the amounts of the pure rules, once per date', async () => {
    const carol = await registerCustomer(harness.app);
    const account = await openFundedAccount(harness.app, carol, staff, 100_000);
    // Carol has given her TIN: 10 % source tax.
    await harness.database.db.execute(sql`INSERT INTO customer_tax_identity (user_id, tin) VALUES (${carol.userId}, '123456789012')`);
    const ids: Record<string, string> = {};
    for (const instruction of ['credit', 'renew-principal', 'renew-all'] as const) {
      const response = await open(carol, { accountId: account, amount: '20000', termMonths: 1, instruction });
      expect(response.statusCode).toBe(200);
      ids[instruction] = response.json().deposit.id;
    }
    const deposit = openFixedDeposit({ ...product, termMonths: 1, annualRateBasisPoints: 600n }, 2_000_000n, today);
    const expected = fdrMaturity(deposit, true);
    expect(expected.ratePercent).toBe(10n);
    const balanceBefore = BigInt(Math.round((await balanceOf(harness.app, carol.cookie, account)) * 100));
    const taxBefore = await bankAccountBalance(harness.database.db, bankAccounts.sourceTaxPayable);

    // The day before maturity nothing is due.
    const dayBefore = await harness.database.db.transaction((tx) => fdrMaturityStep.run(tx, '2000-01-01'));
    expect(dayBefore.rows).toBe(0);
    const ran = await harness.database.db.transaction((tx) => fdrMaturityStep.run(tx, fdrMaturityDay(deposit)));
    expect(ran.rows).toBeGreaterThanOrEqual(3);
    const again = await harness.database.db.transaction((tx) => fdrMaturityStep.run(tx, fdrMaturityDay(deposit)));
    expect(again.rows).toBe(0);

    const balanceAfter = BigInt(Math.round((await balanceOf(harness.app, carol.cookie, account)) * 100));
    // credit: principal and net interest; renew-principal: net interest; renew-all: nothing.
    expect(balanceAfter - balanceBefore).toBe(expected.paidPoisha + expected.netPoisha);
    expect(await bankAccountBalance(harness.database.db, bankAccounts.sourceTaxPayable)).toBe(taxBefore + 3n * expected.taxPoisha);

    expect(await rowOf(ids.credit ?? '')).toMatchObject({ status: 'matured', paid_poisha: expected.paidPoisha.toString(), tax_poisha: expected.taxPoisha.toString() });
    for (const [instruction, principal] of [
      ['renew-principal', 2_000_000n],
      ['renew-all', expected.paidPoisha],
    ] as const) {
      expect(await rowOf(ids[instruction] ?? '')).toMatchObject({ status: 'renewed', closed_day: expected.payoutDay });
      const renewal = await harness.database.db.execute<FdrRow>(sql`SELECT ${fdrColumns} FROM fixed_deposit WHERE renews_id = ${ids[instruction]}::uuid`);
      const row = renewal.rows[0];
      expect(row).toMatchObject({ status: 'active', principal_poisha: principal.toString(), opening_day: expected.payoutDay, instruction, annual_rate_basis_points: 600 });
      if (row) expect(row.maturity_day).toBe(fdrMaturityDay(depositOfRow(row)));
    }
    // Carol is told of each, once, in the app and by e-mail: what reached her account, or what the renewal holds.
    const notified = await call(harness.app, 'GET', '/api/notifications', carol.cookie);
    const matured = (notified.json() as Array<{ kind: string; params: Record<string, string> }>).filter((notice) => notice.kind === 'term-deposit-matured');
    const figures = { scheme: 'fdr', accountId: account, day: expected.payoutDay, interestPoisha: expected.interestPoisha.toString(), taxPoisha: expected.taxPoisha.toString() };
    expect(matured.map((notice) => notice.params).sort((a, b) => (a.outcome ?? '').localeCompare(b.outcome ?? ''))).toEqual([
      { ...figures, outcome: 'paid', paidPoisha: expected.paidPoisha.toString(), reference: (await rowOf(ids.credit ?? '')).reference },
      { ...figures, outcome: 'renewed-all', paidPoisha: expected.paidPoisha.toString(), reference: (await rowOf(ids['renew-all'] ?? '')).reference },
      { ...figures, outcome: 'renewed-principal', paidPoisha: expected.netPoisha.toString(), reference: (await rowOf(ids['renew-principal'] ?? '')).reference },
    ]);
    const mails = (await emailsTo(harness.database.db, carol.userId)).filter((mail) => mail.kind === 'term-deposit-matured');
    expect(mails).toHaveLength(3);
    expect(mails.map((mail) => mail.subject)).toEqual(Array(3).fill('Padma Bank: your FDR has matured'));
    expect(mails.map((mail) => mail.body).join('\n')).toContain(`${formatBdt(expected.paidPoisha)} was paid into your account ${account}.`);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });
});

describe('premature encashment', () => {
  it('pays the reduced rate for the days held, shows what is given up, and pays once', async () => {
    const opened = await open(alice, { accountId: aliceAccount, amount: '50000', termMonths: 12 });
    const id = opened.json().deposit.id as string;
    // Opened 40 days ago, as if: the rates and term stay, the days held are what change.
    const openingDay = new Date(Date.parse(`${today}T00:00:00Z`) - 40 * 86_400_000).toISOString().slice(0, 10);
    const backdated = { ...depositOfRow(await rowOf(id)), openingDay };
    await harness.database.db.execute(sql`UPDATE fixed_deposit SET opening_day = ${openingDay}::date, maturity_day = ${fdrMaturityDay(backdated)}::date WHERE id = ${id}::uuid`);
    const expected = prematureEncashment(backdated, today, false);
    expect(expected.days).toBe(40);

    const quote = await call(harness.app, 'POST', `/api/fdr/${id}/encashment/quote`, alice.cookie);
    expect(quote.json()).toMatchObject({ encashment: { paidPoisha: expected.paidPoisha.toString(), days: 40 }, forgonePoisha: expected.forgonePoisha.toString() });
    expect(expected.forgonePoisha > 0n).toBe(true);
    const before = await poisha(aliceAccount);
    const key = newKey();
    const [first, resent] = await Promise.all([
      call(harness.app, 'POST', `/api/fdr/${id}/encashment`, alice.cookie, undefined, key),
      call(harness.app, 'POST', `/api/fdr/${id}/encashment`, alice.cookie, undefined, key),
    ]);
    expect([first.statusCode, resent.statusCode]).toEqual([200, 200]);
    expect(resent.json()).toEqual(first.json());
    expect(await poisha(aliceAccount)).toBe(before + expected.paidPoisha);
    expect(await rowOf(id)).toMatchObject({ status: 'encashed', paid_poisha: expected.paidPoisha.toString() });
    const twice = await call(harness.app, 'POST', `/api/fdr/${id}/encashment`, alice.cookie, undefined, newKey());
    expect(twice.statusCode).toBe(409);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });
});

/** Fifty at once where they can race (PostgreSQL); the embedded database runs one at a time, so fewer prove the same there quicker. */
const parallel = process.env.DATABASE_URL ? 50 : 12;

describe('confirming at once', () => {
  it('opens one FDR for parallel confirms of one key, and parallel openings from one account never overdraw it', async () => {
    const dave = await registerCustomer(harness.app);
    // Room for fewer openings than are sent, so some must be refused: 24 of 50, or 8 of 12.
    const funded = parallel === 50 ? 255_000 : 95_000;
    const account = await openFundedAccount(harness.app, dave, staff, funded);
    const before = await counts();
    const key = newKey();
    const same = await Promise.all(Array.from({ length: parallel }, () => open(dave, { accountId: account, amount: '10000', termMonths: 3 }, key)));
    expect(same.every((response) => response.statusCode === 200)).toBe(true);
    expect(new Set(same.map((response) => response.json().deposit.id)).size).toBe(1);
    expect((await counts()).deposits).toBe(before.deposits + 1);

    const many = await Promise.all(Array.from({ length: parallel }, () => open(dave, { accountId: account, amount: '10000', termMonths: 3 })));
    const statuses = many.map((response) => response.statusCode);
    const left = funded - 10_000;
    const fit = Math.floor(left / 10_000);
    expect(statuses.filter((status) => status === 200)).toHaveLength(fit);
    expect(statuses.filter((status) => status === 400)).toHaveLength(parallel - fit);
    expect(await balanceOf(harness.app, dave.cookie, account)).toBe(left - fit * 10_000);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });
});
