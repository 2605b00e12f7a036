import { sql } from 'drizzle-orm';
import { fdrMaturity, fdrMaturityDay, type FdrPayout, type FdrProduct, type FixedDeposit, isFdrTerm, openFixedDeposit, prematureEncashment } from '../../../shared/interest/fixed-deposit';
import { formatBdt } from '../../../shared/money';
import type { FdrAnswer, FdrInstruction, FdrPayoutAnswer, FdrQuoteAnswer, FdrStatus } from '../../../shared/schemas/fixed-deposits';
import type { ListSearch } from '../../../shared/schemas/fields';
import type { Executor, Transaction } from '../../db/client';
import type { Page } from '../../lib/paged-list';
import { AppError, assertInvariant, notFound } from '../../errors';
import type { SignedInUser } from '../auth/signed-in-user';
import { type LockedAccount, lockAccounts, lockedBalancesOf } from '../accounts/accounts.repository';
import { requireOwnActiveAccount } from '../accounts/accounts.service';
import { currentBusinessDate } from '../day-close/business-date';
import { bankAccounts, type JournalRequest, type Posting, postJournalEntry } from '../ledger/ledger';

/** The day an FDR opens, is encashed or is quoted: the bank's business date. */
export const openingBusinessDate = (executor: Executor): Promise<string> => currentBusinessDate(executor);

type ProductRow = { term_months: number; effective_from: string; annual_rate_basis_points: number; premature_rate_basis_points: number; principal_poisha_min: string };
export type DatedFdrProduct = FdrProduct & { effectiveFrom: string };

const productOfRow = (row: ProductRow): DatedFdrProduct => {
  const termMonths = Number(row.term_months);
  assertInvariant(isFdrTerm(termMonths), 'the table allows only the FDR terms');
  return {
    termMonths,
    effectiveFrom: row.effective_from,
    annualRateBasisPoints: BigInt(row.annual_rate_basis_points),
    prematureRateBasisPoints: BigInt(row.premature_rate_basis_points),
    principalPoishaMin: BigInt(row.principal_poisha_min),
  };
};

/** Each term's row in force on `day`: the latest that took effect on or before it. */
export async function productsInForce(executor: Executor, day: string): Promise<DatedFdrProduct[]> {
  const result = await executor.execute<ProductRow>(sql`
    SELECT DISTINCT ON (term_months) term_months, effective_from::text AS effective_from, annual_rate_basis_points, premature_rate_basis_points, principal_poisha_min::text AS principal_poisha_min
    FROM fdr_product WHERE effective_from <= ${day}::date
    ORDER BY term_months, effective_from DESC`);
  return result.rows.map(productOfRow);
}

async function productFor(executor: Executor, termMonths: number, day: string): Promise<DatedFdrProduct> {
  const product = (await productsInForce(executor, day)).find((row) => row.termMonths === termMonths);
  if (!product) {
    const message = `No FDR of ${termMonths} months is offered today`;
    throw new AppError(400, 'invalid_input', message, { termMonths: message });
  }
  return product;
}

export async function hasTinOf(executor: Executor, userId: string): Promise<boolean> {
  const result = await executor.execute<{ found: number }>(sql`SELECT 1 AS found FROM customer_tax_identity WHERE user_id = ${userId}`);
  return result.rows.length > 0;
}

export const payoutAnswer = (payout: FdrPayout): FdrPayoutAnswer => ({
  payoutDay: payout.payoutDay,
  days: payout.days,
  interestPoisha: payout.interestPoisha.toString(),
  taxPercent: Number(payout.ratePercent),
  taxPoisha: payout.taxPoisha.toString(),
  paidPoisha: payout.paidPoisha.toString(),
});

export type FdrQuoteCommand = { accountId: string; amount: bigint; termMonths: number };
export type FdrOpenCommand = FdrQuoteCommand & { instruction: FdrInstruction; nomineeName: string; nomineeId: string; nomineeRelation: string };

/**
 * The rules of an opening against the account as it stands: the customer's own active account,
 * a term offered, at least the product's minimum, and no more than the balance. The quote and the
 * opening both decide here, so what is quoted is what opens.
 */
function decideOpening(account: LockedAccount, userId: string, product: DatedFdrProduct, command: FdrQuoteCommand, day: string): FixedDeposit {
  const accounts = new Map([[account.id, account]]);
  requireOwnActiveAccount(accounts, command.accountId, userId, 'accountId');
  if (command.amount < product.principalPoishaMin) {
    const message = `Amount must be at least ${formatBdt(product.principalPoishaMin)} for an FDR`;
    throw new AppError(400, 'invalid_input', message, { amount: message });
  }
  if (command.amount > BigInt(account.balance_poisha)) {
    const message = 'Your account does not hold this amount';
    throw new AppError(400, 'insufficient_funds', message, { amount: message });
  }
  return openFixedDeposit(product, command.amount, day);
}

async function readOwnAccount(executor: Executor, accountId: string, userId: string): Promise<LockedAccount> {
  const result = await executor.execute<LockedAccount>(sql`
    SELECT b.id, b.owner_user_id, b.account_type, b.status, b.holder_name, l.balance_poisha::text AS balance_poisha
    FROM bank_account b JOIN ledger_account l ON l.code = b.id WHERE b.id = ${accountId}`);
  const account = result.rows[0];
  if (!account || account.owner_user_id !== userId) throw notFound('Account');
  return account;
}

function quoteOf(deposit: FixedDeposit, accountId: string, hasTin: boolean): FdrQuoteAnswer {
  return {
    accountId,
    principalPoisha: deposit.principalPoisha.toString(),
    termMonths: deposit.termMonths,
    annualRateBasisPoints: Number(deposit.annualRateBasisPoints),
    prematureRateBasisPoints: Number(deposit.prematureRateBasisPoints),
    openingDay: deposit.openingDay,
    maturityDay: fdrMaturityDay(deposit),
    hasTin,
    maturity: payoutAnswer(fdrMaturity(deposit, hasTin)),
  };
}

/** What opening this FDR today would fix: the rate, the maturity day and what it pays then, at today's tax rates. Writes nothing. */
export async function quoteFdr(executor: Executor, user: SignedInUser, command: FdrQuoteCommand): Promise<FdrQuoteAnswer> {
  const day = await openingBusinessDate(executor);
  const account = await readOwnAccount(executor, command.accountId, user.id);
  const product = await productFor(executor, command.termMonths, day);
  const deposit = decideOpening(account, user.id, product, command, day);
  return quoteOf(deposit, account.id, await hasTinOf(executor, user.id));
}

/**
 * Opens an FDR in the caller's transaction: the account is locked and its balance read under the
 * lock, so parallel openings from one account cannot together take more than it holds; the
 * principal moves in one journal entry from the account to the bank's FDR liability.
 */
export async function openFdr(tx: Transaction, user: SignedInUser, command: FdrOpenCommand): Promise<{ deposit: FdrAnswer; accountBalancePoisha: string }> {
  const day = await openingBusinessDate(tx);
  const locked = await lockAccounts(tx, [command.accountId]);
  const account = locked.get(command.accountId);
  if (!account || account.owner_user_id !== user.id) throw notFound('Account');
  const product = await productFor(tx, command.termMonths, day);
  const deposit = decideOpening(account, user.id, product, command, day);
  const entry = await postJournalEntry(
    tx,
    {
      movement: { kind: 'fdr_open', amountPoisha: deposit.principalPoisha.toString(), termMonths: String(deposit.termMonths) },
      createdByUserId: user.id,
      postings: [
        { accountCode: account.id, amountPoisha: -deposit.principalPoisha },
        { accountCode: bankAccounts.fdrDeposits, amountPoisha: deposit.principalPoisha },
      ],
    },
    lockedBalancesOf(locked.values()),
  );
  const inserted = await tx.execute<FdrRow>(sql`
    INSERT INTO fixed_deposit (owner_user_id, account_id, holder_name, principal_poisha, term_months, annual_rate_basis_points, premature_rate_basis_points,
      opening_day, maturity_day, instruction, nominee_name, nominee_id, nominee_relation, reference)
    VALUES (${user.id}, ${account.id}, ${account.holder_name}, ${deposit.principalPoisha.toString()}, ${deposit.termMonths}, ${Number(deposit.annualRateBasisPoints)},
      ${Number(deposit.prematureRateBasisPoints)}, ${deposit.openingDay}, ${fdrMaturityDay(deposit)}, ${command.instruction}, ${command.nomineeName}, ${command.nomineeId},
      ${command.nomineeRelation}, ${entry.reference})
    RETURNING ${fdrColumns}`);
  const row = inserted.rows[0];
  assertInvariant(row, 'the deposit is written');
  return { deposit: fdrAnswerOf(row, await hasTinOf(tx, user.id)), accountBalancePoisha: (entry.balancesAfter.get(account.id) ?? 0n).toString() };
}

export type FdrRow = {
  id: string;
  owner_user_id: string;
  account_id: string;
  holder_name: string;
  principal_poisha: string;
  term_months: number;
  annual_rate_basis_points: number;
  premature_rate_basis_points: number;
  opening_day: string;
  maturity_day: string;
  instruction: FdrInstruction;
  nominee_name: string;
  nominee_id: string;
  nominee_relation: string;
  status: FdrStatus;
  renews_id: string | null;
  reference: string;
  closed_day: string | null;
  interest_poisha: string | null;
  tax_poisha: string | null;
  paid_poisha: string | null;
};

export const fdrColumns = sql.raw(`id, owner_user_id, account_id, holder_name, principal_poisha::text AS principal_poisha, term_months, annual_rate_basis_points,
  premature_rate_basis_points, opening_day::text AS opening_day, maturity_day::text AS maturity_day, instruction, nominee_name, nominee_id, nominee_relation,
  status, renews_id::text AS renews_id, reference, closed_day::text AS closed_day, interest_poisha::text AS interest_poisha, tax_poisha::text AS tax_poisha,
  paid_poisha::text AS paid_poisha`);

export function depositOfRow(row: FdrRow): FixedDeposit {
  const termMonths = Number(row.term_months);
  assertInvariant(isFdrTerm(termMonths), 'the table allows only the FDR terms');
  return {
    principalPoisha: BigInt(row.principal_poisha),
    openingDay: row.opening_day,
    termMonths,
    annualRateBasisPoints: BigInt(row.annual_rate_basis_points),
    prematureRateBasisPoints: BigInt(row.premature_rate_basis_points),
  };
}

export function fdrAnswerOf(row: FdrRow, hasTin: boolean): FdrAnswer {
  return {
    id: row.id,
    accountId: row.account_id,
    holderName: row.holder_name,
    principalPoisha: row.principal_poisha,
    termMonths: Number(row.term_months),
    annualRateBasisPoints: Number(row.annual_rate_basis_points),
    prematureRateBasisPoints: Number(row.premature_rate_basis_points),
    openingDay: row.opening_day,
    maturityDay: row.maturity_day,
    instruction: row.instruction,
    nomineeName: row.nominee_name,
    nomineeRelation: row.nominee_relation,
    status: row.status,
    reference: row.reference,
    renewsId: row.renews_id,
    maturity: payoutAnswer(fdrMaturity(depositOfRow(row), hasTin)),
    closedDay: row.closed_day,
    interestPoisha: row.interest_poisha,
    taxPoisha: row.tax_poisha,
    paidPoisha: row.paid_poisha,
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The customer's own deposit, locked when asked; anyone else's id, or one that is no id at all, is a 404 like a missing one. */
export async function findOwnFdr(executor: Executor, user: SignedInUser, id: string, lock = false): Promise<FdrRow> {
  if (!uuidPattern.test(id)) throw notFound('Fixed deposit');
  const result = await executor.execute<FdrRow>(sql`SELECT ${fdrColumns} FROM fixed_deposit WHERE id = ${id}::uuid AND owner_user_id = ${user.id} ${lock ? sql`FOR UPDATE` : sql``}`);
  const row = result.rows[0];
  if (!row) throw notFound('Fixed deposit');
  return row;
}

export async function listOwnFdrs(executor: Executor, user: SignedInUser): Promise<FdrAnswer[]> {
  const result = await executor.execute<FdrRow>(sql`SELECT ${fdrColumns} FROM fixed_deposit WHERE owner_user_id = ${user.id} ORDER BY created_at DESC, id LIMIT 200`);
  const hasTin = await hasTinOf(executor, user.id);
  return result.rows.map((row) => fdrAnswerOf(row, hasTin));
}

const notActive = () => new AppError(409, 'fdr_closed', 'This FDR has already matured or been encashed');

/** A new maturity instruction, taken until the day before maturity (the day close acts on the maturity day). */
export async function changeInstruction(tx: Transaction, user: SignedInUser, id: string, instruction: FdrInstruction): Promise<FdrAnswer> {
  const row = await findOwnFdr(tx, user, id, true);
  if (row.status !== 'active' || row.maturity_day <= (await openingBusinessDate(tx))) throw notActive();
  const updated = await tx.execute<FdrRow>(sql`UPDATE fixed_deposit SET instruction = ${instruction} WHERE id = ${row.id}::uuid RETURNING ${fdrColumns}`);
  const after = updated.rows[0];
  assertInvariant(after, 'the locked deposit is updated');
  return fdrAnswerOf(after, await hasTinOf(tx, user.id));
}

/** Postings that pay `paid` to `creditCode` from the FDR's principal and interest, withholding the tax; zero amounts are left out. */
export function payoutPostings(principalOut: bigint, payout: Pick<FdrPayout, 'interestPoisha' | 'taxPoisha'>, creditCode: string, credit: bigint): Posting[] {
  const postings: Posting[] = [
    { accountCode: bankAccounts.fdrDeposits, amountPoisha: -principalOut },
    { accountCode: bankAccounts.interestExpense, amountPoisha: -payout.interestPoisha },
    { accountCode: bankAccounts.sourceTaxPayable, amountPoisha: payout.taxPoisha },
    { accountCode: creditCode, amountPoisha: credit },
  ];
  // A renewal that carries its net interest into the FDR liability posts to that account twice: merge.
  const merged = new Map<string, bigint>();
  for (const posting of postings) merged.set(posting.accountCode, (merged.get(posting.accountCode) ?? 0n) + posting.amountPoisha);
  return [...merged].filter(([, amount]) => amount !== 0n).map(([accountCode, amountPoisha]) => ({ accountCode, amountPoisha }));
}

/** What breaking the deposit today pays, what holding it to maturity would pay, and the difference. */
export async function encashmentQuote(executor: Executor, user: SignedInUser, id: string, lock = false) {
  const row = await findOwnFdr(executor, user, id, lock);
  const day = await openingBusinessDate(executor);
  if (row.status !== 'active') throw notActive();
  if (day >= row.maturity_day) throw new AppError(409, 'fdr_maturing', 'This FDR matures today: it is paid under its instruction at the day close');
  const hasTin = await hasTinOf(executor, user.id);
  const early = prematureEncashment(depositOfRow(row), day, hasTin);
  return { row, early, answer: { id: row.id, encashment: payoutAnswer(early), fullTerm: payoutAnswer(early.fullTerm), forgonePoisha: early.forgonePoisha.toString() } };
}

/** Breaks the deposit today at the reduced rate, crediting the account it came from, in one journal entry. */
export async function encashFdr(tx: Transaction, user: SignedInUser, id: string) {
  const { row, early, answer } = await encashmentQuote(tx, user, id, true);
  const request: JournalRequest = {
    movement: { kind: 'fdr_payout', amountPoisha: early.paidPoisha.toString(), interestPoisha: early.interestPoisha.toString(), taxPoisha: early.taxPoisha.toString(), why: 'encashment' },
    referenceId: row.id,
    createdByUserId: user.id,
    postings: payoutPostings(early.principalPoisha, early, row.account_id, early.paidPoisha),
  };
  const entry = await postJournalEntry(tx, request);
  await tx.execute(sql`
    UPDATE fixed_deposit SET status = 'encashed', closed_day = ${early.payoutDay}, interest_poisha = ${early.interestPoisha.toString()},
      tax_poisha = ${early.taxPoisha.toString()}, paid_poisha = ${early.paidPoisha.toString()}
    WHERE id = ${row.id}::uuid`);
  return { ...answer, reference: entry.reference, accountBalancePoisha: (entry.balancesAfter.get(row.account_id) ?? 0n).toString() };
}

/**
 * A page of every customer's FDRs for staff, newest first: filtered by status, and searched by
 * the linked account's number (digits), the certificate's reference, or a piece of the holder's name.
 */
export async function pageOfFdrs(executor: Executor, filter: { status: FdrStatus | undefined; q: ListSearch | undefined; limit: number; offset: number }): Promise<Page<FdrRow>> {
  const conditions = [sql`true`];
  if (filter.status) conditions.push(sql`status = ${filter.status}`);
  const { q } = filter;
  if (q?.kind === 'digits') conditions.push(sql`account_id LIKE ${`%${q.digits}%`}`);
  // A name's % or _ is a character searched for, not a wildcard.
  const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  if (q?.kind === 'reference') conditions.push(sql`(reference = ${q.reference} OR lower(holder_name) LIKE ${containing(q.text)})`);
  if (q?.kind === 'text') conditions.push(sql`lower(holder_name) LIKE ${containing(q.text)}`);
  const where = sql.join(conditions, sql` AND `);
  const rows = await executor.execute<FdrRow>(sql`SELECT ${fdrColumns} FROM fixed_deposit WHERE ${where} ORDER BY created_at DESC, id LIMIT ${filter.limit} OFFSET ${filter.offset}`);
  const total = await executor.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM fixed_deposit WHERE ${where}`);
  return { rows: rows.rows, total: Number(total.rows[0]?.total ?? 0) };
}
