import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decisionReasonLengthMax } from '../../../shared/constants';
import { dhakaDay, dhakaDayStartOf } from '../../../shared/dates';
import { schema } from '../../db/client';
import { balanceOf, call, callWithStepUp, openFundedAccount, type Customer } from '../../test-support/banking';
import { createTestApp, multipartImage, onePixelPng, registerCustomer, signInStaff, staffAuthenticator, type TestApp } from '../../test-support/test-app';
import { type Authenticator, enrolTwoFactor, freshTotpCode } from '../../test-support/two-factor';
import { verifyLedger } from '../ledger/ledger';
import type { SignedInUser } from '../auth/signed-in-user';
import { accountLimitsOf } from './limits.service';
import { verifyDailySums } from './transfer-limits';
import { bankDayAt } from './limits.repository';

let harness: TestApp;
let staffA: string;
let staffB: string;
let staffBEmail: string;
let staffC: string;
let staffCEmail: string;
let alice: Awaited<ReturnType<typeof registerCustomer>>;
let bob: Awaited<ReturnType<typeof registerCustomer>>;
let aliceAccount: string;
let bobAccount: string;

const healthyLedger = { unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n };

beforeAll(async () => {
  harness = await createTestApp();
  staffA = await signInStaff(harness.app);
  const second = await registerCustomer(harness.app, { name: 'Nasrin Sultana' });
  await harness.database.db.update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, second.userId));
  // Staff work only with two-step sign-in: signInStaff enrols the second staff member's app.
  staffB = await signInStaff(harness.app, { email: second.email, password: second.password });
  staffBEmail = second.email;
  const third = await registerCustomer(harness.app, { name: 'Tanvir Ahmed' });
  await harness.database.db.update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, third.userId));
  staffC = await signInStaff(harness.app, { email: third.email, password: third.password });
  staffCEmail = third.email;
  alice = await registerCustomer(harness.app, { name: 'Alice Rahman' });
  bob = await registerCustomer(harness.app, { name: 'Bob Hossain' });
  // 4,00,000 BDT: enough for a transfer at the per-transfer limit, and with the other fundings and
  // the loan below under the 5,00,000 BDT a staff member pays out in an hour without a code.
  aliceAccount = await openFundedAccount(harness.app, alice, staffA, 400_000, { user: 'Alice Rahman' });
  // Transfers over 50,000 BDT ask for a code from the sender's authenticator app.
  for (const customer of [alice, bob]) {
    const enrolment = await enrolTwoFactor(harness.app, customer.cookie, customer.password);
    customer.cookie = enrolment.cookie;
    authenticators.set(customer.userId, enrolment.authenticator);
  }
  bobAccount = await openFundedAccount(harness.app, bob, staffA, 10_000, { user: 'Bob Hossain', role: 'Current' });
});
afterAll(async () => harness.close());

const authenticators = new Map<string, Authenticator>();
const transfer = async (customer: Customer, from: string, to: { account: string; type: string; name: string }, amount: unknown) => {
  const authenticator = authenticators.get(customer.userId);
  const large = Number(String(amount).replace(/,/g, '')) > 50_000;
  const headers: Record<string, string> = authenticator && large ? { 'second-factor-code': await freshTotpCode(authenticator) } : {};
  return call(harness.app, 'PUT', '/api/userMoneyTrans', customer.cookie, { id: from, confirmedName: to.name, accNum: to.account, sendAmount: amount }, headers);
};
const toBob = () => ({ account: bobAccount, type: 'Current', name: 'Bob Hossain' });
const toAlice = () => ({ account: aliceAccount, type: 'Savings', name: 'Alice Rahman' });
const limitsOf = async (customer: Customer, accountId: string) => (await call(harness.app, 'GET', `/api/transferLimits/account/${accountId}`, customer.cookie)).json();
const propose = (cookie: string, body: Record<string, unknown>) => call(harness.app, 'POST', '/api/transferLimitProposals', cookie, body);
const approve = (cookie: string, id: string, code?: string) =>
  call(harness.app, 'PUT', `/api/transferLimitProposals/${id}/approve`, cookie, {}, code === undefined ? {} : { 'second-factor-code': code });
/** Staff B's approval, confirmed with a fresh code from B's authenticator app as every limit change is. */
const approvedByB = async (id: string) => approve(staffB, id, await freshTotpCode(staffAuthenticator(staffBEmail)));

async function proposed(body: Record<string, unknown>): Promise<string> {
  const response = await propose(staffA, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().insertedId as string;
}

/** Staff A proposes and staff B approves: the two people every change takes. */
async function setLimits(accountType: string, perTransfer: number, perDay: number): Promise<void> {
  const id = await proposed({ accountType, perTransfer, perDay, reason: 'Tests need small limits' });
  expect((await approvedByB(id)).statusCode).toBe(200);
}

async function auditActionsOf(subjectId: string): Promise<Array<{ action: string; actor: string | null; detail: Record<string, unknown> }>> {
  const rows = await harness.database.db
    .select({ action: schema.auditEvent.action, actor: schema.auditEvent.actorUserId, detail: schema.auditEvent.detail })
    .from(schema.auditEvent)
    .where(eq(schema.auditEvent.subjectId, subjectId))
    .orderBy(schema.auditEvent.id);
  return rows;
}

async function proposalCount(): Promise<number> {
  const result = await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM transfer_limit_proposal`);
  return Number(result.rows[0]?.count);
}

describe('the default limits', () => {
  it('are 3,00,000 BDT per transfer and 10,00,000 BDT per day, and the customer sees them with what is left', async () => {
    expect(await limitsOf(alice, aliceAccount)).toEqual({
      accountId: aliceAccount,
      accountType: 'savings',
      perTransfer: 300_000,
      perDay: 1_000_000,
      sentToday: 0,
      leftToday: 1_000_000,
      largestTransfer: 300_000,
    });
    const staffView = await call(harness.app, 'GET', '/api/transferLimits', staffA);
    expect(staffView.json()).toContainEqual({ accountType: 'savings', perTransfer: 300_000, perDay: 1_000_000, updatedAt: null });
    expect(staffView.json()).toHaveLength(4);
  });

  it('refuse a transfer over the per-transfer limit with a message naming it and what is left, and move nothing', async () => {
    const refused = await transfer(alice, aliceAccount, toBob(), '300000.01');
    expect(refused.statusCode).toBe(400);
    const message = 'This transfer is over the per-transfer limit of 3,00,000.00 BDT; 10,00,000.00 BDT is left today';
    expect(refused.json().error).toEqual({ code: 'over_transfer_limit', message, fields: { sendAmount: message } });
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(400_000);
    expect((await transfer(alice, aliceAccount, toBob(), 300_000)).statusCode).toBe(200);
    expect(await limitsOf(alice, aliceAccount)).toMatchObject({ sentToday: 300_000, leftToday: 700_000, largestTransfer: 300_000 });
    // Back to Bob's account, so its balance does not disturb the tests below.
    await transfer(bob, bobAccount, toAlice(), 300_000);
  });

  it('answer another customer’s account exactly like a missing one, and a malformed number with 400', async () => {
    const foreign = await call(harness.app, 'GET', `/api/transferLimits/account/${bobAccount}`, alice.cookie);
    const missing = await call(harness.app, 'GET', '/api/transferLimits/account/2081234567897', alice.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    const malformed = await call(harness.app, 'GET', '/api/transferLimits/account/12ab', alice.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('id');
    expect((await call(harness.app, 'GET', `/api/transferLimits/account/${aliceAccount}`, undefined)).statusCode).toBe(401);
  });
});

describe('changing a limit takes two staff members', () => {
  it('refuses the proposer’s own approval (403), lets a second staff member approve, then answers 409', async () => {
    const id = await proposed({ accountType: 'student', perTransfer: '50,000', perDay: 150_000, reason: 'Students rarely send more' });
    const own = await approve(staffA, id);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatchObject({ code: 'second_approver_required', message: 'Another staff member must approve a change you asked for' });
    expect((await call(harness.app, 'GET', '/api/transferLimits', staffA)).json()).toContainEqual({ accountType: 'student', perTransfer: 300_000, perDay: 1_000_000, updatedAt: null });

    // The second staff member confirms with a fresh code from their authenticator app (step-up).
    const withoutCode = await approve(staffB, id);
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json().error.code).toBe('second_factor_required');
    expect((await approvedByB(id)).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    const student = (await call(harness.app, 'GET', '/api/transferLimits', staffA)).json().find((row: { accountType: string }) => row.accountType === 'student');
    expect(student).toMatchObject({ perTransfer: 50_000, perDay: 150_000 });

    for (const again of [await approve(staffB, id), await call(harness.app, 'PUT', `/api/transferLimitProposals/${id}/decline`, staffB, {})]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('already_decided');
    }
    const events = await auditActionsOf(id);
    expect(events.map((event) => event.action)).toEqual(['transfer_limit.propose', 'transfer_limit.approve']);
    expect(events[1]?.detail).toMatchObject({
      before: 'pending',
      after: 'approved',
      accountType: 'student',
      previousLimits: { perTransfer: 300_000, perDay: 1_000_000 },
      newLimits: { perTransfer: 50_000, perDay: 150_000 },
    });
    const listed = await call(harness.app, 'GET', '/api/transferLimitProposals?status=approved', staffA);
    expect(listed.json()[0]).toMatchObject({ _id: id, status: 'approved', proposedBy: 'Bank Staff', decidedBy: 'Nasrin Sultana', perTransfer: 50_000, perDay: 150_000 });
  });

  it('keeps a limit left blank, and declines with a reason kept in the audit trail', async () => {
    const id = await proposed({ accountType: 'student', perDay: 200_000, reason: 'A little more room' });
    const declined = await call(harness.app, 'PUT', `/api/transferLimitProposals/${id}/decline`, staffB, { reason: 'Not this quarter' });
    expect(declined.statusCode).toBe(200);
    expect((await auditActionsOf(id)).at(-1)?.detail).toMatchObject({ before: 'pending', after: 'declined', note: 'Not this quarter' });
    const onlyDay = await proposed({ accountType: 'student', perDay: '2,00,000', reason: 'A little more room' });
    expect((await approvedByB(onlyDay)).statusCode).toBe(200);
    const student = (await call(harness.app, 'GET', '/api/transferLimits', staffA)).json().find((row: { accountType: string }) => row.accountType === 'student');
    expect(student).toMatchObject({ perTransfer: 50_000, perDay: 200_000 });
  });

  it('decides a proposal once however many staff approve and decline it at the same moment', async () => {
    const id = await proposed({ accountType: 'fixed', perTransfer: 100_000, reason: 'Fixed deposits move rarely' });
    const code = await freshTotpCode(staffAuthenticator(staffCEmail));
    const decline = () => call(harness.app, 'PUT', `/api/transferLimitProposals/${id}/decline`, staffB, { reason: 'Raced' });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => (index % 2 === 0 ? approve(staffC, id, code) : decline())));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    // Every other one is refused: the proposal was decided already, or the approver's one code was
    // spent (and, spent again and again, the approver is throttled).
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expect([
        [409, 'already_decided'],
        [409, 'already_declined'],
        [400, 'second_factor_code_used'],
        [429, 'too_many_requests'],
      ]).toContainEqual([answer.statusCode, answer.json().error.code]);
    }
    const decided = await auditActionsOf(id);
    expect(decided).toHaveLength(2);
    expect(['transfer_limit.approve', 'transfer_limit.decline']).toContain(decided[1]?.action);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await proposalCount();
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ perTransfer: 1000, perDay: 2000, reason: 'x' }, 'accountType', 'Please select the Account Type'],
      [{ accountType: 'gold', perTransfer: 1000, reason: 'x' }, 'accountType'],
      [{ accountType: 'savings', reason: 'Nothing given' }, 'perTransfer', 'Give a new per-transfer limit, a new per-day limit or both'],
      [{ accountType: 'savings', perTransfer: 5000, perDay: 4000, reason: 'x' }, 'perTransfer', 'Per-transfer limit must not exceed the per-day limit'],
      [{ accountType: 'savings', perTransfer: -5, reason: 'x' }, 'perTransfer', 'Per-transfer limit must be greater than 0'],
      [{ accountType: 'savings', perDay: '12.345', reason: 'x' }, 'perDay', 'Per-day limit may have at most two decimals (poisha)'],
      [{ accountType: 'savings', perDay: 'lots', reason: 'x' }, 'perDay'],
      [{ accountType: 'savings', perDay: 2_000_000_000, reason: 'x' }, 'perDay', 'Per-day limit must be at most 1,000,000,000 BDT'],
      [{ accountType: 'savings', perDay: 2000 }, 'reason', 'Reason is required'],
      [{ accountType: 'savings', perDay: 2000, reason: 'x'.repeat(decisionReasonLengthMax + 1) }, 'reason', `Reason must be at most ${decisionReasonLengthMax} characters`],
      // Only the per-day limit given, below the per-transfer limit it would keep (3,00,000 BDT).
      [{ accountType: 'savings', perDay: 1000, reason: 'x' }, 'perDay'],
      // The limits as they already are.
      [{ accountType: 'savings', perTransfer: 300_000, perDay: 1_000_000, reason: 'x' }, 'perTransfer', 'These are the limits already: propose a different amount'],
    ];
    for (const [body, field, message] of cases) {
      const response = await propose(staffA, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fields), JSON.stringify(body)).toContain(field);
      if (message) expect(response.json().error.fields[field]).toBe(message);
    }
    expect(await proposalCount()).toBe(before);

    // A lone surrogate pasted into a reason is kept as U+FFFD, not refused by the audit trail's jsonb with a 500.
    const pasted = await proposed({ accountType: 'savings', perTransfer: 200_000, reason: 'Fraud \ud800 wave' });
    const declined = await call(harness.app, 'PUT', `/api/transferLimitProposals/${pasted}/decline`, staffA, { reason: 'Withdrawn \udc00' });
    expect(declined.statusCode, declined.body).toBe(200);
    // The proposal's reason, then the decline's words, kept as every decline's note.
    expect((await auditActionsOf(pasted)).map((event) => event.detail.reason ?? event.detail.note)).toEqual(['Fraud \ufffd wave', 'Withdrawn \ufffd']);

    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await approve(staffB, missing)).json().error).toMatchObject({ code: 'not_found', message: 'Limit proposal was not found' });
    expect((await approve(staffB, 'not-a-uuid')).statusCode).toBe(400);
    expect((await call(harness.app, 'PUT', `/api/transferLimitProposals/${missing}/decline`, staffB, { reason: 42 })).statusCode).toBe(400);
  });
});

describe('the daily limit', () => {
  let carol: Customer;
  let carolAccount: string;
  const toCarol = () => ({ account: carolAccount, type: 'Current', name: 'Carol Das' });

  beforeAll(async () => {
    carol = await registerCustomer(harness.app, { name: 'Carol Das' });
    carolAccount = await openFundedAccount(harness.app, carol, staffA, 10_000, { user: 'Carol Das', role: 'Current' });
    await setLimits('current', 1000, 2500);
  });

  it('counts the day’s customer transfers only, and refuses the one that would pass it, saying what is left', async () => {
    // Carol's account was funded today by a staff-approved deposit: not a transfer, not counted.
    expect(await limitsOf(carol, carolAccount)).toEqual({ accountId: carolAccount, accountType: 'current', perTransfer: 1000, perDay: 2500, sentToday: 0, leftToday: 2500, largestTransfer: 1000 });
    expect((await transfer(carol, carolAccount, toAlice(), '1000.01')).json().error.message).toBe('This transfer is over the per-transfer limit of 1,000.00 BDT; 2,500.00 BDT is left today');
    expect((await transfer(carol, carolAccount, toAlice(), 1000)).statusCode).toBe(200);
    expect((await transfer(carol, carolAccount, toAlice(), 1000)).statusCode).toBe(200);
    const overDay = await transfer(carol, carolAccount, toAlice(), 1000);
    expect(overDay.statusCode).toBe(400);
    expect(overDay.json().error).toMatchObject({ code: 'over_daily_limit', message: 'This transfer is over the daily limit of 2,500.00 BDT; 500.00 BDT is left today' });
    expect(await limitsOf(carol, carolAccount)).toMatchObject({ sentToday: 2000, leftToday: 500, largestTransfer: 500 });
    expect((await transfer(carol, carolAccount, toAlice(), 500)).statusCode).toBe(200);
    expect((await transfer(carol, carolAccount, toAlice(), '10')).json().error.message).toBe('This transfer is over the daily limit of 2,500.00 BDT; 0.00 BDT is left today');
    // Money received does not count against the day's limit; the savings type keeps its own limits.
    expect((await transfer(alice, aliceAccount, toCarol(), 5000)).statusCode).toBe(200);
    expect(await limitsOf(carol, carolAccount)).toMatchObject({ sentToday: 2500, leftToday: 0, largestTransfer: 0 });
    expect(await balanceOf(harness.app, carol.cookie, carolAccount)).toBe(12_500);
  });

  it('does not count a loan’s disbursement or its repayment: they do not leave the bank', async () => {
    const emon = await registerCustomer(harness.app, { name: 'Emon Sarkar' });
    const emonAccount = await openFundedAccount(harness.app, emon, staffA, 5_000, { user: 'Emon Sarkar', role: 'Current' });
    const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
    const upload = await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: emon.cookie } });
    const passport = (upload.json() as { data: { url: string } }).data.url;
    const loanBody = { loan: 'personal', accNum: emonAccount, income: 60000, company: 'Padma Traders', lAmount: 50000, lDuration: '12', document: passport, documentKind: 'salary-certificate' };
    const loanId = (await call(harness.app, 'POST', '/api/loanReq', emon.cookie, loanBody)).json().insertedId as string;
    expect((await callWithStepUp(harness.app, 'PUT', '/api/userLoanUpdate', staffA, { id: loanId })).statusCode).toBe(200);
    expect((await call(harness.app, 'PUT', '/api/lInfoUpdate', emon.cookie, { id: loanId, accNum: emonAccount, amount: 3000 })).statusCode).toBe(200);
    expect(await limitsOf(emon, emonAccount)).toMatchObject({ sentToday: 0, leftToday: 2500 });
    expect((await transfer(emon, emonAccount, toAlice(), 1000)).statusCode).toBe(200);
    expect(await limitsOf(emon, emonAccount)).toMatchObject({ sentToday: 1000, leftToday: 1500 });
  });

  it('begins again at midnight in Dhaka, not in UTC, by the database’s clock', async () => {
    // The next Dhaka midnight is 18:00 UTC, still today in UTC: a millisecond before it the bank's
    // day is today, at it the next one.
    const nextMidnight = new Date(dhakaDayStartOf(new Date()).getTime() + 24 * 60 * 60 * 1000);
    expect(nextMidnight.toISOString().slice(11, 19)).toBe('18:00:00');
    const dayAt = async (moment: Date) => (await harness.database.db.execute<{ day: string }>(sql`SELECT ${bankDayAt(sql`${moment.toISOString()}::timestamptz`)}::text AS day`)).rows[0]?.day;
    expect(await dayAt(new Date(nextMidnight.getTime() - 1))).toBe(dhakaDay(new Date(nextMidnight.getTime() - 1)));
    expect(await dayAt(nextMidnight)).toBe(dhakaDay(nextMidnight));
    expect(await dayAt(nextMidnight)).not.toBe(await dayAt(new Date(nextMidnight.getTime() - 1)));
    // Carol sent 2,500 BDT today; a sum kept for an earlier day counts as nothing.
    const carolUser = { id: carol.userId } as SignedInUser;
    expect(await accountLimitsOf(harness.database.db, carolUser, carolAccount)).toMatchObject({ sentTodayPoisha: 250_000n, leftTodayPoisha: 0n });
    await harness.database.db.execute(sql`UPDATE account_day_sent SET day = day - 1 WHERE account_id = ${carolAccount}`);
    expect(await accountLimitsOf(harness.database.db, carolUser, carolAccount)).toMatchObject({ sentTodayPoisha: 0n, leftTodayPoisha: 250_000n });
    await harness.database.db.execute(sql`UPDATE account_day_sent SET day = day + 1 WHERE account_id = ${carolAccount}`);
    expect(await verifyDailySums(harness.database.db)).toEqual([]);
  });

  // PGlite runs inside this process and reads its clock: only a server has a clock of its own to disagree with.
  it.runIf(process.env.DATABASE_URL)('checks and counts the day’s limit on the database’s day, even on an instance whose clock lags a day behind', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(Date.now() - 24 * 60 * 60 * 1000));
      // Carol's 2,500 BDT today fill the daily limit: an instance that thinks it is yesterday still refuses.
      const lagging = await transfer(carol, carolAccount, toAlice(), 100);
      expect(lagging.json(), lagging.body).toMatchObject({ error: { code: 'over_daily_limit' } });
    } finally {
      vi.useRealTimers();
    }
    expect(await limitsOf(carol, carolAccount)).toMatchObject({ sentToday: 2500, leftToday: 0 });
  });

  it('holds for 50 transfers sent at once: together they never pass the day’s limit', async () => {
    const dina = await registerCustomer(harness.app, { name: 'Dina Akter' });
    const dinaAccount = await openFundedAccount(harness.app, dina, staffA, 10_000, { user: 'Dina Akter', role: 'Current' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => transfer(dina, dinaAccount, toAlice(), 100)));
    const done = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(done).toHaveLength(25);
    expect(refused.every((answer) => answer.json().error.code === 'over_daily_limit')).toBe(true);
    expect(await balanceOf(harness.app, dina.cookie, dinaAccount)).toBe(7_500);
    expect(await limitsOf(dina, dinaAccount)).toMatchObject({ sentToday: 2500, leftToday: 0 });
    expect(await verifyLedger(harness.database.db)).toEqual(healthyLedger);
    // The day's sums the transfers kept agree with the journal, account by account.
    expect(await verifyDailySums(harness.database.db)).toEqual([]);
  });
});
