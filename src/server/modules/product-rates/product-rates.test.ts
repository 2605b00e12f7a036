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
const count = async (table: 'fdr_product' | 'dps_product' | 'product_rate_proposal' | 'product_rate_proposal_term' | 'fixed_deposit' | 'dps_scheme') =>
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
  amountMin: '10,000',
  reason: 'ALCO meeting of May: FDR rates up a quarter',
  ...overrides,
});

const dpsSheet = (overrides: Record<string, unknown> = {}) => ({
  scheme: 'dps',
  effectiveFrom: '2026-06-01',
  terms: [1, 2, 3, 5, 7, 10].map((term) => ({ term, annualRatePercent: '8.75', prematureRatePercent: '3.5' })),
  amountMin: '500',
  amountMax: '25000',
  reason: 'ALCO meeting of May: DPS rates up',
  ...overrides,
});

const propose = (cookie: string, body: Record<string, unknown>) => call(harness.app, 'POST', '/api/productRateProposals', cookie, body);
const approve = (cookie: string, id: string) => callWithStepUp(harness.app, 'PUT', `/api/productRateProposals/${id}/approve`, cookie, {});
const nominee = { nomineeName: 'Rahima Khatun', nomineeId: '9876543210', nomineeRelation: 'Sister' };
const openFdr = (termMonths: number, amount = 20_000) =>
  call(
    harness.app,
    'POST',
    '/api/fdr',
    customer.cookie,
    { accountId: account, amount, termMonths, instruction: 'credit', ...nominee },
    { 'idempotency-key': `product-rates-${process.pid}-${++keys}` },
  );
const openDps = (instalment: number) =>
  call(harness.app, 'POST', '/api/dps', customer.cookie, { accountId: account, instalment, termYears: 1, dayOfMonth: 10, ...nominee }, { 'idempotency-key': `product-rates-${process.pid}-${++keys}` });
const publicRates = async () => {
  await harness.app.services.catalogue.load();
  return (await harness.app.inject({ method: 'GET', url: '/api/rates' })).json() as {
    fdr: Array<{ termMonths: number; annualRatePercent: number; prematureRatePercent: number; principalMin: number }>;
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
    // The sheet's minimum principal, 10,000 BDT, is every term's.
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
      ['no minimum deposit', fdrSheet({ amountMin: undefined }), 'amountMin'],
      ['a minimum of nothing', fdrSheet({ amountMin: '0' }), 'amountMin'],
      ['a negative minimum', dpsSheet({ amountMin: '-500' }), 'amountMin'],
      ['a minimum deposit with poisha', fdrSheet({ amountMin: '10000.50' }), 'amountMin'],
      ['a maximum on an FDR sheet', fdrSheet({ amountMax: '50000' }), 'amountMax'],
      ['no DPS maximum', dpsSheet({ amountMax: undefined }), 'amountMax'],
      ['a DPS minimum above its maximum', dpsSheet({ amountMin: '5000', amountMax: '1000' }), 'amountMax'],
      ['a DPS maximum off the 500 BDT step', dpsSheet({ amountMax: '20250' }), 'amountMax'],
    ];
    for (const [label, body, field] of cases) {
      const response = await propose(staffA, body);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error.fields, label).toHaveProperty([field]);
    }
    expect(await written()).toEqual(before);
  });

  it('sets the product amounts with the rates: from the date an FDR below the new minimum and a DPS instalment outside the new bounds are refused', async () => {
    await setBusinessDate('2026-09-01');
    const fdr = await proposed(fdrSheet({ effectiveFrom: '2026-09-02', amountMin: '25000' }));
    const dps = await proposed(dpsSheet({ effectiveFrom: '2026-09-02', amountMin: '1000', amountMax: '10000' }), staffB);
    const listed = (await call(harness.app, 'GET', '/api/productRateProposals?status=pending', staffB)).json() as Array<{ id: string; amountPoishaMin: string; amountPoishaMax: string | null }>;
    expect(listed.find((proposal) => proposal.id === fdr)).toMatchObject({ amountPoishaMin: '2500000', amountPoishaMax: null });
    expect(listed.find((proposal) => proposal.id === dps)).toMatchObject({ amountPoishaMin: '100000', amountPoishaMax: '1000000' });
    expect((await approve(staffB, fdr)).statusCode).toBe(200);
    // Each approver's code is taken once: A approves B's sheet, so neither waits for a second code.
    expect((await approve(staffA, dps)).statusCode).toBe(200);
    const early = await openFdr(6);
    expect(early.statusCode, early.body).toBe(200);

    await setBusinessDate('2026-09-02');
    const sheets = (await call(harness.app, 'GET', '/api/productRates', staffA)).json().sheets as Array<{ scheme: string; state: string; amountPoishaMin: string; amountPoishaMax: string | null }>;
    expect(sheets.filter((sheet) => sheet.state === 'in-force').map(({ scheme, amountPoishaMin, amountPoishaMax }) => ({ scheme, amountPoishaMin, amountPoishaMax }))).toEqual([
      { scheme: 'fdr', amountPoishaMin: '2500000', amountPoishaMax: null },
      { scheme: 'dps', amountPoishaMin: '100000', amountPoishaMax: '1000000' },
    ]);
    expect((await publicRates()).fdr.every((rate) => rate.principalMin === 25_000)).toBe(true);
    expect((await call(harness.app, 'GET', '/api/dps/products', undefined)).json()).toMatchObject({ instalmentPoishaMin: '100000', instalmentPoishaMax: '1000000' });

    const before = { fdr: await count('fixed_deposit'), dps: await count('dps_scheme') };
    const small = await openFdr(6);
    expect(small.statusCode, small.body).toBe(400);
    expect(small.json().error.fields).toHaveProperty(['amount']);
    for (const instalment of [10_500, 500]) {
      const outside = await openDps(instalment);
      expect(outside.statusCode, `${instalment}: ${outside.body}`).toBe(400);
      expect(outside.json().error.fields).toHaveProperty(['instalment']);
    }
    const quoted = await call(harness.app, 'POST', '/api/dps/quote', customer.cookie, { accountId: account, instalment: 10_500, termYears: 1, dayOfMonth: 10 });
    expect(quoted.json().error.fields).toHaveProperty(['instalment']);
    expect({ fdr: await count('fixed_deposit'), dps: await count('dps_scheme') }).toEqual(before);

    expect((await openFdr(6, 25_000)).statusCode).toBe(200);
    const inside = await openDps(10_000);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().scheme).toMatchObject({ instalmentPoisha: '1000000' });
  }, 90_000);

  it('is for staff only', async () => {
    expect((await call(harness.app, 'GET', '/api/productRates', customer.cookie)).statusCode).toBe(403);
    expect((await call(harness.app, 'GET', '/api/productRateProposals', undefined)).statusCode).toBe(401);
    expect((await propose(customer.cookie, fdrSheet({ effectiveFrom: '2090-01-01' }))).statusCode).toBe(403);
  });
});
