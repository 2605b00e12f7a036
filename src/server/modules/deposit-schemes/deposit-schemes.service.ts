import { sql } from 'drizzle-orm';
import {
  dpsFirstMonth,
  dpsInstalmentAllowed,
  dpsMaturity,
  dpsPayout,
  dpsSchedule,
  type DpsInstalmentBounds,
  type DpsPaidInstalment,
  type DpsPayout,
  type DpsPlan,
  isDpsTerm,
} from '../../../shared/interest/savings-scheme';
import type { DpsAnswer, DpsDetailAnswer, DpsInstalmentState, DpsListEntry, DpsPayoutAnswer, DpsQuoteAnswer, DpsStatus } from '../../../shared/schemas/deposit-schemes';
import type { ListSearch } from '../../../shared/schemas/fields';
import type { Executor, Transaction } from '../../db/client';
import type { Page } from '../../lib/paged-list';
import { AppError, assertInvariant, notFound } from '../../errors';
import type { SignedInUser } from '../auth/signed-in-user';
import { type LockedAccount, lockAccounts, lockedBalancesOf } from '../accounts/accounts.repository';
import { requireOwnActiveAccount } from '../accounts/accounts.service';
import { bankAccounts, type Posting, postJournalEntry } from '../ledger/ledger';
import { formatBdt } from '../../../shared/money';
import { hasTinOf, openingBusinessDate } from '../fixed-deposits/fixed-deposits.service';

export type DpsProduct = DpsInstalmentBounds & { termYears: number; effectiveFrom: string; annualRateBasisPoints: bigint; earlyRateBasisPoints: bigint };

/** Each term's row in force on `day`: the latest that took effect on or before it. */
export async function dpsProductsInForce(executor: Executor, day: string): Promise<DpsProduct[]> {
  const result = await executor.execute<{
    term_years: number;
    effective_from: string;
    annual_rate_basis_points: number;
    early_rate_basis_points: number;
    instalment_poisha_min: string;
    instalment_poisha_max: string;
  }>(sql`
    SELECT DISTINCT ON (term_years) term_years, effective_from::text AS effective_from, annual_rate_basis_points, early_rate_basis_points,
      instalment_poisha_min::text AS instalment_poisha_min, instalment_poisha_max::text AS instalment_poisha_max
    FROM dps_product WHERE effective_from <= ${day}::date ORDER BY term_years, effective_from DESC`);
  return result.rows.map((row) => ({
    termYears: Number(row.term_years),
    effectiveFrom: row.effective_from,
    annualRateBasisPoints: BigInt(row.annual_rate_basis_points),
    earlyRateBasisPoints: BigInt(row.early_rate_basis_points),
    instalmentPoishaMin: BigInt(row.instalment_poisha_min),
    instalmentPoishaMax: BigInt(row.instalment_poisha_max),
  }));
}

async function productFor(executor: Executor, termYears: number, day: string): Promise<DpsProduct> {
  const product = (await dpsProductsInForce(executor, day)).find((row) => row.termYears === termYears);
  if (!product || !isDpsTerm(termYears)) {
    const message = `No DPS of ${termYears} years is offered today`;
    throw new AppError(400, 'invalid_input', message, { termYears: message });
  }
  return product;
}

export const dpsPayoutAnswer = (payout: DpsPayout): DpsPayoutAnswer => ({
  payoutDay: payout.payoutDay,
  depositedPoisha: payout.depositedPoisha.toString(),
  interestPoisha: payout.interestPoisha.toString(),
  taxPercent: Number(payout.ratePercent),
  taxPoisha: payout.taxPoisha.toString(),
  paidPoisha: payout.paidPoisha.toString(),
});

export type DpsQuoteCommand = { accountId: string; instalment: bigint; termYears: number; dayOfMonth: number };
export type DpsOpenCommand = DpsQuoteCommand & { nomineeName: string; nomineeId: string; nomineeRelation: string };

/**
 * The rules of an opening against the account as it stands: the customer's own active account,
 * a term offered, an instalment within the bounds of the product in force, and the first
 * instalment, taken at opening, no more than the balance. The quote and the opening both decide
 * here, so what is quoted is what opens.
 */
function decideOpening(account: LockedAccount, userId: string, product: DpsProduct, command: DpsQuoteCommand, day: string): DpsPlan {
  requireOwnActiveAccount(new Map([[account.id, account]]), command.accountId, userId, 'accountId');
  if (!dpsInstalmentAllowed(command.instalment, product)) {
    const message = `The instalment must be ${formatBdt(product.instalmentPoishaMin)} to ${formatBdt(product.instalmentPoishaMax)} for this DPS`;
    throw new AppError(400, 'invalid_input', message, { instalment: message });
  }
  if (command.instalment > BigInt(account.balance_poisha)) {
    const message = 'Your account does not hold the first instalment';
    throw new AppError(400, 'insufficient_funds', message, { instalment: message });
  }
  return {
    instalmentPoisha: command.instalment,
    years: command.termYears,
    firstMonth: dpsFirstMonth(day, command.dayOfMonth),
    dayOfMonth: command.dayOfMonth,
    annualRateBasisPoints: product.annualRateBasisPoints,
  };
}

async function readOwnAccount(executor: Executor, accountId: string, userId: string): Promise<LockedAccount> {
  const result = await executor.execute<LockedAccount>(sql`
    SELECT b.id, b.owner_user_id, b.account_type, b.status, b.holder_name, l.balance_poisha::text AS balance_poisha
    FROM bank_account b JOIN ledger_account l ON l.code = b.id WHERE b.id = ${accountId}`);
  const account = result.rows[0];
  if (!account || account.owner_user_id !== userId) throw notFound('Account');
  return account;
}

/** The payout of a plan paid in full on time: the same figure `dpsMaturity` gives, in the payout's shape. */
function fullTermPayout(plan: DpsPlan, hasTin: boolean): DpsPayout {
  const maturity = dpsMaturity(plan, hasTin);
  return { ...maturity, payoutDay: maturity.maturityDay, valuePoisha: maturity.maturityValuePoisha };
}

/** What opening this DPS today would fix: the rate, every instalment's day, the maturity day and what it pays then if every instalment is paid on time. Writes nothing. */
export async function quoteDps(executor: Executor, user: SignedInUser, command: DpsQuoteCommand): Promise<DpsQuoteAnswer> {
  const day = await openingBusinessDate(executor);
  const account = await readOwnAccount(executor, command.accountId, user.id);
  const product = await productFor(executor, command.termYears, day);
  const plan = decideOpening(account, user.id, product, command, day);
  const hasTin = await hasTinOf(executor, user.id);
  const maturity = fullTermPayout(plan, hasTin);
  return {
    accountId: account.id,
    instalmentPoisha: plan.instalmentPoisha.toString(),
    termYears: plan.years,
    dayOfMonth: plan.dayOfMonth,
    annualRateBasisPoints: Number(product.annualRateBasisPoints),
    earlyRateBasisPoints: Number(product.earlyRateBasisPoints),
    openingDay: day,
    maturityDay: maturity.payoutDay,
    hasTin,
    schedule: dpsSchedule(plan),
    maturity: dpsPayoutAnswer(maturity),
  };
}

export type DpsRow = {
  id: string;
  owner_user_id: string;
  account_id: string;
  holder_name: string;
  instalment_poisha: string;
  term_years: number;
  day_of_month: number;
  annual_rate_basis_points: number;
  early_rate_basis_points: number;
  opening_day: string;
  first_month: string;
  maturity_day: string;
  nominee_name: string;
  nominee_relation: string;
  status: DpsStatus;
  missed_count: number;
  reference: string;
  closed_day: string | null;
  interest_poisha: string | null;
  tax_poisha: string | null;
  paid_poisha: string | null;
};

export const dpsColumns = sql.raw(`id, owner_user_id, account_id, holder_name, instalment_poisha::text AS instalment_poisha, term_years, day_of_month,
  annual_rate_basis_points, early_rate_basis_points, opening_day::text AS opening_day, first_month, maturity_day::text AS maturity_day, nominee_name,
  nominee_relation, status, missed_count, reference, closed_day::text AS closed_day, interest_poisha::text AS interest_poisha, tax_poisha::text AS tax_poisha,
  paid_poisha::text AS paid_poisha`);

export function planOfRow(row: DpsRow): DpsPlan {
  return {
    instalmentPoisha: BigInt(row.instalment_poisha),
    years: Number(row.term_years),
    firstMonth: row.first_month,
    dayOfMonth: Number(row.day_of_month),
    annualRateBasisPoints: BigInt(row.annual_rate_basis_points),
  };
}

export function dpsAnswerOf(row: DpsRow, hasTin: boolean): DpsAnswer {
  return {
    id: row.id,
    accountId: row.account_id,
    holderName: row.holder_name,
    instalmentPoisha: row.instalment_poisha,
    termYears: Number(row.term_years),
    dayOfMonth: Number(row.day_of_month),
    annualRateBasisPoints: Number(row.annual_rate_basis_points),
    earlyRateBasisPoints: Number(row.early_rate_basis_points),
    openingDay: row.opening_day,
    maturityDay: row.maturity_day,
    nomineeName: row.nominee_name,
    nomineeRelation: row.nominee_relation,
    status: row.status,
    missedCount: Number(row.missed_count),
    reference: row.reference,
    maturity: dpsPayoutAnswer(fullTermPayout(planOfRow(row), hasTin)),
    closedDay: row.closed_day,
    interestPoisha: row.interest_poisha,
    taxPoisha: row.tax_poisha,
    paidPoisha: row.paid_poisha,
  };
}

/**
 * Opens a DPS in the caller's transaction: the account is locked and its balance read under the
 * lock; the first instalment moves in one journal entry from the account to the bank's DPS
 * liability, and every instalment's row is written with its due day (the first one paid).
 */
export async function openDps(tx: Transaction, user: SignedInUser, command: DpsOpenCommand): Promise<{ scheme: DpsAnswer; accountBalancePoisha: string }> {
  const day = await openingBusinessDate(tx);
  const locked = await lockAccounts(tx, [command.accountId]);
  const account = locked.get(command.accountId);
  if (!account || account.owner_user_id !== user.id) throw notFound('Account');
  const product = await productFor(tx, command.termYears, day);
  const plan = decideOpening(account, user.id, product, command, day);
  const schedule = dpsSchedule(plan);
  const entry = await postJournalEntry(
    tx,
    {
      movement: { kind: 'dps_instalment', amountPoisha: plan.instalmentPoisha.toString(), instalment: '1' },
      createdByUserId: user.id,
      postings: [
        { accountCode: account.id, amountPoisha: -plan.instalmentPoisha },
        { accountCode: bankAccounts.dpsDeposits, amountPoisha: plan.instalmentPoisha },
      ],
    },
    lockedBalancesOf(locked.values()),
  );
  const inserted = await tx.execute<DpsRow>(sql`
    INSERT INTO dps_scheme (owner_user_id, account_id, holder_name, instalment_poisha, term_years, day_of_month, annual_rate_basis_points, early_rate_basis_points,
      opening_day, first_month, maturity_day, nominee_name, nominee_id, nominee_relation, reference)
    VALUES (${user.id}, ${account.id}, ${account.holder_name}, ${plan.instalmentPoisha.toString()}, ${plan.years}, ${plan.dayOfMonth}, ${Number(product.annualRateBasisPoints)},
      ${Number(product.earlyRateBasisPoints)}, ${day}, ${plan.firstMonth}, ${fullTermPayout(plan, false).payoutDay}, ${command.nomineeName}, ${command.nomineeId},
      ${command.nomineeRelation}, ${entry.reference})
    RETURNING ${dpsColumns}`);
  const row = inserted.rows[0];
  assertInvariant(row, 'the scheme is written');
  // The first instalment is taken today, ahead of (or on) its due day; the others wait for the day close.
  await tx.execute(sql`
    INSERT INTO dps_instalment (scheme_id, number, due_day, status, paid_day, reference)
    SELECT ${row.id}::uuid, s.number, s.due_day::date, CASE WHEN s.number = 1 THEN 'paid' ELSE 'due' END,
      CASE WHEN s.number = 1 THEN ${day}::date END, CASE WHEN s.number = 1 THEN ${entry.reference} END
    FROM unnest(${`{${schedule.join(',')}}`}::text[]) WITH ORDINALITY AS s(due_day, number)`);
  return { scheme: dpsAnswerOf(row, await hasTinOf(tx, user.id)), accountBalancePoisha: (entry.balancesAfter.get(account.id) ?? 0n).toString() };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The customer's own scheme, locked when asked; anyone else's id, or one that is no id at all, is a 404 like a missing one. */
export async function findOwnDps(executor: Executor, user: SignedInUser, id: string, lock = false): Promise<DpsRow> {
  if (!uuidPattern.test(id)) throw notFound('DPS');
  const result = await executor.execute<DpsRow>(sql`SELECT ${dpsColumns} FROM dps_scheme WHERE id = ${id}::uuid AND owner_user_id = ${user.id} ${lock ? sql`FOR UPDATE` : sql``}`);
  const row = result.rows[0];
  if (!row) throw notFound('DPS');
  return row;
}

type DpsProgressRow = DpsRow & { paid_count: number; instalment_count: number; next_due_day: string | null };

/**
 * The scheme's columns with its progress (instalments paid of all, the next one due), read in the
 * same statement as the scheme so that a count never disagrees with its status. The customer's
 * list and the staff's page both read it.
 */
const dpsWithProgress = sql`
  SELECT ${dpsColumns}, progress.paid_count, progress.instalment_count, progress.next_due_day
  FROM dps_scheme
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE i.status = 'paid')::int AS paid_count, count(*)::int AS instalment_count,
      (min(i.due_day) FILTER (WHERE i.status = 'due'))::text AS next_due_day
    FROM dps_instalment i WHERE i.scheme_id = dps_scheme.id) AS progress`;

export function dpsListEntryOf(row: DpsProgressRow, hasTin: boolean): DpsListEntry {
  return { ...dpsAnswerOf(row, hasTin), paidCount: Number(row.paid_count), instalmentCount: Number(row.instalment_count), nextDueDay: row.next_due_day };
}

export async function listOwnDps(executor: Executor, user: SignedInUser): Promise<DpsListEntry[]> {
  const result = await executor.execute<DpsProgressRow>(sql`${dpsWithProgress} WHERE owner_user_id = ${user.id} ORDER BY created_at DESC, id LIMIT 200`);
  const hasTin = await hasTinOf(executor, user.id);
  return withDefaultedMaturities(
    executor,
    result.rows.map((row) => dpsListEntryOf(row, hasTin)),
    hasTin,
  );
}

/**
 * A defaulted scheme pays on its maturity day only the instalments it took, at the early-closure
 * rate, as the day close's maturity step does: the full-term figure every answer carries would
 * promise what will never be paid. Its paid instalments are read for the defaulted ones only.
 */
export async function withDefaultedMaturities<Answer extends DpsAnswer>(executor: Executor, answers: Answer[], hasTin: boolean): Promise<Answer[]> {
  const defaulted = answers.filter((answer) => answer.status === 'defaulted');
  if (defaulted.length === 0) return answers;
  const ids = sql.join(
    defaulted.map((answer) => sql`${answer.id}::uuid`),
    sql`, `,
  );
  const paid = await executor.execute<{ scheme_id: string; status: 'paid'; due_day: string; paid_day: string }>(sql`
    SELECT scheme_id, status, due_day::text AS due_day, paid_day::text AS paid_day FROM dps_instalment WHERE scheme_id IN (${ids}) AND status = 'paid' ORDER BY scheme_id, number`);
  return answers.map((answer) => {
    if (answer.status !== 'defaulted') return answer;
    const taken = paidInstalmentsOf(
      { instalment_poisha: answer.instalmentPoisha },
      paid.rows.filter((row) => row.scheme_id === answer.id),
    );
    return { ...answer, maturity: dpsPayoutAnswer(dpsPayout(taken, answer.maturityDay, BigInt(answer.earlyRateBasisPoints), hasTin)) };
  });
}

type InstalmentRow = { number: number; due_day: string; status: 'due' | 'paid' | 'missed' | 'stopped'; paid_day: string | null };

async function instalmentsOf(executor: Executor, schemeId: string): Promise<InstalmentRow[]> {
  const result = await executor.execute<InstalmentRow>(sql`
    SELECT number, due_day::text AS due_day, status, paid_day::text AS paid_day FROM dps_instalment WHERE scheme_id = ${schemeId}::uuid ORDER BY number`);
  return result.rows;
}

/** An unpaid instalment past its due day is still being tried (`retrying`) until the day close marks it missed. */
function stateOf(row: InstalmentRow, today: string): DpsInstalmentState {
  if (row.status !== 'due') return row.status;
  return row.due_day < today ? 'retrying' : 'due';
}

export async function dpsDetail(executor: Executor, user: SignedInUser, id: string): Promise<DpsDetailAnswer> {
  const row = await findOwnDps(executor, user, id);
  const today = await openingBusinessDate(executor);
  const instalments = await instalmentsOf(executor, row.id);
  const hasTin = await hasTinOf(executor, user.id);
  const [answer] = await withDefaultedMaturities(executor, [dpsAnswerOf(row, hasTin)], hasTin);
  return {
    ...(answer ?? dpsAnswerOf(row, hasTin)),
    instalments: instalments.map((instalment) => ({ number: Number(instalment.number), dueDay: instalment.due_day, state: stateOf(instalment, today), paidDay: instalment.paid_day })),
  };
}

export const paidInstalmentsOf = (row: Pick<DpsRow, 'instalment_poisha'>, instalments: ReadonlyArray<Pick<InstalmentRow, 'status' | 'due_day' | 'paid_day'>>): DpsPaidInstalment[] =>
  instalments
    .filter((instalment) => instalment.status === 'paid' && instalment.paid_day)
    .map((instalment) => ({ amountPoisha: BigInt(row.instalment_poisha), dueDay: instalment.due_day, paidDay: instalment.paid_day ?? instalment.due_day }));

/** Postings that pay a DPS out to `accountId`: its instalments from the DPS liability, the interest from interest expense, the tax withheld to the revenue. */
export function dpsPayoutPostings(payout: DpsPayout, accountId: string): Posting[] {
  const postings: Posting[] = [
    { accountCode: bankAccounts.dpsDeposits, amountPoisha: -payout.depositedPoisha },
    { accountCode: bankAccounts.interestExpense, amountPoisha: -payout.interestPoisha },
    { accountCode: bankAccounts.sourceTaxPayable, amountPoisha: payout.taxPoisha },
    { accountCode: accountId, amountPoisha: payout.paidPoisha },
  ];
  return postings.filter((posting) => posting.amountPoisha !== 0n);
}

const notOpen = () => new AppError(409, 'dps_closed', 'This DPS has already matured or been closed');

/** What closing the scheme today pays at the reduced rate, what its own rate would pay on the same instalments, and the difference. */
export async function earlyClosureQuote(executor: Executor, user: SignedInUser, id: string, lock = false) {
  const row = await findOwnDps(executor, user, id, lock);
  const day = await openingBusinessDate(executor);
  if (row.status !== 'active' && row.status !== 'defaulted') throw notOpen();
  if (day >= row.maturity_day) throw new AppError(409, 'dps_maturing', 'This DPS matures today: it is paid at the day close');
  const hasTin = await hasTinOf(executor, user.id);
  const paid = paidInstalmentsOf(row, await instalmentsOf(executor, row.id));
  const closure = dpsPayout(paid, day, BigInt(row.early_rate_basis_points), hasTin);
  const atSchemeRate = dpsPayout(paid, day, BigInt(row.annual_rate_basis_points), hasTin);
  return {
    row,
    closure,
    answer: { id: row.id, closure: dpsPayoutAnswer(closure), atSchemeRate: dpsPayoutAnswer(atSchemeRate), forgonePoisha: (atSchemeRate.paidPoisha - closure.paidPoisha).toString() },
  };
}

/** Closes the scheme today at the reduced rate, crediting its account in one journal entry; the instalments not yet taken are never taken. */
export async function closeDpsEarly(tx: Transaction, user: SignedInUser, id: string) {
  const { row, closure, answer } = await earlyClosureQuote(tx, user, id, true);
  const entry = await postJournalEntry(tx, {
    movement: { kind: 'dps_payout', amountPoisha: closure.paidPoisha.toString(), interestPoisha: closure.interestPoisha.toString(), taxPoisha: closure.taxPoisha.toString(), why: 'early-closure' },
    referenceId: row.id,
    createdByUserId: user.id,
    postings: dpsPayoutPostings(closure, row.account_id),
  });
  await tx.execute(sql`
    UPDATE dps_scheme SET status = 'closed', closed_day = ${closure.payoutDay}, interest_poisha = ${closure.interestPoisha.toString()},
      tax_poisha = ${closure.taxPoisha.toString()}, paid_poisha = ${closure.paidPoisha.toString()}
    WHERE id = ${row.id}::uuid`);
  await tx.execute(sql`UPDATE dps_instalment SET status = 'stopped' WHERE scheme_id = ${row.id}::uuid AND status = 'due'`);
  return { ...answer, reference: entry.reference, accountBalancePoisha: (entry.balancesAfter.get(row.account_id) ?? 0n).toString() };
}

/** A page of every customer's schemes for staff, newest first, filtered by status and searched as the FDR list is. */
export async function pageOfDps(executor: Executor, filter: { status: DpsStatus | undefined; q: ListSearch | undefined; limit: number; offset: number }): Promise<Page<DpsProgressRow>> {
  const conditions = [sql`true`];
  if (filter.status) conditions.push(sql`status = ${filter.status}`);
  const { q } = filter;
  if (q?.kind === 'digits') conditions.push(sql`account_id LIKE ${`%${q.digits}%`}`);
  const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  if (q?.kind === 'reference') conditions.push(sql`(reference = ${q.reference} OR lower(holder_name) LIKE ${containing(q.text)})`);
  if (q?.kind === 'text') conditions.push(sql`lower(holder_name) LIKE ${containing(q.text)}`);
  const where = sql.join(conditions, sql` AND `);
  const rows = await executor.execute<DpsProgressRow>(sql`${dpsWithProgress} WHERE ${where} ORDER BY created_at DESC, id LIMIT ${filter.limit} OFFSET ${filter.offset}`);
  const total = await executor.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM dps_scheme WHERE ${where}`);
  return { rows: rows.rows, total: Number(total.rows[0]?.total ?? 0) };
}
