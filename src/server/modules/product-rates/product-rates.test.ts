import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { call, callWithStepUp, openFundedAccount, type Customer } from '../../test-support/banking';
import { setBusinessDate as setBusinessDateIn } from '../../test-support/day-close-fixtures';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';

let harness: TestApp;
/** Staff A proposes; B is the colleague who decides. */
let staffA: string;
let staffB: string;
let customer: Customer;
let account: string;
let keys = 0;

beforeAll(async () => {
  harness = await createTestApp({ rateLimitMultiplier: 1_000 });
  staffA = await signInStaff(harness.app);
  const person = await registerCustomer(harness.app, { name: 'Nasrin Sultana' });
  await harness.database.db.update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, person.userId));
  staffB = await signInStaff(harness.app, { email: person.email, password: person.password });
  customer = await registerCustomer(harness.app, { name: 'Karim Uddin' });
  account = await openFundedAccount(harness.app, customer, staffA, 500_000);
});
afterAll(async () => harness.close());

const db = () => harness.database.db;
const setBusinessDate = (date: string) => setBusinessDateIn(db(), date);
const count = async (table: 'fdr_product' | 'dps_product' | 'product_rate_proposal' | 'product_rate_proposal_term') =>
  Number((await db().execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM ${sql.identifier(table)}`)).rows[0]?.count);
const written = async () => ({
  fdr: await count('fdr_product'),
  dps: await count('dps_product'),
  proposals: await count('product_rate_proposal'),
  terms: await count('product_rate_proposal_term'),
});

const fdrSheet = (overrides: Record<string, unknown> = {}) => ({
  scheme: 'fdr',
  effectiveFrom: '2026-06-01',
  terms: [
    { term: 1, annualRatePercent: '6.25', prematureRatePercent: '2.5' },
    { term: 3, annualRatePercent: '8.25', prematureRatePercent: '2.5' },
    { term: 6, annualRatePercent: '8.5', prematureRatePercent: '2.5' },
    { term: 12, annualRatePercent: '9', prematureRatePercent: '3' },
    { term: 24, annualRatePercent: '9', prematureRatePercent: '3' },
    { term: 36, annualRatePercent: '9.25', prematureRatePercent: '3' },
  ],
  reason: 'ALCO meeting of May: FDR rates up a quarter',
  ...overrides,
});

const dpsSheet = (overrides: Record<string, unknown> = {}) => ({
  scheme: 'dps',
  effectiveFrom: '2026-06-01',
  terms: [1, 2, 3, 5, 7, 10].map((term) => ({ term, annualRatePercent: '8.75', prematureRatePercent: '3.5' })),
  reason: 'ALCO meeting of May: DPS rates up',
  ...overrides,
});

const propose = (cookie: string, body: Record<string, unknown>) => call(harness.app, 'POST', '/api/productRateProposals', cookie, body);
const approve = (cookie: string, id: string) => callWithStepUp(harness.app, 'PUT', `/api/productRateProposals/${id}/approve`, cookie, {});
const openFdr = (termMonths: number) =>
  call(
    harness.app,
    'POST',
    '/api/fdr',
    customer.cookie,
    { accountId: account, amount: 20_000, termMonths, instruction: 'credit', nomineeName: 'Rahima Khatun', nomineeId: '9876543210', nomineeRelation: 'Sister' },
    { 'idempotency-key': `product-rates-${process.pid}-${++keys}` },
  );
const publicRates = async () => {
  await harness.app.services.catalogue.load();
  return (await harness.app.inject({ method: 'GET', url: '/api/rates' })).json() as {
    fdr: Array<{ termMonths: number; annualRatePercent: number; prematureRatePercent: number }>;
    dps: Array<{ termYears: number; annualRatePercent: number; earlyRatePercent: number }>;
  };
};

async function proposed(body: Record<string, unknown>, proposer = staffA): Promise<string> {
  const response = await propose(proposer, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().insertedId as string;
}

describe('proposing and approving FDR rates', () => {
  it('inserts new rows only when a second member of staff approves with a code; an FDR opened before the date keeps its rate, one opened from it gets the new one', async () => {
    await setBusinessDate('2026-05-20');
    const before = await written();
    const id = await proposed(fdrSheet({ effectiveFrom: '2026-05-22' }));
    expect(await written()).toEqual({ ...before, proposals: before.proposals + 1, terms: before.terms + 6 });

    const own = await approve(staffA, id);
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json().error.code).toBe('second_approver_required');
    const withoutCode = await call(harness.app, 'PUT', `/api/productRateProposals/${id}/approve`, staffB, {});
    expect(withoutCode.statusCode, withoutCode.body).toBe(403);
    expect(withoutCode.json().error.code).toBe('second_factor_required');
    expect(await count('fdr_product')).toBe(before.fdr);

    const approved = await approve(staffB, id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await count('fdr_product')).toBe(before.fdr + 6);
    expect((await approve(staffB, id)).statusCode).toBe(409);
    // The seeded rows are untouched: approval inserts, never updates.
    const seeded = await db().execute<{ rate: number }>(sql`SELECT annual_rate_basis_points AS rate FROM fdr_product WHERE term_months = 12 AND effective_from = '2026-01-01'`);
    expect(Number(seeded.rows[0]?.rate)).toBe(850);

    const sheets = (await call(harness.app, 'GET', '/api/productRates', staffA)).json();
    const fdr = sheets.sheets.filter((sheet: { scheme: string }) => sheet.scheme === 'fdr');
    expect(fdr[0]).toMatchObject({ effectiveFrom: '2026-05-22', state: 'scheduled', proposedBy: expect.any(String), approvedBy: 'Nasrin Sultana' });
    expect(fdr[0].terms[3]).toEqual({ term: 12, annualRatePercent: 9, prematureRatePercent: 3 });
    expect(fdr[1]).toMatchObject({ effectiveFrom: '2026-01-01', state: 'in-force', approvedBy: null });

    // Before the date: today's rates, on the public list and for a new deposit.
    expect((await publicRates()).fdr.find((rate) => rate.termMonths === 12)).toMatchObject({ annualRatePercent: 8.5, prematureRatePercent: 2.5 });
    const early = await openFdr(12);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().deposit).toMatchObject({ annualRateBasisPoints: 850, prematureRateBasisPoints: 250 });

    await setBusinessDate('2026-05-22');
    expect((await publicRates()).fdr.find((rate) => rate.termMonths === 12)).toMatchObject({ annualRatePercent: 9, prematureRatePercent: 3 });
    const later = await openFdr(12);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().deposit).toMatchObject({ annualRateBasisPoints: 900, prematureRateBasisPoints: 300 });
    const kept = await call(harness.app, 'GET', `/api/fdr/${early.json().deposit.id}`, customer.cookie);
    expect(kept.json()).toMatchObject({ annualRateBasisPoints: 850, prematureRateBasisPoints: 250 });
    // The minimum principal is the term's as before: a sheet changes rates only.
    const minimum = await db().execute<{ minimum: string }>(sql`SELECT principal_poisha_min::text AS minimum FROM fdr_product WHERE term_months = 12 AND effective_from = '2026-05-22'`);
    expect(minimum.rows[0]?.minimum).toBe('1000000');

    const proposals = (await call(harness.app, 'GET', '/api/productRateProposals?status=approved', staffA)).json();
    expect(proposals[0]).toMatchObject({ id, scheme: 'fdr', status: 'approved', decidedBy: 'Nasrin Sultana' });
    const audit = await db().select({ action: schema.auditEvent.action }).from(schema.auditEvent).where(eq(schema.auditEvent.subjectId, id)).orderBy(schema.auditEvent.id);
    expect(audit.map((event) => event.action)).toEqual(['product_rates.propose', 'product_rates.approve']);
  });

  it('approves a DPS sheet the same way: its rates are offered from the date', async () => {
    await setBusinessDate('2026-05-25');
    const id = await proposed(dpsSheet({ effectiveFrom: '2026-05-26' }));
    expect((await approve(staffB, id)).statusCode).toBe(200);
    expect((await publicRates()).dps.find((rate) => rate.termYears === 5)).toMatchObject({ annualRatePercent: 8.5, earlyRatePercent: 3 });
    await setBusinessDate('2026-05-26');
    expect((await publicRates()).dps.find((rate) => rate.termYears === 5)).toEqual({ termYears: 5, annualRatePercent: 8.75, earlyRatePercent: 3.5 });
    const products = (await call(harness.app, 'GET', '/api/dps/products', undefined)).json().products as Array<{ termYears: number; annualRateBasisPoints: number }>;
    expect(products.every((product) => product.annualRateBasisPoints === 875)).toBe(true);
  });

  it('declines with a reason and changes no rates', async () => {
    await setBusinessDate('2026-06-10');
    const id = await proposed(fdrSheet({ effectiveFrom: '2026-07-01' }));
    const before = await written();
    const declined = await call(harness.app, 'PUT', `/api/productRateProposals/${id}/decline`, staffB, { reason: 'Wait for the board' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await written()).toEqual(before);
    expect((await approve(staffB, id)).statusCode).toBe(409);
    const listed = (await call(harness.app, 'GET', '/api/productRateProposals?status=declined', staffA)).json();
    expect(listed[0]).toMatchObject({ id, declinedReason: 'Wait for the board' });
  });

  it('refuses at approval a sheet whose date the business date has reached meanwhile, or one whose date another sheet took', async () => {
    await setBusinessDate('2026-06-10');
    const id = await proposed(fdrSheet({ effectiveFrom: '2026-06-12' }));
    await setBusinessDate('2026-06-12');
    const before = await written();
    const late = await approve(staffB, id);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error.code).toBe('effective_date_passed');

    // B proposes and A approves: each approver's codes are taken once, and A has spent none yet.
    const first = await proposed(dpsSheet({ effectiveFrom: '2026-08-01' }), staffB);
    const second = await proposed(dpsSheet({ effectiveFrom: '2026-08-01', reason: 'A second sheet for the same day' }), staffB);
    expect((await approve(staffA, first)).statusCode).toBe(200);
    const taken = await approve(staffA, second);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().error.code).toBe('rates_exist');
    expect(await count('dps_product')).toBe(before.dps + 6);
    expect(await count('fdr_product')).toBe(before.fdr);
  });

  it('refuses a bad sheet with 400 naming the field and writes nothing', async () => {
    await setBusinessDate('2026-06-10');
    const before = await written();
    const rows = fdrSheet().terms;
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['premature above annual', fdrSheet({ terms: rows.map((row, index) => (index === 2 ? { ...row, prematureRatePercent: '9' } : row)) }), 'terms.2.prematureRatePercent'],
      ['a term missing', fdrSheet({ terms: rows.slice(1) }), 'terms'],
      ['a term twice', fdrSheet({ terms: [...rows.slice(0, 5), { ...rows[0] }] }), 'terms.5.term'],
      ['not a term of the FDR', fdrSheet({ terms: rows.map((row, index) => (index === 1 ? { ...row, term: 2 } : row)) }), 'terms.1.term'],
      ['FDR terms for the DPS', dpsSheet({ terms: rows }), 'terms.2.term'],
      ['three decimals', fdrSheet({ terms: rows.map((row, index) => (index === 0 ? { ...row, annualRatePercent: '6.125' } : row)) }), 'terms.0.annualRatePercent'],
      ['over 100 %', fdrSheet({ terms: rows.map((row, index) => (index === 0 ? { ...row, annualRatePercent: '101' } : row)) }), 'terms.0.annualRatePercent'],
      ['negative', fdrSheet({ terms: rows.map((row, index) => (index === 4 ? { ...row, prematureRatePercent: '-1' } : row)) }), 'terms.4.prematureRatePercent'],
      ['no such product', fdrSheet({ scheme: 'rd' }), 'scheme'],
      ['the business date', fdrSheet({ effectiveFrom: '2026-06-10' }), 'effectiveFrom'],
      ['a date past', fdrSheet({ effectiveFrom: '2026-01-01' }), 'effectiveFrom'],
      ['no reason', fdrSheet({ reason: ' ' }), 'reason'],
    ];
    for (const [label, body, field] of cases) {
      const response = await propose(staffA, body);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error.fields, label).toHaveProperty([field]);
    }
    expect(await written()).toEqual(before);
  });

  it('is for staff only', async () => {
    expect((await call(harness.app, 'GET', '/api/productRates', customer.cookie)).statusCode).toBe(403);
    expect((await call(harness.app, 'GET', '/api/productRateProposals', undefined)).statusCode).toBe(401);
    expect((await propose(customer.cookie, fdrSheet({ effectiveFrom: '2090-01-01' }))).statusCode).toBe(403);
  });
});
