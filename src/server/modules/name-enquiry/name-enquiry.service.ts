import type { AccountTypeSlug } from '../../../shared/constants';
import { maskHolderName } from '../../../shared/masked-name';
import { AppError } from '../../errors';
import { type RateLimiter, ratePolicies } from '../../lib/rate-limiter';
import type { EnquiredAccount, NameEnquirySource } from './name-enquiry-source';

/** Who asks: the signed-in customer and the address the request came from, each with its own allowance. */
export type Enquirer = { userId: string; address: string };

export const noSuchAccountMessage = 'No account that can receive money has this number. Check the number with the person you are paying.';

/** One answer for every account a look-up must not describe (unknown, pending, closed): a 404 like any missing thing. */
export const noSuchAccount = () => new AppError(404, 'no_such_account', noSuchAccountMessage, { accountNumber: noSuchAccountMessage });

/**
 * Counts one name enquiry against the customer's allowance and the address's, refusing with a
 * 429 that names the look-ups once either is used up. Every way of learning who holds an account
 * number goes through here (the look-up itself, saving a receiver, a transfer's refusal), so one
 * pair of allowances bounds how many holders a customer, or a place, can find out about.
 */
export async function countNameEnquiry(rateLimiter: RateLimiter, enquirer: Enquirer): Promise<void> {
  await rateLimiter.consume(ratePolicies.nameEnquiriesPerCustomer, enquirer.userId);
  await rateLimiter.consume(ratePolicies.nameEnquiriesPerAddress, enquirer.address);
}

/** What a look-up tells about an account: the number, the holder's name masked, and the type; nothing else leaves. */
export type EnquiredHolder = { accountNumber: string; maskedName: string; accountType: AccountTypeSlug };

export const enquiredHolderOf = (account: EnquiredAccount): EnquiredHolder => ({
  accountNumber: account.accountNumber,
  maskedName: maskHolderName(account.holderName),
  accountType: account.accountType,
});

/**
 * Who holds this account number, counted first (so a refused look-up costs as much as an
 * answered one, and an unknown number cannot be probed for free). A customer's own account is
 * answered like any other: it tells them nothing new.
 */
export async function enquireName(deps: { source: NameEnquirySource; rateLimiter: RateLimiter }, enquirer: Enquirer, accountNumber: string): Promise<EnquiredHolder> {
  await countNameEnquiry(deps.rateLimiter, enquirer);
  const account = await deps.source.lookUp(accountNumber);
  if (!account) throw noSuchAccount();
  return enquiredHolderOf(account);
}

/**
 * Whether the name a customer confirmed is the masked name of this account's holder now: how a
 * transfer or a saved receiver makes sure the person confirmed is the person paid.
 */
export function confirmsHolder(holderName: string, confirmedName: string): boolean {
  return maskHolderName(holderName) === maskHolderName(confirmedName);
}
