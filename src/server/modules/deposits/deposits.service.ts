import { pendingDepositsPerAccountMax } from '../../../shared/constants';
import { formatBdt } from '../../../shared/money';
import type { Transaction } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import type { SignedInUser } from '../../plugins/access-guard';
import { lockAccounts, lockedBalancesOf } from '../accounts/accounts.repository';
import { lockOwnActiveAccount } from '../accounts/accounts.service';
import { bankAccounts, postJournalEntry } from '../ledger/ledger';
import { countPendingDeposits, deleteDeposit, findDepositAccountId, insertDepositRequest, lockDeposit, markDepositCredited } from './deposits.repository';

/** Counted under the account's lock, so requests sent at once cannot all slip under the limit. */
export async function requestDeposit(tx: Transaction, user: SignedInUser, accountId: string, amountPoisha: bigint): Promise<string> {
  await lockOwnActiveAccount(tx, accountId, user.id);
  if ((await countPendingDeposits(tx, accountId)) >= pendingDepositsPerAccountMax) {
    const message = `This account already has ${pendingDepositsPerAccountMax} deposit requests waiting for staff: wait until they are decided`;
    throw new AppError(409, 'too_many_pending', message, { accNum: message });
  }
  return insertDepositRequest(tx, { accountId, ownerUserId: user.id, amountPoisha });
}

/** Locks in the fixed order account → deposit → ledger, the order every money path uses. */
async function lockDepositWithAccount(tx: Transaction, depositId: string) {
  const accountId = await findDepositAccountId(tx, depositId);
  if (!accountId) throw notFound('Deposit request');
  const account = (await lockAccounts(tx, [accountId])).get(accountId);
  const deposit = await lockDeposit(tx, depositId);
  if (!account || !deposit) throw notFound('Deposit request');
  return { account, deposit };
}

/** Staff approval credits the amount from the bank's cash account, once. */
export async function approveDeposit(tx: Transaction, staff: SignedInUser, depositId: string): Promise<void> {
  const { account, deposit } = await lockDepositWithAccount(tx, depositId);
  if (deposit.status !== 'pending') throw conflict('already_decided', 'This deposit has already been approved');
  if (account.owner_user_id === staff.id) throw new AppError(403, 'own_request', 'You cannot approve a request on your own account');
  if (account.status !== 'active') throw conflict('account_not_active', 'The account is not active');
  const amount = BigInt(deposit.amount_poisha);
  const posted = await postJournalEntry(tx, {
    kind: 'deposit',
    memo: `Cash deposit of ${formatBdt(amount)}`,
    referenceId: deposit.id,
    createdByUserId: staff.id,
    postings: [
      { accountCode: account.id, amountPoisha: amount },
      { accountCode: bankAccounts.cash, amountPoisha: -amount },
    ],
  }, lockedBalancesOf([account]));
  await markDepositCredited(tx, deposit.id, posted.entryId, staff.id);
  await recordAudit(tx, {
    actorUserId: staff.id,
    action: 'deposit.approve',
    subjectType: 'deposit_request',
    subjectId: deposit.id,
    before: 'pending',
    after: 'success',
    detail: { accountId: account.id, amountPoisha: deposit.amount_poisha },
  });
}

export async function deleteDepositRequest(tx: Transaction, staff: SignedInUser, depositId: string): Promise<void> {
  const { account, deposit } = await lockDepositWithAccount(tx, depositId);
  if (deposit.status !== 'pending') throw conflict('not_pending', 'Only a pending deposit request can be deleted');
  await deleteDeposit(tx, deposit.id);
  await recordAudit(tx, { actorUserId: staff.id, action: 'deposit.delete', subjectType: 'deposit_request', subjectId: deposit.id, before: 'pending', after: 'deleted', detail: { accountId: account.id } });
}
