import { sql } from 'drizzle-orm';
import { inForceOn } from '../../../shared/interest/dated-table';
import { fdrMaturity, fdrMaturityDay, type FixedDeposit, openFixedDeposit } from '../../../shared/interest/fixed-deposit';
import type { Transaction } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { writeTogether } from '../../db/write-together';
import { assertInvariant } from '../../errors';
import type { DayCloseStep } from '../day-close/day-close-step';
import { type JournalRequest, journalWriteOf } from '../ledger/ledger';
import { raiseNotices } from '../notices/notices.service';
import { termDepositMaturedNotice } from '../notices/term-deposit-notice';
import { type DatedFdrProduct, depositOfRow, type FdrRow, fdrColumns, payoutPostings } from './fixed-deposits.service';

/** Every term's rows, oldest first, for `inForceOn`: a renewal takes the rate in force on its maturity day. */
async function productTable(tx: Transaction): Promise<Map<number, Array<DatedFdrProduct & { from: string }>>> {
  const result = await tx.execute<{ term_months: number; effective_from: string; annual_rate_basis_points: number; premature_rate_basis_points: number; principal_poisha_min: string }>(sql`
    SELECT term_months, effective_from::text AS effective_from, annual_rate_basis_points, premature_rate_basis_points, principal_poisha_min::text AS principal_poisha_min
    FROM fdr_product ORDER BY term_months, effective_from`);
  const table = new Map<number, Array<DatedFdrProduct & { from: string }>>();
  for (const row of result.rows) {
    const rows = table.get(Number(row.term_months)) ?? [];
    const termMonths = Number(row.term_months) as DatedFdrProduct['termMonths'];
    rows.push({
      termMonths,
      effectiveFrom: row.effective_from,
      from: row.effective_from,
      annualRateBasisPoints: BigInt(row.annual_rate_basis_points),
      prematureRateBasisPoints: BigInt(row.premature_rate_basis_points),
      principalPoishaMin: BigInt(row.principal_poisha_min),
    });
    table.set(termMonths, rows);
  }
  return table;
}

/**
 * Pays every active FDR whose maturity day is on or before `businessDate` (a day the close did not
 * run is caught up), each on its own maturity day by `fdrMaturity`, the function the quote used,
 * under its instruction:
 * - `credit`: principal and interest, less source tax, to the account it came from;
 * - `renew-principal`: the net interest to the account, the principal renewed for the same term
 *   at the rate in force on the maturity day;
 * - `renew-all`: principal and net interest renewed together.
 * The tax goes to the source-tax-payable account, the interest from interest expense (record 083:
 * recognised when paid). Four statements whatever the number of deposits: the due rows read and
 * locked, one journal write, one update of the matured rows, one insert of the renewals. A
 * matured row is no longer active, so running the step again for the date does nothing.
 */
export async function matureFixedDeposits(tx: Transaction, businessDate: string): Promise<{ rows: number }> {
  const due = await tx.execute<FdrRow & { has_tin: boolean }>(sql`
    SELECT ${fdrColumns}, EXISTS (SELECT 1 FROM customer_tax_identity t WHERE t.user_id = fixed_deposit.owner_user_id) AS has_tin
    FROM fixed_deposit WHERE status = 'active' AND maturity_day <= ${businessDate}::date
    ORDER BY id FOR UPDATE`);
  if (due.rows.length === 0) return { rows: 0 };
  const products = await productTable(tx);
  const requests: JournalRequest[] = [];
  const closed: Array<{ id: string; status: 'matured' | 'renewed'; day: string; interest: string; tax: string; paid: string }> = [];
  const renewals: Array<{ renews: string; deposit: FixedDeposit; row: FdrRow }> = [];
  for (const row of due.rows) {
    const payout = fdrMaturity(depositOfRow(row), row.has_tin === true || String(row.has_tin) === 'true');
    const principal = payout.principalPoisha;
    const net = payout.netPoisha;
    const movement = (why: 'maturity' | 'interest' | 'renewal', amount: bigint): JournalRequest['movement'] => ({
      kind: 'fdr_payout',
      amountPoisha: amount.toString(),
      interestPoisha: payout.interestPoisha.toString(),
      taxPoisha: payout.taxPoisha.toString(),
      why,
    });
    const entry =
      row.instruction === 'credit'
        ? { movement: movement('maturity', payout.paidPoisha), postings: payoutPostings(principal, payout, row.account_id, payout.paidPoisha) }
        : row.instruction === 'renew-principal'
          ? { movement: movement('interest', net), postings: payoutPostings(0n, payout, row.account_id, net) }
          : { movement: movement('renewal', net), postings: payoutPostings(0n, payout, 'bank:fdr-deposits', net) };
    if (entry.postings.length >= 2) requests.push({ ...entry, referenceId: row.id });
    closed.push({
      id: row.id,
      status: row.instruction === 'credit' ? 'matured' : 'renewed',
      day: payout.payoutDay,
      interest: payout.interestPoisha.toString(),
      tax: payout.taxPoisha.toString(),
      paid: (row.instruction === 'renew-principal' ? net : payout.paidPoisha).toString(),
    });
    if (row.instruction !== 'credit') {
      const product = inForceOn(products.get(Number(row.term_months)) ?? [], payout.payoutDay);
      // A renewal keeps what the customer already has even if the minimum has since risen.
      const renewedPrincipal = row.instruction === 'renew-all' ? payout.paidPoisha : principal;
      renewals.push({ renews: row.id, row, deposit: openFixedDeposit({ ...product, principalPoishaMin: 1n }, renewedPrincipal, payout.payoutDay) });
    }
  }
  const references = new Map<string, string>();
  if (requests.length > 0) {
    const journal = await journalWriteOf(tx, requests);
    requests.forEach((request, index) => references.set(request.referenceId ?? '', journal.posted[index]?.reference ?? ''));
    await writeTogether(tx, [journal.write]);
  }
  const updated = await tx.execute(sql`
    UPDATE fixed_deposit AS d SET status = c.status, closed_day = c.day::date, interest_poisha = c.interest, tax_poisha = c.tax, paid_poisha = c.paid
    FROM ${jsonRows(closed, sql`id uuid, status text, day text, interest bigint, tax bigint, paid bigint`)} AS c
    WHERE d.id = c.id AND d.status = 'active'`);
  assertInvariant(Number(updated.rowCount ?? closed.length) === closed.length, 'every due deposit is closed');
  // Each customer is told in the transaction that matured the FDR: a close rolled back tells nobody.
  // What was paid is the renewal's principal for one renewed with its interest (`closed` above).
  const outcomeOf = { credit: 'paid', 'renew-principal': 'renewed-principal', 'renew-all': 'renewed-all' } as const;
  await raiseNotices(
    tx,
    due.rows.map((row, index) => {
      const figures = closed[index];
      assertInvariant(figures?.id === row.id, 'a closed deposit for every due row, in order');
      return termDepositMaturedNotice(row, figures, 'fdr', outcomeOf[row.instruction]);
    }),
  );

  if (renewals.length > 0) {
    const rows = renewals.map(({ renews, row, deposit }) => ({
      renews,
      principal: deposit.principalPoisha.toString(),
      rate: Number(deposit.annualRateBasisPoints),
      premature: Number(deposit.prematureRateBasisPoints),
      opening: deposit.openingDay,
      maturity: fdrMaturityDay(deposit),
      reference: references.get(renews) ?? row.reference,
    }));
    await tx.execute(sql`
      INSERT INTO fixed_deposit (owner_user_id, account_id, holder_name, principal_poisha, term_months, annual_rate_basis_points, premature_rate_basis_points,
        opening_day, maturity_day, instruction, nominee_name, nominee_id, nominee_relation, reference, renews_id)
      SELECT d.owner_user_id, d.account_id, d.holder_name, r.principal, d.term_months, r.rate, r.premature, r.opening::date, r.maturity::date, d.instruction,
        d.nominee_name, d.nominee_id, d.nominee_relation, r.reference, d.id
      FROM ${jsonRows(rows, sql`renews uuid, principal bigint, rate int, premature int, opening text, maturity text, reference text`)} AS r
      JOIN fixed_deposit d ON d.id = r.renews`);
  }
  return { rows: due.rows.length };
}

/**
 * The FDR's work in the bank's day close. Interest is not accrued daily (record 083): it is
 * recognised when it is paid, at maturity or encashment, so maturing is the only step.
 */
export const fdrMaturityStep: DayCloseStep = { name: 'fdr-maturity', run: matureFixedDeposits };
export const fixedDepositDayCloseSteps: readonly DayCloseStep[] = [fdrMaturityStep];
