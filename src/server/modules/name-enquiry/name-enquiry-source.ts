import { sql } from 'drizzle-orm';
import type { AccountTypeSlug } from '../../../shared/constants';
import type { Executor } from '../../db/client';

/** An account a name enquiry found: one that can receive money now. */
export type EnquiredAccount = { accountNumber: string; holderName: string; accountType: AccountTypeSlug };

/**
 * Where a name enquiry asks who holds an account number. This bank's own accounts are the first
 * source; another bank's, reached over a payment rail (NPSB, BEFTN, RTGS), is another source
 * behind the same question, so the look-up, its masking and its throttles are written once.
 * `undefined` means the source knows no account at that number that can receive money: unknown,
 * not yet opened, or closed are one answer, so a look-up cannot tell them apart.
 */
export type NameEnquirySource = {
  lookUp(accountNumber: string): Promise<EnquiredAccount | undefined>;
};

/** This bank's accounts that can receive money (active ones), read without a lock: a transfer checks again under its own. */
export function thisBankAccounts(executor: Executor): NameEnquirySource {
  return {
    async lookUp(accountNumber) {
      const result = await executor.execute<{ id: string; holder_name: string; account_type: AccountTypeSlug }>(
        sql`SELECT id, holder_name, account_type FROM bank_account WHERE id = ${accountNumber} AND status = 'active'`,
      );
      const row = result.rows[0];
      return row && { accountNumber: row.id, holderName: row.holder_name, accountType: row.account_type };
    },
  };
}
