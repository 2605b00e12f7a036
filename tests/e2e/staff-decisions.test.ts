import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/server/modules/ledger/ledger';
import { call, openFundedAccount, requestAccount, type Customer } from '../../src/server/test-support/banking';
import { multipartImage, onePixelPng, registerCustomer, signInStaff, type TestApp } from '../../src/server/test-support/test-app';
import { startBrowserHarness, type BrowserHarness } from '../support/browser-harness';
import { contextWithSession, expectOneOperation, focusedText, loseFirstAnswer, pressSend, tapModes, watchRequests, type TapMode } from '../support/safe-actions';

/**
 * Every staff decision (approve, decline, disable), sent the ways that could send it twice: a
 * double click, a double Enter and a first answer lost on the way back. Each must reach the
 * server as one decision (one Idempotency-Key) and be taken exactly once. The double click and
 * the double Enter test the confirm dialog, which every decision shares: they are tried on a plain
 * approval and on a decline that asks for a reason. A lost answer tests each endpoint's own
 * handling of a repeated key: it is tried on every decision.
 */
let harness: TestApp;
let browser: Browser;
let baseUrl: string;
let started: BrowserHarness | undefined;
let staff: string;
let customer: Customer;
let context: BrowserContext;

beforeAll(async () => {
  // One customer opens an account for each case: more than the hour's allowance of account requests a customer has.
  started = await startBrowserHarness({ rateLimitMultiplier: 5 });
  ({ harness, browser, baseUrl } = started);
  staff = await signInStaff(harness.app);
  customer = await registerCustomer(harness.app, { name: 'Sharmin Sultana' });
  context = await contextWithSession(browser, baseUrl, staff);
});

afterAll(async () => {
  await context?.close();
  await started?.close();
});

async function decisionsOn(subjectId: string): Promise<number> {
  const result = await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM audit_event WHERE subject_id = ${subjectId}`);
  return Number(result.rows[0]?.count);
}

const activeAccount = () => openFundedAccount(harness.app, customer, staff, 0, { user: 'Sharmin Sultana' });

async function insertedId(response: Awaited<ReturnType<typeof call>>): Promise<string> {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { insertedId: string }).insertedId;
}

async function pendingLoan(): Promise<string> {
  const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
  const upload = await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: customer.cookie, origin: baseUrl } });
  const passport = (upload.json() as { data: { url: string } }).data.url;
  const body = { loan: 'car', accNum: await activeAccount(), income: 90000, company: 'Rupsha Motors', lAmount: 50000, lDuration: '18', document: passport, documentKind: 'salary-certificate' };
  return insertedId(await call(harness.app, 'POST', '/api/loanReq', customer.cookie, body));
}

type Subject = { id: string; row: string; path: string };

type Decision = {
  name: string;
  method: 'PUT' | 'DELETE';
  page: string;
  /** Creates what is decided on, through the API. */
  prepare: () => Promise<Subject>;
  /** The row's button that opens the confirm dialog. */
  opener: (row: Locator) => Locator;
  confirmLabel: string;
  /** A decline of a waiting request: the dialog asks for a reason from the list first. */
  asksReason?: true;
};

const approveButton = (row: Locator) => row.getByRole('button', { name: 'Approve', exact: true });
const declineButton = (row: Locator) => row.getByRole('button', { name: 'Decline', exact: true });
const disableButton = (row: Locator) => row.getByRole('button', { name: 'Disable', exact: true });

const decisions: Decision[] = [
  {
    name: 'approving an account',
    method: 'PUT',
    page: '/dashboard?status=pending',
    prepare: async () => {
      const id = await requestAccount(harness.app, customer, { user: 'Sharmin Sultana' });
      return { id, row: `account-${id}`, path: `/api/userStatusUpdate/${id}` };
    },
    opener: approveButton,
    confirmLabel: 'Approve account',
  },
  {
    name: 'declining an account request',
    method: 'DELETE',
    page: '/dashboard?status=pending',
    prepare: async () => {
      const id = await requestAccount(harness.app, customer, { user: 'Sharmin Sultana' });
      return { id, row: `account-${id}`, path: `/api/requestedUsersDelete/${id}` };
    },
    opener: declineButton,
    confirmLabel: 'Decline request',
    asksReason: true,
  },
  {
    name: 'crediting a deposit',
    method: 'PUT',
    page: '/dashboard/depositRequest?status=pending',
    prepare: async () => {
      const id = await insertedId(await call(harness.app, 'PUT', '/api/depositReq', customer.cookie, { accNum: await activeAccount(), depositAmount: 1500 }));
      return { id, row: `deposit-${id}`, path: '/api/userDepositUpdate' };
    },
    opener: approveButton,
    confirmLabel: 'Credit deposit',
  },
  {
    name: 'declining a deposit request',
    method: 'DELETE',
    page: '/dashboard/depositRequest?status=pending',
    prepare: async () => {
      const id = await insertedId(await call(harness.app, 'PUT', '/api/depositReq', customer.cookie, { accNum: await activeAccount(), depositAmount: 90 }));
      return { id, row: `deposit-${id}`, path: `/api/userDepositDelete/${id}` };
    },
    opener: declineButton,
    confirmLabel: 'Decline request',
    asksReason: true,
  },
  {
    name: 'issuing a card',
    method: 'PUT',
    page: '/dashboard/cardRequest?status=pending',
    prepare: async () => {
      const id = await insertedId(await call(harness.app, 'POST', '/api/cardsReq', customer.cookie, { card: 'debit', accNum: await activeAccount() }));
      return { id, row: `card-${id}`, path: '/api/dashCardDebit' };
    },
    opener: approveButton,
    confirmLabel: 'Issue card',
  },
  {
    name: 'declining a card request',
    method: 'DELETE',
    page: '/dashboard/cardRequest?status=pending',
    prepare: async () => {
      const id = await insertedId(await call(harness.app, 'POST', '/api/cardsReq', customer.cookie, { card: 'credit', accNum: await activeAccount() }));
      return { id, row: `card-${id}`, path: '/api/dashCardDelete' };
    },
    opener: declineButton,
    confirmLabel: 'Decline request',
    asksReason: true,
  },
  {
    name: 'approving a loan',
    method: 'PUT',
    page: '/dashboard/loanRequest?status=pending',
    prepare: async () => {
      const id = await pendingLoan();
      return { id, row: `loan-${id}`, path: '/api/userLoanUpdate' };
    },
    opener: approveButton,
    confirmLabel: 'Approve and pay out',
  },
  {
    name: 'declining a loan request',
    method: 'DELETE',
    page: '/dashboard/loanRequest?status=pending',
    prepare: async () => {
      const id = await pendingLoan();
      return { id, row: `loan-${id}`, path: `/api/userLoanDelete/${id}` };
    },
    opener: declineButton,
    confirmLabel: 'Decline request',
    asksReason: true,
  },
  {
    name: 'disabling a user',
    method: 'DELETE',
    page: '/dashboard/allUsers?status=active',
    prepare: async () => {
      const leaver = await registerCustomer(harness.app, { name: 'Kamal Uddin' });
      return { id: leaver.userId, row: `user-${leaver.email}`, path: `/api/allUsers/${leaver.userId}` };
    },
    opener: disableButton,
    confirmLabel: 'Disable user',
  },
];

async function openDecision(page: Page, decision: Decision): Promise<{ subject: Subject; dialog: Locator; confirm: Locator }> {
  const subject = await decision.prepare();
  await page.goto(`${baseUrl}${decision.page}`);
  await decision.opener(page.getByTestId(subject.row)).click();
  const dialog = page.getByRole('dialog');
  if (decision.asksReason) await dialog.getByLabel('Reason').selectOption('duplicate_request');
  return { subject, dialog, confirm: dialog.getByRole('button', { name: decision.confirmLabel }) };
}

/** The decisions every tap mode is tried on: the others are sent with a lost answer. */
const everyModeOn = new Set(['approving an account', 'declining a loan request']);

describe.each(decisions)('$name', (decision) => {
  it.each(everyModeOn.has(decision.name) ? tapModes : (['lost answer'] as const))('is taken once on a %s', async (mode: TapMode) => {
    const page = await context.newPage();
    const { subject, dialog, confirm } = await openDecision(page, decision);
    await confirm.waitFor();
    const seen = watchRequests(page, decision.method, subject.path);
    if (mode === 'lost answer') await loseFirstAnswer(page, subject.path);

    await pressSend(page, confirm, mode);

    // Twenty seconds: with the whole suite on two cores a decision can be slow. On a slow machine
    // a second Enter may land after the decision closed the dialog, on the row's button that
    // opened it, and open a new confirm step: harmless, it decides nothing until confirmed.
    await expect.poll(() => decisionsOn(subject.id), { timeout: 20_000 }).toBe(1);
    if (mode !== 'double Enter') await expect.poll(() => dialog.isVisible()).toBe(false);
    expectOneOperation(seen, mode);
    expect(await decisionsOn(subject.id)).toBe(1);
    await page.close();
  });
});

describe('the confirm dialog', () => {
  it('starts on Cancel, closes on Escape without deciding, and gives focus back to the row’s button', async () => {
    const page = await context.newPage();
    const decision = decisions[0]!;
    const { subject, dialog, confirm } = await openDecision(page, decision);
    const seen = watchRequests(page, decision.method, subject.path);
    await confirm.waitFor();
    expect(await focusedText(page)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await focusedText(page)).toBe('Approve');
    expect(seen.keys).toHaveLength(0);
    expect(await decisionsOn(subject.id)).toBe(0);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0 });
    await page.close();
  });
});
