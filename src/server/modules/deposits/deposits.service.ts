import { pendingDepositsPerAccountMax } from '../../../shared/constants';
import { newReference } from '../../../shared/reference';
import type { Transaction } from '../../db/client';
import { AppError } from '../../errors';
import type { SignedInUser } from '../auth/signed-in-user';
import { lockedBalancesOf } from '../accounts/accounts.repository';
import { lockOwnActiveAccount } from '../accounts/accounts.service';
import { findRequestAmountPoisha } from '../decisions/decisions.repository';
import { declinePendingRequest, stepUpAboveStaffApprovalLimit, type DecisionRecord, type RequestType } from '../decisions/staff-decision';
import { bankAccounts, postJournalEntry } from '../ledger/ledger';
import { countPendingDeposits, insertDepositRequest, lockDeposit, markDepositCredited, type DepositRow } from './deposits.repository';

/** A cash deposit asked for, in the bank's words (`deposit-answers.ts` maps the wire's): the customer's account and the amount. */
export type DepositRequestCommand = { accountId: string; amountPoisha: bigint };

/**
 * Counted under the account's lock, so requests sent at once cannot all slip under the limit. The
 * customer is given the deposit's short reference now, to quote when paying in; the credit keeps it.
 */
export async function requestDeposit(tx: Transaction, user: SignedInUser, command: DepositRequestCommand): Promise<{ id: string; reference: string }> {
  const { accountId, amountPoisha } = command;
  await lockOwnActiveAccount(tx, accountId, user.id, 'accountId');
  if ((await countPendingDeposits(tx, accountId)) >= pendingDepositsPerAccountMax) {
    const message = `This account already has ${pendingDepositsPerAccountMax} deposit requests waiting for staff: wait until they are decided`;
    throw new AppError(409, 'too_many_pending', message, { accountId: message });
  }
  return insertDepositRequest(tx, { accountId, ownerUserId: user.id, amountPoisha, reference: newReference() });
}

/** A cash deposit request. Approval credits the amount from the bank's cash account, once. */
export const depositRequests: RequestType<DepositRow, DecisionRecord, DecisionRecord> = {
  label: 'Deposit request',
  subjectType: 'deposit_request',
  table: 'deposit_request',
  approvalStepUp: stepUpAboveStaffApprovalLimit('Deposit request', (db, requestId) => findRequestAmountPoisha(db, 'deposit_request', requestId)),
  lock: lockDeposit,
  notice: (deposit) => ({ request: 'deposit', amountPoisha: deposit.amountPoisha.toString(), reference: deposit.reference }),
  approve: {
    action: 'deposit.approve',
    from: ['pending'],
    refusal: { code: 'already_decided', message: 'This deposit has already been approved' },
    apply: async ({ tx, staff, request: deposit, account }) => {
      const amount = deposit.amountPoisha;
      const postings = [
        { accountCode: account.id, amountPoisha: amount },
        { accountCode: bankAccounts.cash, amountPoisha: -amount },
      ];
      const movement = { kind: 'deposit', amountPoisha: amount.toString() } as const;
      const posted = await postJournalEntry(tx, { movement, referenceId: deposit.id, reference: deposit.reference, createdByUserId: staff.id, postings }, lockedBalancesOf([account]));
      await markDepositCredited(tx, deposit.id, posted.entryId, staff.id);
      return { after: 'success', detail: { amountPoisha: amount.toString() } };
    },
  },
  decline: declinePendingRequest('deposit.decline', 'Only a pending deposit request can be declined'),
};
