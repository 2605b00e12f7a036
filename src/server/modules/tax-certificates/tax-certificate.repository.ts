import { sql } from 'drizzle-orm';
import type { AccountTypeSlug } from '../../../shared/constants';
import type { Executor } from '../../db/client';

/** What a year's tax certificate says of one account, amounts in poisha as decimal text. */
export type TaxYearRow = {
  account_id: string;
  account_type: AccountTypeSlug;
  holder_name: string;
  tin: string | null;
  interest_poisha: string;
  tax_poisha: string;
  postings: number;
  excise_charged_poisha: string;
  excise_due_poisha: string;
  excise_collected_later_poisha: string;
  highest_balance_poisha: string | null;
};

/**
 * One of the owner's accounts for a calendar year: the interest posted in it and the source tax
 * withheld (`interest_posting`), the excise duty charged on its last day and its due
 * (`excise_duty_charge`), what of that due later closes have collected so far (`excise_duty_collection`), the year's highest daily closing balance, and the owner's TIN. Another customer's account reads as missing.
 */
export async function readTaxYear(executor: Executor, ownerUserId: string, accountId: string, year: number): Promise<TaxYearRow | undefined> {
  const result = await executor.execute<TaxYearRow>(sql`
    SELECT a.id AS account_id, a.account_type, a.holder_name, ti.tin,
      coalesce(ip.interest, 0)::text AS interest_poisha, coalesce(ip.tax, 0)::text AS tax_poisha, coalesce(ip.postings, 0)::int AS postings,
      coalesce(ec.charged_poisha, 0)::text AS excise_charged_poisha, coalesce(ec.due_poisha, 0)::text AS excise_due_poisha,
      (SELECT coalesce(sum(x.collected_poisha), 0) FROM excise_duty_collection x WHERE x.bank_account_id = a.id AND x.year = ${year}::int)::text AS excise_collected_later_poisha,
      coalesce(ec.highest_balance_poisha, yh.highest_balance_poisha)::text AS highest_balance_poisha
    FROM bank_account a
    LEFT JOIN customer_tax_identity ti ON ti.user_id = a.owner_user_id
    LEFT JOIN LATERAL (
      SELECT sum(p.posted_poisha) AS interest, sum(p.tax_poisha) AS tax, count(*) FILTER (WHERE p.posted_poisha > 0) AS postings
      FROM interest_posting p
      WHERE p.bank_account_id = a.id AND p.business_date BETWEEN make_date(${year}::int, 1, 1) AND make_date(${year}::int, 12, 31)
    ) ip ON true
    LEFT JOIN excise_duty_charge ec ON ec.bank_account_id = a.id AND ec.year = ${year}::int
    LEFT JOIN account_year_high yh ON yh.bank_account_id = a.id AND yh.year = ${year}::int
    WHERE a.id = ${accountId} AND a.owner_user_id = ${ownerUserId}`);
  return result.rows[0];
}
