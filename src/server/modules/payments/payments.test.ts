import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMessageOf } from '../../../clearing-house/protocol/messages';
import { schema } from '../../db/client';
import { AppError } from '../../errors';
import type { SignedInUser } from '../auth/signed-in-user';
import { bankAccountBalance, bankAccounts, bankAccountSlot, bankAccountSlotCount, slottedBankAccounts, verifyLedger } from '../ledger/ledger';
import { depositApproved, openFundedAccount, signedInCustomer, type Customer } from '../../test-support/banking';
import { bdtNumberToPoisha as bdt } from '../../../shared/money';
import { sendTestPayment, wednesdayNoon, wednesdayNoonRules } from '../../test-support/payments';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import type { PaymentCommand } from './payments.service';

let harness: TestApp;
let staff: string;
let nasima: Customer;
let nasimaUser: SignedInUser;
let account: string;

const pay = (change: Partial<PaymentCommand> = {}, user = nasimaUser, rules = wednesdayNoonRules) => sendTestPayment(harness.database.db, { user, accountId: account, change, rules });

/** A bank account's balance, all its slots together. */
const balanceOf = (code: string) => bankAccountBalance(harness.database.db, code);

async function counts() {
  const result = await harness.database.db.execute<{ payments: number; outbox: number; entries: number }>(
    sql`SELECT (SELECT count(*)::int FROM payment) AS payments, (SELECT count(*)::int FROM clearing_outbox) AS outbox, (SELECT count(*)::int FROM journal_entry) AS entries`,
  );
  return result.rows[0];
}

async function refusalOf(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  nasima = await registerCustomer(harness.app, { name: 'Nasima Begum' });
  nasimaUser = signedInCustomer(nasima, 'Nasima Begum');
  account = await openFundedAccount(harness.app, nasima, staff, 1_000_000, { user: 'Nasima Begum' });
  await depositApproved(harness.app, nasima, staff, account, 1_000_000);
});
afterAll(async () => harness.close());

describe('sending a payment to another bank', () => {
  it('takes the amount into the clearing account in the same transaction as the payment and its outbox message', async () => {
    const before = { customer: await balanceOf(account), clearing: await balanceOf(bankAccounts.clearingOutward) };
    const payment = await pay({ purpose: 'November rent' });
    expect(payment).toMatchObject({ status: 'sending', rail: 'NPSB', amountPoisha: bdt(2_500), feePoisha: 0n, vatPoisha: 0n, receiverName: 'Rahim Uddin', arrivesBy: wednesdayNoon });
    expect(await balanceOf(account)).toBe(before.customer - bdt(2_500));
    expect(await balanceOf(bankAccounts.clearingOutward)).toBe(before.clearing + bdt(2_500));

    const [outbox] = await harness.database.db.select().from(schema.clearingOutbox).where(eq(schema.clearingOutbox.paymentId, payment.id));
    const message = parseMessageOf(outbox?.xml ?? '', 'pacs.008');
    expect(message).toMatchObject({
      messageId: payment.messageId,
      endToEndId: payment.endToEndId,
      transactionId: payment.reference,
      rail: 'NPSB',
      amountPoisha: bdt(2_500),
      debtor: { name: 'Nasima Begum', account },
      debtorAgent: 'PADMA',
      creditor: { name: 'Rahim Uddin', account: '1011100012345' },
      creditorAgent: 'DBBL',
      remittanceInformation: 'November rent',
    });
    expect(await verifyLedger(harness.database.db)).toEqual({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });

  it('posts to the slot of the bank’s accounts that the customer’s account is given, which every slot of each exists for', async () => {
    const slots = await harness.database.db.execute<{ code: string }>(sql`SELECT code FROM ledger_account WHERE code LIKE 'bank:%#%' ORDER BY code`);
    expect(slots.rows.map((row) => row.code)).toEqual(
      [...slottedBankAccounts].sort().flatMap((code) => Array.from({ length: bankAccountSlotCount }, (_, slot) => `${code}#${String(slot).padStart(2, '0')}`)),
    );
    const slot = bankAccountSlot(bankAccounts.clearingOutward, account);
    const slotBalance = async () => {
      const [row] = await harness.database.db.select({ balance: schema.ledgerAccount.balancePoisha }).from(schema.ledgerAccount).where(eq(schema.ledgerAccount.code, slot));
      return row?.balance;
    };
    const before = await slotBalance();
    await pay({ amountPoisha: bdt(700) });
    expect(await slotBalance()).toBe((before ?? 0n) + bdt(700));
    // Accounts are spread over the slots, not all in one.
    const spread = new Set(Array.from({ length: 64 }, (_, index) => bankAccountSlot(bankAccounts.settlement, `${1_000_000_000 + index}`)));
    expect(spread.size).toBeGreaterThan(bankAccountSlotCount / 2);
  });

  it('charges a wallet payment 1 BDT per 1,000 BDT and its VAT, into fee income and VAT payable', async () => {
    const before = { customer: await balanceOf(account), fees: await balanceOf(bankAccounts.feeIncome), vat: await balanceOf(bankAccounts.vatPayable) };
    const payment = await pay({ receiverParticipant: 'BKASH', receiverAccount: '01711000001', amountPoisha: bdt(10_000) });
    expect(payment).toMatchObject({ rail: 'NPSB', feePoisha: bdt(10), vatPoisha: bdt(1.5) });
    expect(await balanceOf(account)).toBe(before.customer - bdt(10_011.5));
    expect(await balanceOf(bankAccounts.feeIncome)).toBe(before.fees + bdt(10));
    expect(await balanceOf(bankAccounts.vatPayable)).toBe(before.vat + bdt(1.5));
  });

  it('goes over RTGS above NPSB’s limit, and over the rail the customer chose where it is open', async () => {
    expect(await pay({ amountPoisha: bdt(400_000) })).toMatchObject({ rail: 'RTGS', feePoisha: bdt(100), vatPoisha: bdt(15), arrivesBy: new Date('2026-11-25T17:00:00+06:00') });
    expect(await pay({ amountPoisha: bdt(3_000), rail: 'BEFTN' })).toMatchObject({ rail: 'BEFTN', arrivesBy: new Date('2026-11-25T15:00:00+06:00') });
  });

  it('refuses, writing nothing, a receiver not confirmed, a closed rail, more than the account holds, or another customer’s account', async () => {
    const before = await counts();
    expect((await refusalOf(pay({ confirmedReceiverName: 'SA*** AK***' }))).code).toBe('receiver_mismatch');
    expect(await refusalOf(pay({ amountPoisha: bdt(50_000), rail: 'RTGS' }))).toMatchObject({ code: 'rail_closed', fields: { rail: 'RTGS takes payments of 1,00,000 BDT or more' } });
    const friday = { ...wednesdayNoonRules, at: new Date('2026-11-27T12:00:00+06:00') };
    expect((await refusalOf(pay({ amountPoisha: bdt(400_000), rail: 'RTGS' }, nasimaUser, friday))).code).toBe('rail_closed');
    expect(await refusalOf(pay({ amountPoisha: bdt(3_000_000), rail: 'BEFTN' }))).toMatchObject({ code: 'insufficient_funds' });
    const other = await registerCustomer(harness.app, { name: 'Jahid Hossain' });
    expect((await refusalOf(pay({}, signedInCustomer(other, 'Jahid Hossain')))).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('pays a bank without name enquiry under the typed name only, never under a looked-up or missing one, and only over its rails', async () => {
    const toBkb = { receiverParticipant: 'BKB', receiverAccount: '0300100012345', confirmedReceiverName: undefined, amountPoisha: bdt(3_000) };
    const typed = (name: string, change: Partial<PaymentCommand> = {}) =>
      sendTestPayment(harness.database.db, { user: nasimaUser, accountId: account, change: { ...toBkb, typedReceiverName: name, ...change }, receiver: { typedName: name } });
    const before = await counts();
    expect(await refusalOf(typed(''))).toMatchObject({ statusCode: 400, fields: { typedReceiverName: expect.stringContaining('Receiver’s name is required') } });
    // A looked-up holder does not stand in for the typed name at such a bank, nor a typed name for the look-up at an NPSB bank.
    expect(
      await refusalOf(sendTestPayment(harness.database.db, { user: nasimaUser, accountId: account, change: { ...toBkb, typedReceiverName: 'Abul Kashem' }, receiver: { holderName: 'Abul Kashem' } })),
    ).toMatchObject({
      statusCode: 400,
    });
    expect(
      (await refusalOf(sendTestPayment(harness.database.db, { user: nasimaUser, accountId: account, change: { typedReceiverName: 'Rahim Uddin' }, receiver: { typedName: 'Rahim Uddin' } }))).code,
    ).toBe('receiver_mismatch');
    expect(await refusalOf(typed('Abul Kashem', { rail: 'NPSB' }))).toMatchObject({ code: 'rail_closed', fields: { rail: expect.any(String) } });
    expect(await counts()).toEqual(before);
    expect(await typed('Abul Kashem')).toMatchObject({ rail: 'BEFTN', receiverParticipant: 'BKB', receiverName: 'Abul Kashem' });
  });

  it('holds the 10,00,000 BDT NPSB day limit across the customer’s payments sent at once', async () => {
    const second = await openFundedAccount(harness.app, nasima, staff, 1_000_000, { user: 'Nasima Begum', role: 'Current' });
    const saturday = { ...wednesdayNoonRules, at: new Date('2026-11-28T10:00:00+06:00') };
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) => pay({ accountId: index % 2 === 0 ? account : second, amountPoisha: bdt(150_000), rail: 'NPSB' }, nasimaUser, saturday)),
    );
    const sent = attempts.filter((attempt) => attempt.status === 'fulfilled');
    expect(sent).toHaveLength(6);
    for (const attempt of attempts) if (attempt.status === 'rejected') expect(attempt.reason).toMatchObject({ code: 'rail_closed', fields: { rail: expect.stringContaining('10,00,000 BDT') } });
    expect(await verifyLedger(harness.database.db)).toEqual({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });
});
