import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, formatDate } from '../../../shared/dates';
import { dpsFirstMonth, dpsMaturity, dpsPayout, dpsSchedule, type DpsPlan } from '../../../shared/interest/savings-scheme';
import { bankAccountBalance, bankAccounts, verifyLedger } from '../ledger/ledger';
import { balanceOf, call, depositApproved, openFundedAccount, type Customer } from '../../test-support/banking';
import { emailsTo } from '../../test-support/emails';
import { formatBdtIn } from '../../../shared/money';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { openingBusinessDate } from '../fixed-deposits/fixed-deposits.service';
import { dayCloseSteps } from '../day-close/day-close';
import { dpsInstalmentsStep, dpsMaturityStep } from './day-close-steps';

let harness: TestApp;
let staff: string;
let today: string;
let keys = 0;

const dayOfMonth = 10;
const nominee = { nomineeName: 'Karim Uddin', nomineeId: '9876543210', nomineeRelation: 'Brother' };
const newKey = () => ({ 'idempotency-key': `dps-test-${process.pid}-${++keys}` });
const open = (customer: Customer, body: Record<string, unknown>, headers: Record<string, string> = newKey()) =>
  call(harness.app, 'POST', '/api/dps', customer.cookie, { ...nominee, termYears: 1, dayOfMonth, instalment: '1000', ...body }, headers);
const poisha = async (customer: Customer, accountId: string) => BigInt(Math.round((await balanceOf(harness.app, customer.cookie, accountId)) * 100));
const runStep = (step: typeof dpsInstalmentsStep, day: string) => harness.database.db.transaction((tx) => step.run(tx, day));
const ledgerClean = { unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n };

async function counts(): Promise<{ schemes: number; instalments: number; entries: number }> {
  const result = await harness.database.db.execute<{ schemes: number; instalments: number; entries: number }>(
    sql`SELECT (SELECT count(*)::int FROM dps_scheme) AS schemes, (SELECT count(*)::int FROM dps_instalment) AS instalments, (SELECT count(*)::int FROM journal_entry) AS entries`,
  );
  const row = result.rows[0];
  return { schemes: Number(row?.schemes), instalments: Number(row?.instalments), entries: Number(row?.entries) };
}

/** The customer's notifications of DPS instalments and defaults, oldest first, as the API lists them. */
async function dpsNotices(customer: Customer): Promise<Array<{ kind: string; params: Record<string, string> }>> {
  const listed = (await call(harness.app, 'GET', '/api/notifications?limit=50', customer.cookie)).json() as Array<{ kind: string; params: Record<string, string>; createdAt: string }>;
  return listed
    .filter((notice) => notice.kind.startsWith('dps-'))
    .reverse()
    .map(({ kind, params }) => ({ kind, params }));
}

async function instalmentRows(schemeId: string) {
  const result = await harness.database.db.execute<{ number: number; due_day: string; status: string; paid_day: string | null }>(
    sql`SELECT number, due_day::text AS due_day, status, paid_day::text AS paid_day FROM dps_instalment WHERE scheme_id = ${schemeId}::uuid ORDER BY number`,
  );
  return result.rows.map((row) => ({ ...row, number: Number(row.number) }));
}

beforeAll(async () => {
  harness = await createTestApp({ rateLimitMultiplier: 1_000 });
  staff = await signInStaff(harness.app);
  today = await openingBusinessDate(harness.database.db);
});
afterAll(async () => harness.close());

describe('DPS products', () => {
  it('publishes each term’s rate and the instalment’s limits to anyone', async () => {
    const response = await call(harness.app, 'GET', '/api/dps/products', undefined);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { products: Array<{ termYears: number; annualRateBasisPoints: number; earlyRateBasisPoints: number }>; instalmentPoishaMin: string };
    expect(body.products.map((row) => [row.termYears, row.annualRateBasisPoints, row.earlyRateBasisPoints])).toEqual([
      [1, 700, 300],
      [2, 750, 300],
      [3, 800, 300],
      [5, 850, 300],
      [7, 850, 300],
      [10, 900, 300],
    ]);
    expect(body.instalmentPoishaMin).toBe('50000');
    expect(dayCloseSteps.map((step) => step.name).slice(-2)).toEqual(['dps-instalments', 'dps-maturity']);
  });
});

describe('a DPS over its year', () => {
  it('is quoted, opened, paid every month by the day close and matures at the quote to the poisha', async () => {
    const carol = await registerCustomer(harness.app);
    const account = await openFundedAccount(harness.app, carol, staff, 20_000);
    const body = { accountId: account, instalment: '1000', termYears: 1, dayOfMonth };
    const quote = await call(harness.app, 'POST', '/api/dps/quote', carol.cookie, body);
    expect(quote.statusCode).toBe(200);
    const plan: DpsPlan = { instalmentPoisha: 100_000n, years: 1, firstMonth: dpsFirstMonth(today, dayOfMonth), dayOfMonth, annualRateBasisPoints: 700n };
    const expected = dpsMaturity(plan, false);
    const schedule = dpsSchedule(plan);
    expect(quote.json()).toMatchObject({ openingDay: today, maturityDay: expected.maturityDay, annualRateBasisPoints: 700, earlyRateBasisPoints: 300, schedule });
    expect(quote.json().maturity).toMatchObject({ paidPoisha: expected.paidPoisha.toString(), interestPoisha: expected.interestPoisha.toString(), taxPercent: 15 });

    const before = await poisha(carol, account);
    const opened = await open(carol, body);
    expect(opened.statusCode).toBe(200);
    const id = opened.json().scheme.id as string;
    expect(opened.json().scheme.maturity).toEqual(quote.json().maturity);
    expect(await poisha(carol, account)).toBe(before - 100_000n);

    const detail = await call(harness.app, 'GET', `/api/dps/${id}`, carol.cookie);
    expect(detail.statusCode).toBe(200);
    const instalments = detail.json().instalments as Array<{ number: number; dueDay: string; state: string }>;
    expect(instalments.map((row) => row.dueDay)).toEqual(schedule);
    expect(instalments.map((row) => row.state)).toEqual(['paid', ...Array.from({ length: 11 }, () => 'due')]);
    const listed = (await call(harness.app, 'GET', '/api/dps', carol.cookie)).json().schemes;
    expect(listed).toEqual([expect.objectContaining({ id, paidCount: 1, instalmentCount: 12, nextDueDay: schedule[1] })]);

    // The day close on each due day takes that month's instalment, once.
    for (const day of schedule.slice(1)) {
      expect((await runStep(dpsInstalmentsStep, day)).rows).toBeGreaterThanOrEqual(1);
      expect((await runStep(dpsInstalmentsStep, day)).rows).toBe(0);
    }
    expect(await poisha(carol, account)).toBe(before - 1_200_000n);
    const taken = await instalmentRows(id);
    // The first was taken at opening, ahead of its due day; the others on theirs.
    expect(taken[0]).toMatchObject({ status: 'paid', paid_day: today });
    expect(taken.slice(1).every((row) => row.status === 'paid' && row.paid_day === row.due_day)).toBe(true);

    const liability = await bankAccountBalance(harness.database.db, bankAccounts.dpsDeposits);
    // Carol reads Bangla by the time it matures: her notice is written in it.
    expect((await call(harness.app, 'PUT', '/api/me/language', carol.cookie, { language: 'bn' })).statusCode).toBe(200);
    expect((await runStep(dpsMaturityStep, addCalendarDays(expected.maturityDay, -1))).rows).toBe(0);
    expect((await runStep(dpsMaturityStep, expected.maturityDay)).rows).toBe(1);
    expect((await runStep(dpsMaturityStep, expected.maturityDay)).rows).toBe(0);
    expect(await poisha(carol, account)).toBe(before - 1_200_000n + expected.paidPoisha);
    expect(await bankAccountBalance(harness.database.db, bankAccounts.dpsDeposits)).toBe(liability - 1_200_000n);
    const matured = await call(harness.app, 'GET', `/api/dps/${id}`, carol.cookie);
    expect(matured.json()).toMatchObject({ status: 'matured', paidPoisha: expected.paidPoisha.toString(), taxPoisha: expected.taxPoisha.toString(), closedDay: expected.maturityDay });
    const notices = (await call(harness.app, 'GET', '/api/notifications', carol.cookie)).json() as Array<{ kind: string; params: Record<string, string> }>;
    expect(notices.filter((notice) => notice.kind === 'term-deposit-matured').map((notice) => notice.params)).toEqual([
      expect.objectContaining({ scheme: 'dps', outcome: 'paid', accountId: account, day: expected.maturityDay, paidPoisha: expected.paidPoisha.toString(), taxPoisha: expected.taxPoisha.toString() }),
    ]);
    const [mail, ...more] = (await emailsTo(harness.database.db, carol.userId)).filter((sent) => sent.kind === 'term-deposit-matured');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('পদ্মা ব্যাংক: আপনার ডিপিএস মেয়াদপূর্ণ হয়েছে');
    expect(mail?.body).toContain(`${formatBdtIn(expected.paidPoisha, 'bn')} আপনার হিসাব`);
    expect(await verifyLedger(harness.database.db)).toMatchObject(ledgerClean);
  });

  it('retries an instalment the account cannot pay, takes it late, misses others for good and defaults after the fourth miss', async () => {
    const dina = await registerCustomer(harness.app);
    // Enough for the first two instalments only.
    const account = await openFundedAccount(harness.app, dina, staff, 2_000);
    const opened = await open(dina, { accountId: account });
    expect(opened.statusCode).toBe(200);
    const id = opened.json().scheme.id as string;
    const schedule = (await instalmentRows(id)).map((row) => row.due_day);
    const [, second, third, fourth, fifth, sixth, seventh] = schedule as [string, string, string, string, string, string, string];

    await runStep(dpsInstalmentsStep, second);
    expect(await poisha(dina, account)).toBe(0n);
    // The third is due with nothing in the account: tried on its day and the next, paid once money arrives.
    await runStep(dpsInstalmentsStep, third);
    expect((await instalmentRows(id))[2]).toMatchObject({ status: 'due', paid_day: null });
    await runStep(dpsInstalmentsStep, addCalendarDays(third, 1));
    await depositApproved(harness.app, dina, staff, account, 1_000);
    await runStep(dpsInstalmentsStep, addCalendarDays(third, 2));
    expect((await instalmentRows(id))[2]).toMatchObject({ status: 'paid', paid_day: addCalendarDays(third, 2) });
    expect(await poisha(dina, account)).toBe(0n);

    // The third was told once, on its due day, as not taken and tried until its third day after.
    const reference = opened.json().scheme.reference as string;
    const facts = (number: number, due: string) => ({ reference, accountId: account, instalment: String(number), dueDay: due, amountPoisha: '100000' });
    expect(await dpsNotices(dina)).toEqual([{ kind: 'dps-instalment-retrying', params: { ...facts(3, third), lastTryDay: addCalendarDays(third, 3) } }]);

    // The fourth to the seventh find no money on any of their four days: each is missed after its last try.
    for (const [index, due] of [fourth, fifth, sixth, seventh].entries()) {
      for (let offset = 0; offset <= 2; offset += 1) await runStep(dpsInstalmentsStep, addCalendarDays(due, offset));
      expect((await instalmentRows(id))[3 + index]?.status).toBe('due');
      // Dina reads Bangla from the day her scheme defaults.
      if (index === 3) expect((await call(harness.app, 'PUT', '/api/me/language', dina.cookie, { language: 'bn' })).statusCode).toBe(200);
      await runStep(dpsInstalmentsStep, addCalendarDays(due, 3));
      expect((await instalmentRows(id))[3 + index]?.status).toBe('missed');
      const scheme = await call(harness.app, 'GET', `/api/dps/${id}`, dina.cookie);
      expect(scheme.json()).toMatchObject({ missedCount: index + 1, status: index < 3 ? 'active' : 'defaulted' });
      // A second run of the same days finds nothing new to take, miss or tell.
      const told = (await dpsNotices(dina)).length;
      await runStep(dpsInstalmentsStep, due);
      await runStep(dpsInstalmentsStep, addCalendarDays(due, 3));
      expect(await dpsNotices(dina)).toHaveLength(told);
    }
    // One notice of each instalment not taken on its day, one of each miss with the misses left
    // before a default, and the fourth miss told by the default's own notice, not beside it.
    const maturityDay = opened.json().scheme.maturityDay as string;
    const retried = (number: number, due: string) => ({ kind: 'dps-instalment-retrying', params: { ...facts(number, due), lastTryDay: addCalendarDays(due, 3) } });
    const missed = (number: number, due: string, count: number) => ({ kind: 'dps-instalment-missed', params: { ...facts(number, due), missedCount: String(count), missesLeft: String(3 - count) } });
    expect(await dpsNotices(dina)).toEqual([
      retried(3, third),
      retried(4, fourth),
      missed(4, fourth, 1),
      retried(5, fifth),
      missed(5, fifth, 2),
      retried(6, sixth),
      missed(6, sixth, 3),
      retried(7, seventh),
      { kind: 'dps-defaulted', params: { ...facts(7, seventh), missedCount: '4', missesAllowed: '3', paidCount: '3', maturityDay, earlyRateBasisPoints: '300' } },
    ]);
    const mails = (await emailsTo(harness.database.db, dina.userId)).filter((mail) => mail.kind.startsWith('dps-'));
    expect(mails.map((mail) => mail.kind)).toEqual((await dpsNotices(dina)).map((notice) => notice.kind));
    expect(mails[6]?.subject).toBe('Padma Bank: DPS instalment 6 was missed');
    expect(mails[6]?.body).toContain('Instalments missed so far: 3. One more missed instalment and the scheme is defaulted.');
    const defaulted = mails[8];
    expect(defaulted?.subject).toBe('পদ্মা ব্যাংক: আপনার ডিপিএস খেলাপি হয়েছে');
    expect(defaulted?.body).toContain(`কিস্তি ৭ (${formatBdtIn(100_000n, 'bn')}, দেয় ${formatDate(seventh, 'bn')}) বাদ পড়েছে। মোট ৪টি কিস্তি বাদ পড়েছে, যা অনুমোদিত ৩টির বেশি`);
    expect(defaulted?.body).toContain(`জমা হওয়া ৩টি কিস্তি ডিপিএসে থাকবে এবং মেয়াদপূর্তির দিন ${formatDate(maturityDay, 'bn')} আগাম নগদায়নের হারে (বার্ষিক ৩.০০ %)`);
    const states = (await call(harness.app, 'GET', `/api/dps/${id}`, dina.cookie)).json().instalments.map((row: { state: string }) => row.state);
    expect(states).toEqual(['paid', 'paid', 'paid', 'missed', 'missed', 'missed', 'missed', 'stopped', 'stopped', 'stopped', 'stopped', 'stopped']);

    // Defaulted: money arriving is never taken again; at maturity the three paid earn the early-closure rate.
    await depositApproved(harness.app, dina, staff, account, 5_000);
    const eighth = schedule[7] ?? '';
    expect((await runStep(dpsInstalmentsStep, eighth)).rows).toBe(0);
    expect(await dpsNotices(dina)).toHaveLength(9);
    const rows = await instalmentRows(id);
    const paid = rows.filter((row) => row.status === 'paid').map((row) => ({ amountPoisha: 100_000n, dueDay: row.due_day, paidDay: row.paid_day ?? '' }));
    const expected = dpsPayout(paid, maturityDay, 300n, false);
    const atFullRate = dpsPayout(paid, maturityDay, 700n, false);
    expect(expected.paidPoisha < atFullRate.paidPoisha).toBe(true);
    // What the customer is shown before the maturity day is what the maturity step will pay.
    expect((await call(harness.app, 'GET', `/api/dps/${id}`, dina.cookie)).json().maturity).toMatchObject({ paidPoisha: expected.paidPoisha.toString(), depositedPoisha: '300000' });
    expect((await call(harness.app, 'GET', '/api/dps', dina.cookie)).json().schemes).toEqual([
      expect.objectContaining({ id, maturity: expect.objectContaining({ paidPoisha: expected.paidPoisha.toString() }) }),
    ]);
    // The staff's list quotes the same figure, not the full term's.
    expect((await call(harness.app, 'GET', '/api/staff/dps?status=defaulted', staff)).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, maturity: expect.objectContaining({ paidPoisha: expected.paidPoisha.toString() }) })]),
    );
    const before = await poisha(dina, account);
    expect((await runStep(dpsMaturityStep, maturityDay)).rows).toBe(1);
    expect(await poisha(dina, account)).toBe(before + expected.paidPoisha);
    expect((await call(harness.app, 'GET', `/api/dps/${id}`, dina.cookie)).json()).toMatchObject({ status: 'matured', paidPoisha: expected.paidPoisha.toString() });
    expect(await verifyLedger(harness.database.db)).toMatchObject(ledgerClean);
  });
});

describe('early closure', () => {
  it('shows the figures first, pays the reduced rate to the account once, and takes no more instalments', async () => {
    const emon = await registerCustomer(harness.app);
    const account = await openFundedAccount(harness.app, emon, staff, 10_000);
    const opened = await open(emon, { accountId: account, instalment: '2500', termYears: 3 });
    const id = opened.json().scheme.id as string;
    const quote = await call(harness.app, 'POST', `/api/dps/${id}/early-closure/quote`, emon.cookie);
    expect(quote.statusCode).toBe(200);
    const rows = await instalmentRows(id);
    const paid = rows.filter((row) => row.status === 'paid').map((row) => ({ amountPoisha: 250_000n, dueDay: row.due_day, paidDay: row.paid_day ?? '' }));
    const expected = dpsPayout(paid, today, 300n, false);
    expect(quote.json()).toMatchObject({ closure: { paidPoisha: expected.paidPoisha.toString(), depositedPoisha: '250000' } });
    const before = await poisha(emon, account);
    const key = newKey();
    const [first, resent] = await Promise.all([
      call(harness.app, 'POST', `/api/dps/${id}/early-closure`, emon.cookie, undefined, key),
      call(harness.app, 'POST', `/api/dps/${id}/early-closure`, emon.cookie, undefined, key),
    ]);
    expect([first.statusCode, resent.statusCode]).toEqual([200, 200]);
    expect(resent.json()).toEqual(first.json());
    expect(await poisha(emon, account)).toBe(before + expected.paidPoisha);
    expect((await call(harness.app, 'POST', `/api/dps/${id}/early-closure`, emon.cookie, undefined, newKey())).statusCode).toBe(409);
    const detail = (await call(harness.app, 'GET', `/api/dps/${id}`, emon.cookie)).json();
    expect(detail.status).toBe('closed');
    expect(detail.instalments.slice(1).every((row: { state: string }) => row.state === 'stopped')).toBe(true);
    expect((await call(harness.app, 'GET', '/api/dps', emon.cookie)).json().schemes).toEqual([expect.objectContaining({ id, status: 'closed', paidCount: 1, instalmentCount: 36, nextDueDay: null })]);
    expect(await verifyLedger(harness.database.db)).toMatchObject(ledgerClean);
  });
});

describe('hostile input', () => {
  it('answers bad fields with a 400 naming the field, writing nothing; another customer’s DPS is missing', async () => {
    const faria = await registerCustomer(harness.app);
    const gazi = await registerCustomer(harness.app);
    const account = await openFundedAccount(harness.app, faria, staff, 30_000);
    const before = await counts();
    for (const [change, field] of [
      [{ instalment: '499' }, 'instalment'],
      [{ instalment: '750' }, 'instalment'],
      [{ instalment: '25500' }, 'instalment'],
      [{ instalment: '1000.001' }, 'instalment'],
      [{ termYears: 4 }, 'termYears'],
      [{ dayOfMonth: 29 }, 'dayOfMonth'],
      [{ dayOfMonth: 0 }, 'dayOfMonth'],
      [{ nomineeId: '12' }, 'nomineeId'],
      [{ accountId: '12' }, 'accountId'],
    ] as const) {
      const response = await open(faria, { accountId: account, ...change });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), field).toContain(field);
    }
    const short = await open(faria, { accountId: account, instalment: '25000' });
    expect(short.statusCode).toBe(200);
    const refused = await open(faria, { accountId: account, instalment: '25000' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'insufficient_funds', fields: { instalment: expect.any(String) } });
    const keyless = await open(faria, { accountId: account }, {});
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error.fields).toHaveProperty('Idempotency-Key');
    expect(await counts()).toEqual({ schemes: before.schemes + 1, instalments: before.instalments + 12, entries: before.entries + 1 });

    const opened = await open(faria, { accountId: account });
    const id = opened.json().scheme.id as string;
    expect((await call(harness.app, 'GET', `/api/dps/${id}`, gazi.cookie)).statusCode).toBe(404);
    expect((await call(harness.app, 'GET', '/api/dps/not-an-id', faria.cookie)).statusCode).toBe(404);
    expect((await call(harness.app, 'POST', `/api/dps/${id}/early-closure/quote`, gazi.cookie)).statusCode).toBe(404);
    expect((await call(harness.app, 'POST', `/api/dps/${id}/early-closure`, gazi.cookie, undefined, newKey())).statusCode).toBe(404);
    expect((await open(gazi, { accountId: account })).statusCode).toBe(404);
    expect((await call(harness.app, 'GET', '/api/dps', gazi.cookie)).json().schemes).toEqual([]);
  });
});

describe('the staff list', () => {
  it('pages every DPS, searched by account number, for staff only', async () => {
    const all = await call(harness.app, 'GET', '/api/staff/dps?limit=2', staff);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(2);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(4);
    const matured = await call(harness.app, 'GET', '/api/staff/dps?status=matured', staff);
    expect(matured.json().every((row: { status: string }) => row.status === 'matured')).toBe(true);
    expect((await call(harness.app, 'GET', '/api/staff/dps?status=spent', staff)).statusCode).toBe(400);
    const customer = await registerCustomer(harness.app);
    expect((await call(harness.app, 'GET', '/api/staff/dps', customer.cookie)).statusCode).toBe(403);
  });

  it("shows each scheme's progress as its customer sees it: instalments paid of all and the next due day", async () => {
    const gita = await registerCustomer(harness.app);
    const account = await openFundedAccount(harness.app, gita, staff, 5_000);
    expect((await open(gita, { accountId: account, termYears: 2 })).statusCode).toBe(200);
    const [own] = (await call(harness.app, 'GET', '/api/dps', gita.cookie)).json().schemes;
    const [listed, ...others] = (await call(harness.app, 'GET', `/api/staff/dps?q=${account}`, staff)).json();
    expect(others).toEqual([]);
    expect(listed).toMatchObject({ id: own.id, paidCount: own.paidCount, instalmentCount: 24, nextDueDay: own.nextDueDay });
    expect(own.paidCount).toBeGreaterThanOrEqual(1);
  });
});
