import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingAccountRequestsPerCustomerMax } from '../../../shared/constants';
import { schema } from '../../db/client';
import { ratePolicies } from '../../lib/rate-limiter';
import { isValidAccountNumber } from '../ledger/account-number';
import { verifyLedger } from '../ledger/ledger';
import { findAccount, lockAccounts, withAccountFacts } from './accounts.repository';
import { accountRequestBody, approveAccount, call, declineBody, depositApproved, openFundedAccount, requestAccount, type Customer } from '../../test-support/banking';
import { buildTestInstance, createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';

let harness: TestApp;
let staff: string;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app, { name: 'Alice Rahman' });
  bob = await registerCustomer(harness.app, { name: 'Bob Hossain' });
});
afterAll(async () => harness.close());

async function accountCount(): Promise<number> {
  const result = await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM bank_account`);
  return Number(result.rows[0]?.count);
}

describe('account request', () => {
  it('creates a pending account with a 13-digit number and a check digit', async () => {
    const response = await call(harness.app, 'POST', '/api/requestedUsers', alice.cookie, accountRequestBody(alice, { amount: 999999, status: 'success' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().acknowledged).toBe(true);
    const id = response.json().insertedId as string;
    expect(isValidAccountNumber(id)).toBe(true);
    const detail = await call(harness.app, 'GET', `/api/singleAccDetails/${id}`, alice.cookie);
    expect(detail.json()).toMatchObject({ _id: id, status: 'pending', amount: 0, role: 'Savings', accountType: 'savings', phone: '+8801712345678', card: 'blank', nomineeRelation: 'Brother' });
  });

  it('takes Bangla names as typed, joiners included, and keeps every name in composed form (NFC)', async () => {
    const shrabonti = await registerCustomer(harness.app, { name: 'মোঃ আব্দুল করিম' });
    const names = { user: 'মোঃ আব্দুল করিম', nomineeName: 'র\u200D্যাব শ্রাবন্তী' };
    const bangla = await call(harness.app, 'POST', '/api/requestedUsers', shrabonti.cookie, accountRequestBody(shrabonti, names));
    expect(bangla.statusCode, bangla.body).toBe(200);
    expect((await call(harness.app, 'GET', `/api/singleAccDetails/${bangla.json().insertedId}`, shrabonti.cookie)).json()).toMatchObject(names);
    // "José" typed as e and a combining acute accent is stored as the one letter é.
    const decomposed = await requestAccount(harness.app, shrabonti, { user: 'Jose\u0301 Rahman' });
    expect((await call(harness.app, 'GET', `/api/singleAccDetails/${decomposed}`, shrabonti.cookie)).json().user).toBe('Jos\u00E9 Rahman');
  });

  it('opens the account in the profile’s name, whatever name the request carries', async () => {
    const nasima = await registerCustomer(harness.app, { name: 'Nasima Begum' });
    const response = await call(harness.app, 'POST', '/api/requestedUsers', nasima.cookie, accountRequestBody(nasima, { user: 'Somebody Else' }));
    expect(response.statusCode, response.body).toBe(200);
    expect((await call(harness.app, 'GET', `/api/singleAccDetails/${response.json().insertedId}`, nasima.cookie)).json().user).toBe('Nasima Begum');
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const before = await accountCount();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ role: 'Gold' }, 'role', /Please select the Account Type/],
      [{ role: undefined }, 'role', /Please select the Account Type/],
      [{ phone: '+880' }, 'phone', /Phone No. is required/],
      [{ phone: '+8801212345678' }, 'phone', /Bangladeshi mobile/],
      [{ img: '' }, 'img', /Profile Photo is required/],
      [{ gender: 'Other' }, 'gender', /Please select the Gender Type/],
      [{ residentialArea: ' ' }, 'residentialArea', /Area name is required/],
      [{ nid: '12345' }, 'nid', /10, 13 or 17 digits/],
      [{ nomineeId: '' }, 'nomineeId', /Nominee NID is required/],
      [{ nomineeId: '1234567890' }, 'nomineeId', /differ/],
      [{ nomineeRelation: 'Neighbour' }, 'nomineeRelation', /Please select the Relation Type/],
      [{ birthDate: '' }, 'birthDate', /Date is required/],
      [{ birthDate: '2099-01-01' }, 'birthDate', /in the past/],
      [{ birthDate: '2015-01-01' }, 'birthDate', /at least 18/],
      [{ birthDate: '1990-02-30' }, 'birthDate', /not a real date/],
      [{ birthDate: '0000-01-01' }, 'birthDate', /years 1900 to 2100/],
      [{ birthDate: '0001-01-01' }, 'birthDate', /years 1900 to 2100/],
      [{ nomineeName: 'Karim\u2028Uddin' }, 'nomineeName', /U\+2028/],
      [{ email: 'someone.else@example.com' }, 'email', /signed in with/],
      [{ residentialArea: 'x'.repeat(201) }, 'residentialArea', /at most 200/],
    ];
    for (const [override, field, message] of cases) {
      const response = await call(harness.app, 'POST', '/api/requestedUsers', alice.cookie, accountRequestBody(alice, override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().error.fields[field], JSON.stringify(response.json())).toMatch(message);
    }
    expect(await accountCount()).toBe(before);
  });

  it('lets a 16-year-old open a Student account but not a Savings account', async () => {
    const sixteen = new Date();
    sixteen.setUTCFullYear(sixteen.getUTCFullYear() - 16);
    sixteen.setUTCDate(sixteen.getUTCDate() - 2);
    const birthDate = sixteen.toISOString().slice(0, 10);
    expect((await call(harness.app, 'POST', '/api/requestedUsers', bob.cookie, accountRequestBody(bob, { role: 'Student', birthDate }))).statusCode).toBe(200);
    const savings = await call(harness.app, 'POST', '/api/requestedUsers', bob.cookie, accountRequestBody(bob, { role: 'Savings', birthDate }));
    expect(savings.json().error.fields.birthDate).toMatch(/at least 18/);
  });

  it('refuses a photo that is not one of our uploads or belongs to someone else', async () => {
    const response = await call(harness.app, 'POST', '/api/requestedUsers', alice.cookie, accountRequestBody(alice, { img: bob.image }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.img).toMatch(/upload the image again/);
  });

  it('needs a session', async () => {
    const response = await call(harness.app, 'POST', '/api/requestedUsers', undefined, accountRequestBody(alice));
    expect(response.statusCode).toBe(401);
  });
});

describe('account requests waiting for staff', () => {
  const pendingOf = async (customer: Customer) =>
    Number((await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM bank_account WHERE owner_user_id = ${customer.userId} AND status = 'pending'`)).rows[0]?.count);

  it(`keeps at most ${pendingAccountRequestsPerCustomerMax} of one customer waiting, however many arrive at once`, async () => {
    // A second instance with ten times the allowances, so that all fifty reach the bound, not the throttle.
    const roomy = await buildTestInstance(harness.database, harness.dataDir, { rateLimitMultiplier: 10 });
    try {
      const dina = await registerCustomer(harness.app, { name: 'Dina Akter' });
      const answers = await Promise.all(Array.from({ length: 50 }, () => call(roomy, 'POST', '/api/requestedUsers', dina.cookie, accountRequestBody(dina, { user: 'Dina Akter' }))));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(pendingAccountRequestsPerCustomerMax);
      expect(statuses.filter((status) => status === 409)).toHaveLength(50 - pendingAccountRequestsPerCustomerMax);
      expect(await pendingOf(dina)).toBe(pendingAccountRequestsPerCustomerMax);
    } finally {
      await roomy.close();
    }
  });

  it('answers the next one with a 409 saying what to do, makes room when staff decide one, and throttles a burst', async () => {
    const erin = await registerCustomer(harness.app, { name: 'Erin Chakma' });
    const ask = () => call(harness.app, 'POST', '/api/requestedUsers', erin.cookie, accountRequestBody(erin, { user: 'Erin Chakma' }));
    const waiting: string[] = [];
    for (let request = 0; request < pendingAccountRequestsPerCustomerMax; request += 1) waiting.push((await ask()).json().insertedId as string);
    const refused = await ask();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'too_many_pending', message: expect.stringMatching(/3 account requests waiting for staff: wait until they are decided/) });
    await approveAccount(harness.app, staff, waiting[0]!);
    expect((await ask()).statusCode).toBe(200);
    expect(await pendingOf(erin)).toBe(pendingAccountRequestsPerCustomerMax);
    // Every request counts against the throttle, refused ones too: a script cannot loop on the bound.
    const sent = pendingAccountRequestsPerCustomerMax + 2;
    for (let request = sent; request < ratePolicies.accountRequestsPerCustomer.allowance; request += 1) expect((await ask()).statusCode).toBe(409);
    const throttled = await ask();
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('reading accounts', () => {
  it('answers only the signed-in customer’s accounts, whatever email is asked', async () => {
    const carol = await registerCustomer(harness.app, { name: 'Carol Das' });
    const accountId = await requestAccount(harness.app, carol);
    const own = await call(harness.app, 'GET', `/api/userAccount?email=${encodeURIComponent(carol.email)}`, carol.cookie);
    expect(own.json().map((account: { _id: string }) => account._id)).toEqual([accountId]);
    const snooping = await call(harness.app, 'GET', `/api/userAccount?email=${encodeURIComponent(carol.email)}`, alice.cookie);
    expect(snooping.json().map((account: { _id: string }) => account._id)).not.toContain(accountId);
    expect((await call(harness.app, 'GET', '/api/userAccount', undefined)).statusCode).toBe(401);
  });

  it('lists a customer’s own accounts in the order they were opened', async () => {
    const dina = await registerCustomer(harness.app, { name: 'Dina Akter' });
    const first = await requestAccount(harness.app, dina);
    const second = await requestAccount(harness.app, dina);
    const own = await call(harness.app, 'GET', '/api/userAccount', dina.cookie);
    expect(own.json().map((account: { _id: string }) => account._id)).toEqual([first, second]);
  });

  it(`reads a balance past 2^53 poisha exactly on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, typed as a bigint and locked raw as its text`, async () => {
    const accountId = await requestAccount(harness.app, await registerCustomer(harness.app, { name: 'Emon Ali' }));
    const balance = 9_007_199_254_740_993n;
    // Rolled back: the ledger's balances stay the sums of their postings for the other tests.
    const rolledBack = new Error('rolled back');
    const read = harness.database.db.transaction(async (tx) => {
      await tx.update(schema.ledgerAccount).set({ balancePoisha: balance }).where(eq(schema.ledgerAccount.code, accountId));
      const row = await findAccount(tx, accountId);
      const [view] = row ? await withAccountFacts(tx, [row]) : [];
      expect(view?.balancePoisha).toBe(balance);
      expect((await lockAccounts(tx, [accountId])).get(accountId)?.balance_poisha).toBe(balance.toString());
      throw rolledBack;
    });
    await expect(read).rejects.toBe(rolledBack);
  });

  it('answers another customer’s account exactly like a missing one', async () => {
    const accountId = await requestAccount(harness.app, alice);
    const foreign = await call(harness.app, 'GET', `/api/singleAccDetails/${accountId}`, bob.cookie);
    const missing = await call(harness.app, 'GET', '/api/singleAccDetails/2081234567897', bob.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await call(harness.app, 'GET', `/api/myAccounts/${accountId}`, bob.cookie)).statusCode).toBe(404);
    expect((await call(harness.app, 'GET', `/api/accountStatement/${accountId}`, bob.cookie)).statusCode).toBe(404);
    const staffView = await call(harness.app, 'GET', `/api/singleAccDetails/${accountId}`, staff);
    expect(staffView.statusCode).toBe(200);
  });

  it('shows a statement with running balance, and as CSV', async () => {
    const accountId = await openFundedAccount(harness.app, alice, staff, 2500.5);
    await depositApproved(harness.app, alice, staff, accountId, '1,000');
    const statement = await call(harness.app, 'GET', `/api/accountStatement/${accountId}?limit=10`, alice.cookie);
    expect(statement.statusCode).toBe(200);
    const lines = statement.json().lines;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ credit: 1000, debit: null, balance: 3500.5, kind: 'deposit' });
    expect(lines[1]).toMatchObject({ credit: 2500.5, balance: 2500.5 });
    const firstPage = await call(harness.app, 'GET', `/api/accountStatement/${accountId}?limit=1`, alice.cookie);
    expect(firstPage.json().lines).toHaveLength(1);
    const secondPage = await call(harness.app, 'GET', `/api/accountStatement/${accountId}?limit=1&before=${firstPage.json().nextBefore}`, alice.cookie);
    expect(secondPage.json().lines[0].balance).toBe(2500.5);
    expect(secondPage.json().nextBefore).toBeNull();
    expect((await call(harness.app, 'GET', `/api/accountStatement/${accountId}?limit=5000`, alice.cookie)).statusCode).toBe(400);

    // The whole-history CSV is retired (decision 047): an old link is told where the download went.
    const csv = await call(harness.app, 'GET', `/api/accountStatement/${accountId}/csv`, alice.cookie);
    expect(csv.statusCode).toBe(410);
    expect(csv.json().error).toMatchObject({ code: 'retired', message: expect.stringContaining('/range/csv') });
  });
});

describe('staff account decisions', () => {
  it('approves once, refuses a second approval and a customer', async () => {
    const accountId = await requestAccount(harness.app, bob);
    expect((await call(harness.app, 'PUT', `/api/userStatusUpdate/${accountId}`, bob.cookie, {})).statusCode).toBe(403);
    expect((await call(harness.app, 'PUT', `/api/userStatusUpdate/${accountId}`, undefined, {})).statusCode).toBe(401);
    await approveAccount(harness.app, staff, accountId);
    const again = await call(harness.app, 'PUT', `/api/userStatusUpdate/${accountId}`, staff, {});
    expect(again.statusCode).toBe(409);
    expect((await call(harness.app, 'GET', `/api/singleAccDetails/${accountId}`, bob.cookie)).json().status).toBe('success');
  });

  it('declines only a pending request, which stays for its owner to see as declined', async () => {
    const pending = await requestAccount(harness.app, bob);
    const deleted = await call(harness.app, 'DELETE', `/api/requestedUsersDelete/${pending}`, staff, declineBody);
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect((await call(harness.app, 'GET', `/api/singleAccDetails/${pending}`, bob.cookie)).json()).toMatchObject({ status: 'declined', declinedReason: 'documents_incomplete' });
    const active = await openFundedAccount(harness.app, bob, staff, 100);
    expect((await call(harness.app, 'DELETE', `/api/requestedUsersDelete/${active}`, staff, declineBody)).statusCode).toBe(409);
    expect(await verifyLedger(harness.database.db)).toEqual({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });

  it('lists every account for staff with a total count and a status filter', async () => {
    const all = await call(harness.app, 'GET', '/api/userAccounts', staff);
    expect(all.statusCode).toBe(200);
    expect(Number(all.headers['x-total-count'])).toBe(all.json().length);
    const pending = await call(harness.app, 'GET', '/api/userAccounts?status=pending', staff);
    expect(pending.json().every((account: { status: string }) => account.status === 'pending')).toBe(true);
    expect((await call(harness.app, 'GET', '/api/userAccounts?status=maybe', staff)).statusCode).toBe(400);
    expect((await call(harness.app, 'GET', '/api/userAccounts', alice.cookie)).statusCode).toBe(403);
  });

  it('pages the staff list newest first, each account on exactly one page', async () => {
    await requestAccount(harness.app, alice);
    await requestAccount(harness.app, bob);
    const all = (await call(harness.app, 'GET', '/api/userAccounts?limit=100', staff)).json() as { _id: string; requestedAt?: string }[];
    const paged: string[] = [];
    for (let offset = 0; offset < all.length; offset += 2) {
      const page = await call(harness.app, 'GET', `/api/userAccounts?limit=2&offset=${offset}`, staff);
      expect(Number(page.headers['x-total-count'])).toBe(all.length);
      paged.push(...(page.json() as { _id: string }[]).map((account) => account._id));
    }
    expect(paged).toEqual(all.map((account) => account._id));
    expect(new Set(paged).size).toBe(all.length);
    const requestedAt = all.map((account) => account.requestedAt ?? '');
    expect(requestedAt).toEqual([...requestedAt].sort().reverse());
  });
});
