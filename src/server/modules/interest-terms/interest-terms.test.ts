import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays } from '../../../shared/dates';
import { schema } from '../../db/client';
import { call, callWithStepUp, openFundedAccount } from '../../test-support/banking';
import { dhaka, move, openAccount, setBusinessDate as setBusinessDateIn } from '../../test-support/day-close-fixtures';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { closeBusinessDate, currentBusinessDate } from '../day-close/day-close';

let harness: TestApp;
/** Staff A proposes; B is the colleague who decides. */
let staffA: string;
let staffB: string;

beforeAll(async () => {
  harness = await createTestApp();
  staffA = await signInStaff(harness.app);
  const person = await registerCustomer(harness.app, { name: 'Nasrin Sultana' });
  await harness.database.db.update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, person.userId));
  staffB = await signInStaff(harness.app, { email: person.email, password: person.password });
});
afterAll(async () => harness.close());

const db = () => harness.database.db;
const setBusinessDate = (date: string) => setBusinessDateIn(db(), date);
const count = async (table: 'interest_terms' | 'interest_terms_proposal' | 'interest_terms_tier') =>
  Number((await db().execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM ${sql.identifier(table)}`)).rows[0]?.count);
const written = async () => ({ terms: await count('interest_terms'), tiers: await count('interest_terms_tier'), proposals: await count('interest_terms_proposal') });

const terms = (overrides: Record<string, unknown> = {}) => ({
  accountType: 'savings',
  effectiveFrom: '2026-06-01',
  posting: 'half-yearly',
  balanceToEarnMin: '1000',
  tiers: [
    { balanceMin: '0', annualRatePercent: '3' },
    { balanceMin: '1000000', annualRatePercent: '3.5' },
  ],
  reason: 'ALCO meeting of May: savings rates up half a percent',
  ...overrides,
});

const propose = (cookie: string, body: Record<string, unknown>) => call(harness.app, 'POST', '/api/interestTermsProposals', cookie, body);
const approve = (cookie: string, id: string) => callWithStepUp(harness.app, 'PUT', `/api/interestTermsProposals/${id}/approve`, cookie, {});

async function proposed(body: Record<string, unknown>): Promise<string> {
  const response = await propose(staffA, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().insertedId as string;
}

describe('proposing and approving interest terms', () => {
  it('inserts a new version only when a second member of staff approves; the proposer is refused', async () => {
    await setBusinessDate('2026-05-20');
    const before = await written();
    const id = await proposed(terms());
    expect(await written()).toEqual({ ...before, proposals: before.proposals + 1 });

    const own = await approve(staffA, id);
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json().error.code).toBe('second_approver_required');
    expect(await count('interest_terms')).toBe(before.terms);

    const approved = await approve(staffB, id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await count('interest_terms')).toBe(before.terms + 1);
    const again = await approve(staffB, id);
    expect(again.statusCode).toBe(409);

    const list = (await call(harness.app, 'GET', '/api/interestTerms', staffA)).json();
    const savings = list.versions.filter((version: { accountType: string }) => version.accountType === 'savings');
    expect(savings[0]).toMatchObject({
      effectiveFrom: '2026-06-01',
      state: 'scheduled',
      posting: 'half-yearly',
      balanceToEarnMin: 1000,
      tiers: [
        { balanceMin: 0, annualRatePercent: 3 },
        { balanceMin: 1000000, annualRatePercent: 3.5 },
      ],
    });
    expect(savings[1]).toMatchObject({ effectiveFrom: '2026-01-01', state: 'in-force', approvedBy: null });

    const proposals = (await call(harness.app, 'GET', '/api/interestTermsProposals?status=approved', staffA)).json();
    expect(proposals[0]).toMatchObject({ id, status: 'approved', decidedBy: 'Nasrin Sultana' });
    const audit = await db().select({ action: schema.auditEvent.action }).from(schema.auditEvent).where(eq(schema.auditEvent.subjectId, id)).orderBy(schema.auditEvent.id);
    expect(audit.map((event) => event.action)).toEqual(['interest_terms.propose', 'interest_terms.approve']);
  });

  it('declines with a reason and changes no terms', async () => {
    await setBusinessDate('2026-05-20');
    const id = await proposed(terms({ effectiveFrom: '2026-07-01', accountType: 'student' }));
    const before = await count('interest_terms');
    const declined = await call(harness.app, 'PUT', `/api/interestTermsProposals/${id}/decline`, staffB, { reason: 'Wait for the board' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await count('interest_terms')).toBe(before);
    expect((await approve(staffB, id)).statusCode).toBe(409);
  });

  it('refuses terms from a date not after the business date, naming the field, with nothing written', async () => {
    await setBusinessDate('2026-05-20');
    const before = await written();
    for (const effectiveFrom of ['2026-05-20', '2026-05-01']) {
      const response = await propose(staffA, terms({ effectiveFrom }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields).toHaveProperty('effectiveFrom');
    }
    expect(await written()).toEqual(before);
  });

  it('refuses at approval terms whose date the business date has reached meanwhile', async () => {
    await setBusinessDate('2026-05-20');
    const id = await proposed(terms({ effectiveFrom: '2026-05-22', accountType: 'current', tiers: [{ balanceMin: '0', annualRatePercent: '0.5' }] }));
    await setBusinessDate('2026-05-22');
    const before = await count('interest_terms');
    const response = await approve(staffB, id);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.code).toBe('effective_date_passed');
    expect(await count('interest_terms')).toBe(before);
  });

  it('refuses bad tiers with 400 naming the field and writes nothing', async () => {
    await setBusinessDate('2026-05-20');
    const before = await written();
    const cases: Array<[string, unknown, string]> = [
      [
        'unsorted',
        [
          { balanceMin: '0', annualRatePercent: '3' },
          { balanceMin: '500000', annualRatePercent: '3.5' },
          { balanceMin: '100000', annualRatePercent: '4' },
        ],
        'tiers.2.balanceMin',
      ],
      [
        'overlapping',
        [
          { balanceMin: '0', annualRatePercent: '3' },
          { balanceMin: '0', annualRatePercent: '3.5' },
        ],
        'tiers.1.balanceMin',
      ],
      ['negative rate', [{ balanceMin: '0', annualRatePercent: '-1' }], 'tiers.0.annualRatePercent'],
      [
        'negative balance',
        [
          { balanceMin: '0', annualRatePercent: '3' },
          { balanceMin: '-5', annualRatePercent: '3.5' },
        ],
        'tiers.1.balanceMin',
      ],
      ['not from zero', [{ balanceMin: '100', annualRatePercent: '3' }], 'tiers.0.balanceMin'],
      ['three decimals', [{ balanceMin: '0', annualRatePercent: '3.125' }], 'tiers.0.annualRatePercent'],
      ['over 100 %', [{ balanceMin: '0', annualRatePercent: '101' }], 'tiers.0.annualRatePercent'],
      ['none', [], 'tiers'],
    ];
    for (const [label, tiers, field] of cases) {
      const response = await propose(staffA, terms({ tiers }));
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error.fields, label).toHaveProperty([field]);
    }
    const negativeMinimum = await propose(staffA, terms({ balanceToEarnMin: '-1' }));
    expect(negativeMinimum.json().error.fields).toHaveProperty(['balanceToEarnMin']);
    expect(await written()).toEqual(before);
  });

  it('is for staff only', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Rahima Khatun' });
    const response = await call(harness.app, 'GET', '/api/interestTerms', customer.cookie);
    expect(response.statusCode).toBe(403);
    expect((await propose(customer.cookie, terms())).statusCode).toBe(403);
  });
});

/** An active student account holding `balancePoisha`, written straight into the database as the day close's tests do. */
async function studentAccountHolding(balancePoisha: bigint, at: Date): Promise<string> {
  const id = await openAccount(db(), 'student');
  await move(db(), id, balancePoisha, at);
  return id;
}

describe('the day close after approved terms', () => {
  it('accrues at the old rate before the effective date and at the new one from it', async () => {
    await setBusinessDate('2026-08-10');
    await db().execute(sql`DELETE FROM day_close_step_done`);
    const account = await studentAccountHolding(1_00_000_00n, dhaka('2026-08-10T10:00:00'));
    const id = await proposed(terms({ accountType: 'student', effectiveFrom: '2026-08-12', tiers: [{ balanceMin: '0', annualRatePercent: '4.5' }], balanceToEarnMin: '500' }));
    expect((await approve(staffB, id)).statusCode).toBe(200);

    for (let date = await currentBusinessDate(db()); date <= '2026-08-13'; date = addCalendarDays(date, 1)) {
      const outcome = await closeBusinessDate(db(), undefined, dhaka(`${addCalendarDays(date, 1)}T00:05:00`));
      expect(outcome).toEqual({ businessDate: date, closed: true });
    }
    const accrued = await db().execute<{ business_date: string; rate: number; units: string }>(
      sql`SELECT business_date::text, annual_rate_basis_points AS rate, accrued_units::text AS units FROM interest_accrual WHERE bank_account_id = ${account} ORDER BY business_date`,
    );
    expect(accrued.rows.map((row) => [row.business_date, Number(row.rate)])).toEqual([
      ['2026-08-10', 300],
      ['2026-08-11', 300],
      ['2026-08-12', 450],
      ['2026-08-13', 450],
    ]);
    expect(accrued.rows.map((row) => BigInt(row.units))).toEqual([300n, 300n, 450n, 450n].map((rate) => 1_00_000_00n * rate));
  });
});

describe('what a customer’s account earns', () => {
  it('answers the rate its balance reaches and the interest accrued since the last posting, rounded down to the poisha; another customer’s account is 404', async () => {
    await setBusinessDate('2026-09-10');
    const customer = await registerCustomer(harness.app, { name: 'Karim Uddin' });
    const account = await openFundedAccount(harness.app, customer, staffA, 20_000, { accountType: 'savings' });
    const savingsTerms = 'a6c1f0de-0000-4000-8000-000000000001';
    // Posted on 30 June; what accrued up to then is not counted again.
    await db().execute(sql`
      INSERT INTO interest_posting (bank_account_id, business_date, accrued_units, carried_in_units, posted_poisha, carried_out_units, tax_percent, tax_poisha)
      VALUES (${account}, '2026-06-30', 0, 0, 0, 0, 10, 0)`);
    // 1,000,000 units are 0.27… poisha: three such days are 0.82 poisha, shown as nothing; with a day of 7,300,000 units (2 poisha) they show 2 poisha.
    for (const [date, units] of [
      ['2026-06-30', 99_999_999n],
      ['2026-07-01', 1_000_000n],
      ['2026-07-02', 1_000_000n],
      ['2026-07-03', 1_000_000n],
      ['2026-07-04', 7_300_000n],
    ] as const) {
      await db().execute(sql`
        INSERT INTO interest_accrual (bank_account_id, business_date, terms_id, closing_balance_poisha, annual_rate_basis_points, accrued_units)
        VALUES (${account}, ${date}::date, ${savingsTerms}::uuid, 2000000, 250, ${units.toString()}::bigint)`);
    }
    const single = await call(harness.app, 'GET', `/api/singleAccDetails/${account}`, customer.cookie);
    expect(single.statusCode, single.body).toBe(200);
    // 20,000 BDT reaches the first tier of whichever savings terms are in force (those approved above, when run with them).
    const versions = (await call(harness.app, 'GET', '/api/interestTerms', staffA)).json().versions as Array<{ accountType: string; state: string; tiers: Array<{ annualRatePercent: number }> }>;
    const inForce = versions.find((version) => version.accountType === 'savings' && version.state === 'in-force');
    expect(single.json().interest).toEqual({
      annualRatePercent: inForce?.tiers[0]?.annualRatePercent,
      posting: 'half-yearly',
      balanceToEarnMin: 1000,
      accruedNotPosted: 0.02,
      lastPostedOn: '2026-06-30',
    });
    const list = await call(harness.app, 'GET', '/api/userAccount', customer.cookie);
    expect(list.json().find((entry: { _id: string }) => entry._id === account).interest.accruedNotPosted).toBe(0.02);

    const stranger = await registerCustomer(harness.app, { name: 'Salma Begum' });
    expect((await call(harness.app, 'GET', `/api/singleAccDetails/${account}`, stranger.cookie)).statusCode).toBe(404);
  });
});
