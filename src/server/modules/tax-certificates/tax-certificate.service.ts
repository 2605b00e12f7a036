import type { AccountTypeSlug } from '../../../shared/constants';
import { maskedTin } from '../../../shared/schemas/tax-identity';
import type { Database } from '../../db/client';
import { runInSnapshot } from '../../db/snapshot';
import { notFound } from '../../errors';
import type { SignedInUser } from '../auth/signed-in-user';
import { readTaxYear } from './tax-certificate.repository';

/**
 * A year's tax certificate of one account, in poisha: the interest the bank paid into it, the
 * source tax withheld from that interest, and the excise duty taken on 31 December (and what of
 * it the account could not pay). The TIN is shown masked only (record 082).
 */
export type TaxCertificate = {
  accountId: string;
  accountType: AccountTypeSlug;
  holderName: string;
  maskedTin: string | null;
  year: number;
  interestPoisha: bigint;
  sourceTaxPoisha: bigint;
  netInterestPoisha: bigint;
  exciseChargedPoisha: bigint;
  /**
   * The year's duty the account could not pay on 31 December, taken from its credits at later
   * closes up to when the certificate is made: it belongs to the year it was levied for (record 090).
   */
  exciseCollectedLaterPoisha: bigint;
  /** What of the year's duty the account still owes when the certificate is made. */
  exciseDuePoisha: bigint;
  /** The year's highest daily closing balance, which the duty was priced on; null when the day close kept none for the year. */
  highestBalancePoisha: bigint | null;
  /** What the customer quotes about this paper: the year and the account, one certificate each. */
  reference: string;
};

/** The certificate of one of the customer's own accounts for `year`; another customer's account is not found. */
export async function taxCertificateOf(db: Database, user: SignedInUser, accountId: string, year: number): Promise<TaxCertificate> {
  const row = await runInSnapshot(db, (reader) => readTaxYear(reader, user.id, accountId, year));
  if (!row) throw notFound('Account');
  const interestPoisha = BigInt(row.interest_poisha);
  const sourceTaxPoisha = BigInt(row.tax_poisha);
  return {
    accountId: row.account_id,
    accountType: row.account_type,
    holderName: row.holder_name,
    maskedTin: row.tin === null ? null : maskedTin(row.tin),
    year,
    interestPoisha,
    sourceTaxPoisha,
    netInterestPoisha: interestPoisha - sourceTaxPoisha,
    exciseChargedPoisha: BigInt(row.excise_charged_poisha),
    exciseCollectedLaterPoisha: BigInt(row.excise_collected_later_poisha),
    exciseDuePoisha: BigInt(row.excise_due_poisha) - BigInt(row.excise_collected_later_poisha),
    highestBalancePoisha: row.highest_balance_poisha === null ? null : BigInt(row.highest_balance_poisha),
    reference: `TC-${year}-${row.account_id}`,
  };
}
