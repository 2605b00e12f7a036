import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveAccount, call, requestAccount, type Customer } from './test-support/banking';
import { createTestApp, multipartImage, onePixelPng, registerCustomer, signInStaff, staffAuthenticator, type TestApp } from './test-support/test-app';
import { freshTotpCode } from './test-support/two-factor';

/**
 * The role matrix of every dashboard endpoint: no session answers 401, a customer 403 (and
 * changes nothing), staff is let through. Staff act on real pending requests, so each staff
 * answer is the endpoint's success, which also proves the refused calls before it changed nothing.
 */

let harness: TestApp;
let staff: string;
let customer: Customer;

type Ids = {
  accountToApprove: string;
  accountToDelete: string;
  activeAccount: string;
  depositToApprove: string;
  depositToDelete: string;
  debitCard: string;
  creditCard: string;
  cardToDelete: string;
  loanToApprove: string;
  loanToDelete: string;
  userToDelete: string;
  userToEnable: string;
  limitProposalToApprove: string;
  limitProposalToDecline: string;
  noticeProposal: string;
};
let ids: Ids;

async function created(response: Awaited<ReturnType<typeof call>>): Promise<string> {
  if (response.statusCode !== 200) throw new Error(`set-up failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { insertedId: string }).insertedId;
}

async function activeAccountOf(owner: Customer): Promise<string> {
  const accountId = await requestAccount(harness.app, owner);
  await approveAccount(harness.app, staff, accountId);
  return accountId;
}

async function loanRequest(owner: Customer, accountId: string): Promise<string> {
  const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
  const upload = await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: owner.cookie } });
  const passport = (upload.json() as { data: { url: string } }).data.url;
  const body = { loan: 'personal', accNum: accountId, income: 60000, company: 'Padma Traders', lAmount: 50000, lDuration: '12', document: passport, documentKind: 'salary-certificate' };
  return created(await call(harness.app, 'POST', '/api/loanReq', owner.cookie, body));
}

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  customer = await registerCustomer(harness.app, { name: 'Shirin Akter' });
  const victim = await registerCustomer(harness.app, { name: 'Jamal Mia' });
  const returning = await registerCustomer(harness.app, { name: 'Kulsum Bibi' });
  if ((await call(harness.app, 'DELETE', `/api/allUsers/${returning.userId}`, staff)).statusCode !== 200) throw new Error('set-up failed: disabling a user');
  const [first, second, third] = [await activeAccountOf(customer), await activeAccountOf(customer), await activeAccountOf(customer)];
  ids = {
    accountToApprove: await requestAccount(harness.app, customer),
    accountToDelete: await requestAccount(harness.app, customer),
    activeAccount: first,
    depositToApprove: await created(await call(harness.app, 'PUT', '/api/depositReq', customer.cookie, { accNum: first, depositAmount: 5000 })),
    depositToDelete: await created(await call(harness.app, 'PUT', '/api/depositReq', customer.cookie, { accNum: first, depositAmount: 300 })),
    debitCard: await created(await call(harness.app, 'POST', '/api/cardsReq', customer.cookie, { card: 'debit', accNum: first })),
    creditCard: await created(await call(harness.app, 'POST', '/api/cardsReq', customer.cookie, { card: 'credit', accNum: second })),
    cardToDelete: await created(await call(harness.app, 'POST', '/api/cardsReq', customer.cookie, { card: 'debit', accNum: third })),
    loanToApprove: await loanRequest(customer, first),
    loanToDelete: await loanRequest(customer, second),
    userToDelete: victim.userId,
    userToEnable: returning.userId,
    limitProposalToApprove: await limitProposalMadeBy(customer.userId),
    limitProposalToDecline: await limitProposalMadeBy(customer.userId),
    noticeProposal: await noticeProposalMadeBy(customer.userId),
  };
});

/**
 * A proposal to change a transfer limit, written as if another member of staff had made it (the
 * staff member calling here may not approve their own); which user it names does not matter here.
 */
async function limitProposalMadeBy(userId: string): Promise<string> {
  const result = await harness.database.db.execute<{ id: string }>(sql`
    INSERT INTO transfer_limit_proposal (account_type, per_day_poisha, reason, proposed_by_user_id)
    VALUES ('current', 90000000, 'Role matrix', ${userId}) RETURNING id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('set-up failed: a limit proposal');
  return id;
}
/**
 * A proposed notice whose end has passed, written as if another member of staff had made it
 * yesterday: approving it is refused with 409 (and no code asked for), declining it works.
 */
async function noticeProposalMadeBy(userId: string): Promise<string> {
  const result = await harness.database.db.execute<{ id: string }>(sql`
    INSERT INTO service_notice_proposal (kind, text_en, text_bn, starts_at, ends_at, proposed_by_user_id)
    VALUES ('outage', 'Role matrix', 'ভূমিকা', now() - interval '2 hours', now() - interval '1 hour', ${userId}) RETURNING id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('set-up failed: a notice proposal');
  return id;
}
afterAll(async () => harness.close());

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
/** `stepUp`: staff confirm it with a fresh code from their authenticator app. */
type Endpoint = { method: Method; path: (ids: Ids) => string; body?: (ids: Ids) => Record<string, unknown>; staffStatus: number; listed?: boolean; stepUp?: true };

const endpoints: Record<string, Endpoint> = {
  'GET /api/userAccounts': { method: 'GET', path: () => '/api/userAccounts?status=pending&limit=5&offset=0', staffStatus: 200, listed: true },
  'PUT /api/userStatusUpdate/:id': { method: 'PUT', path: (x) => `/api/userStatusUpdate/${x.accountToApprove}`, body: () => ({}), staffStatus: 200 },
  'DELETE /api/requestedUsersDelete/:id': { method: 'DELETE', path: (x) => `/api/requestedUsersDelete/${x.accountToDelete}`, body: () => ({ reason: 'duplicate_request' }), staffStatus: 200 },
  'GET /api/dashCardReq': { method: 'GET', path: () => '/api/dashCardReq?status=pending', staffStatus: 200, listed: true },
  'PUT /api/dashCardDebit': { method: 'PUT', path: () => '/api/dashCardDebit', body: (x) => ({ id: x.debitCard }), staffStatus: 200 },
  'PUT /api/dashCardCredit': { method: 'PUT', path: () => '/api/dashCardCredit', body: (x) => ({ id: x.creditCard }), staffStatus: 200 },
  'DELETE /api/dashCardDelete': { method: 'DELETE', path: () => '/api/dashCardDelete', body: (x) => ({ id: x.cardToDelete, reason: 'duplicate_request' }), staffStatus: 200 },
  'GET /api/userLoanReq': { method: 'GET', path: () => '/api/userLoanReq?limit=10', staffStatus: 200, listed: true },
  'PUT /api/userLoanUpdate': { method: 'PUT', path: () => '/api/userLoanUpdate', body: (x) => ({ id: x.loanToApprove }), staffStatus: 200 },
  'DELETE /api/userLoanDelete/:id': { method: 'DELETE', path: (x) => `/api/userLoanDelete/${x.loanToDelete}`, body: () => ({ reason: 'income_insufficient' }), staffStatus: 200 },
  'GET /api/dashDepoShow': { method: 'GET', path: () => '/api/dashDepoShow?status=pending', staffStatus: 200, listed: true },
  'PUT /api/userDepositUpdate': { method: 'PUT', path: () => '/api/userDepositUpdate', body: (x) => ({ id: x.depositToApprove }), staffStatus: 200 },
  'DELETE /api/userDepositDelete/:id': { method: 'DELETE', path: (x) => `/api/userDepositDelete/${x.depositToDelete}`, body: () => ({ reason: 'customer_cancelled' }), staffStatus: 200 },
  'GET /api/allUsers': { method: 'GET', path: () => '/api/allUsers?limit=10', staffStatus: 200, listed: true },
  'DELETE /api/allUsers/:id': { method: 'DELETE', path: (x) => `/api/allUsers/${x.userToDelete}`, staffStatus: 200 },
  'POST /api/allUsers/:id/enable': { method: 'POST', path: (x) => `/api/allUsers/${x.userToEnable}/enable`, body: () => ({}), staffStatus: 200 },
  // Nothing waits for approval here: staff get the plain 404 (the approvals themselves are tested in users.test.ts).
  'POST /api/allUsers/:id/approveChange': { method: 'POST', path: (x) => `/api/allUsers/${x.userToDelete}/approveChange`, body: () => ({}), staffStatus: 404 },
  'POST /api/allUsers/:id/cancelChange': { method: 'POST', path: (x) => `/api/allUsers/${x.userToDelete}/cancelChange`, body: () => ({}), staffStatus: 404 },
  'GET /api/staffMembers': { method: 'GET', path: () => '/api/staffMembers', staffStatus: 200 },
  'GET /api/contactMessages': { method: 'GET', path: () => '/api/contactMessages?limit=5', staffStatus: 200, listed: true },
  'GET /api/auditTrail/account/:id': { method: 'GET', path: (x) => `/api/auditTrail/account/${x.activeAccount}`, staffStatus: 200, listed: true },
  'GET /api/serviceNotices': { method: 'GET', path: () => '/api/serviceNotices', staffStatus: 200 },
  // No such notice: staff get the plain 404 (ending one is tested in service-notices.test.ts).
  'POST /api/serviceNotices/:id/end': { method: 'POST', path: () => '/api/serviceNotices/00000000-0000-4000-8000-000000000000/end', body: () => ({}), staffStatus: 404 },
  'GET /api/serviceNoticeProposals': { method: 'GET', path: () => '/api/serviceNoticeProposals?status=pending', staffStatus: 200, listed: true },
  'POST /api/serviceNoticeProposals': {
    method: 'POST',
    path: () => '/api/serviceNoticeProposals',
    body: () => ({ kind: 'maintenance', textEn: 'Card payments pause tonight', textBn: 'আজ রাতে কার্ডে লেনদেন বন্ধ থাকবে', startsAt: '2030-01-01T22:00', endsAt: '2030-01-02T02:00' }),
    staffStatus: 200,
  },
  // Its end has passed: staff get the 409 without being asked for a code (publishing is tested in service-notices.test.ts).
  'PUT /api/serviceNoticeProposals/:id/approve': { method: 'PUT', path: (x) => `/api/serviceNoticeProposals/${x.noticeProposal}/approve`, body: () => ({}), staffStatus: 409 },
  'PUT /api/serviceNoticeProposals/:id/decline': { method: 'PUT', path: (x) => `/api/serviceNoticeProposals/${x.noticeProposal}/decline`, body: () => ({ reason: 'Role matrix' }), staffStatus: 200 },
  'GET /api/interestTerms': { method: 'GET', path: () => '/api/interestTerms', staffStatus: 200 },
  'GET /api/interestTermsProposals': { method: 'GET', path: () => '/api/interestTermsProposals?status=pending', staffStatus: 200, listed: true },
  'POST /api/interestTermsProposals': {
    method: 'POST',
    path: () => '/api/interestTermsProposals',
    body: () => ({ accountType: 'savings', effectiveFrom: '2090-01-01', posting: 'monthly', balanceToEarnMin: '1000', tiers: [{ balanceMin: '0', annualRatePercent: '3' }], reason: 'Role matrix' }),
    staffStatus: 200,
  },
  // No such proposal: staff get the plain 404 without being asked for a code (approving is tested in interest-terms.test.ts).
  'PUT /api/interestTermsProposals/:id/approve': { method: 'PUT', path: () => '/api/interestTermsProposals/00000000-0000-4000-8000-000000000000/approve', body: () => ({}), staffStatus: 404 },
  'PUT /api/interestTermsProposals/:id/decline': {
    method: 'PUT',
    path: () => '/api/interestTermsProposals/00000000-0000-4000-8000-000000000000/decline',
    body: () => ({ reason: 'Role matrix' }),
    staffStatus: 404,
  },
  'GET /api/productRates': { method: 'GET', path: () => '/api/productRates', staffStatus: 200 },
  'GET /api/productRateProposals': { method: 'GET', path: () => '/api/productRateProposals?status=pending', staffStatus: 200, listed: true },
  'POST /api/productRateProposals': {
    method: 'POST',
    path: () => '/api/productRateProposals',
    body: () => ({
      scheme: 'dps',
      effectiveFrom: '2090-01-01',
      terms: [1, 2, 3, 5, 7, 10].map((term) => ({ term, annualRatePercent: '8', prematureRatePercent: '3' })),
      amountMin: 500,
      amountMax: 25_000,
      reason: 'Role matrix',
    }),
    staffStatus: 200,
  },
  // No such proposal: staff get the plain 404 without being asked for a code (approving is tested in product-rates.test.ts).
  'PUT /api/productRateProposals/:id/approve': { method: 'PUT', path: () => '/api/productRateProposals/00000000-0000-4000-8000-000000000000/approve', body: () => ({}), staffStatus: 404 },
  'PUT /api/productRateProposals/:id/decline': {
    method: 'PUT',
    path: () => '/api/productRateProposals/00000000-0000-4000-8000-000000000000/decline',
    body: () => ({ reason: 'Role matrix' }),
    staffStatus: 404,
  },
  'GET /api/transferLimits': { method: 'GET', path: () => '/api/transferLimits', staffStatus: 200 },
  'GET /api/transferLimitProposals': { method: 'GET', path: () => '/api/transferLimitProposals?status=pending', staffStatus: 200, listed: true },
  'POST /api/transferLimitProposals': {
    method: 'POST',
    path: () => '/api/transferLimitProposals',
    body: () => ({ accountType: 'savings', perTransfer: 250_000, reason: 'Role matrix' }),
    staffStatus: 200,
  },
  'PUT /api/transferLimitProposals/:id/approve': { method: 'PUT', path: (x) => `/api/transferLimitProposals/${x.limitProposalToApprove}/approve`, body: () => ({}), staffStatus: 200, stepUp: true },
  'PUT /api/transferLimitProposals/:id/decline': { method: 'PUT', path: (x) => `/api/transferLimitProposals/${x.limitProposalToDecline}/decline`, body: () => ({}), staffStatus: 200 },
  'POST /api/holidays': { method: 'POST', path: () => '/api/holidays', body: () => ({ date: '2030-11-27', nameEn: 'Role matrix', nameBn: 'ভূমিকা', predicted: false }), staffStatus: 200 },
  // Seeded holidays: Victory Day is corrected, the year's last bank holiday removed.
  'PUT /api/holidays/:date': { method: 'PUT', path: () => '/api/holidays/2026-12-16', body: () => ({ nameEn: 'Victory Day', nameBn: 'বিজয় দিবস', predicted: false }), staffStatus: 200 },
  'DELETE /api/holidays/:date': { method: 'DELETE', path: () => '/api/holidays/2026-12-31', staffStatus: 200 },
};

const send = (endpoint: Endpoint, cookie: string | undefined, headers: Record<string, string> = {}) => call(harness.app, endpoint.method, endpoint.path(ids), cookie, endpoint.body?.(ids), headers);

describe('dashboard endpoints by role', () => {
  it.each(Object.keys(endpoints))('%s: 401 signed out, 403 for a customer, served for staff', async (name) => {
    const endpoint = endpoints[name];
    if (!endpoint) throw new Error(`no endpoint ${name}`);

    const signedOut = await send(endpoint, undefined);
    expect(signedOut.statusCode, signedOut.body).toBe(401);
    expect(signedOut.json().error.code).toBe('unauthenticated');

    const asCustomer = await send(endpoint, customer.cookie);
    expect(asCustomer.statusCode, asCustomer.body).toBe(403);
    expect(asCustomer.json().error.code).toBe('staff_only');

    const asStaff = await send(endpoint, staff, endpoint.stepUp ? { 'second-factor-code': await freshTotpCode(staffAuthenticator()) } : {});
    expect([401, 403]).not.toContain(asStaff.statusCode);
    expect(asStaff.statusCode, asStaff.body).toBe(endpoint.staffStatus);
    if (endpoint.listed) {
      expect(Array.isArray(asStaff.json())).toBe(true);
      expect(Number(asStaff.headers['x-total-count'])).toBeGreaterThanOrEqual(asStaff.json().length);
    }
  });

  // Runs after the matrix above, which decided every request once: a declined request stays, so deciding it again is a 409.
  it('answers staff a 4xx, never 401 or 403, for a request that does not exist or was already decided', async () => {
    const missingUuid = '00000000-0000-4000-8000-000000000000';
    const refusals = [
      await call(harness.app, 'PUT', `/api/userStatusUpdate/${ids.accountToApprove}`, staff, {}),
      await call(harness.app, 'DELETE', `/api/requestedUsersDelete/${ids.accountToDelete}`, staff),
      await call(harness.app, 'PUT', '/api/dashCardDebit', staff, { id: ids.debitCard }),
      await call(harness.app, 'DELETE', '/api/dashCardDelete', staff, { id: missingUuid }),
      await call(harness.app, 'PUT', '/api/userLoanUpdate', staff, { id: ids.loanToApprove }),
      await call(harness.app, 'DELETE', `/api/userLoanDelete/${ids.loanToApprove}`, staff),
      await call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: ids.depositToApprove }),
      await call(harness.app, 'DELETE', `/api/userDepositDelete/${missingUuid}`, staff),
      await call(harness.app, 'DELETE', '/api/allUsers/no-such-user', staff),
      await call(harness.app, 'GET', '/api/userAccounts?status=maybe', staff),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual([409, 409, 409, 404, 409, 409, 409, 404, 404, 400]);
  });

  it('lists users by status and pages them with a total', async () => {
    const disabled = await call(harness.app, 'GET', '/api/allUsers?status=disabled', staff);
    expect(disabled.json().map((user: { _id: string }) => user._id)).toEqual([ids.userToDelete]);
    expect(disabled.headers['x-total-count']).toBe('1');
    const active = await call(harness.app, 'GET', '/api/allUsers?status=active&limit=1&offset=1', staff);
    expect(active.headers['x-total-count']).toBe('3');
    expect(active.json()).toHaveLength(1);
    expect((await call(harness.app, 'GET', '/api/allUsers?status=banned', staff)).statusCode).toBe(400);
  });
});
