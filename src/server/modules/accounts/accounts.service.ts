import { pendingAccountRequestsPerCustomerMax, staffRole } from '../../../shared/constants';
import type { StatementAnswer } from '../../../shared/schemas/banking-answers';
import type { Database, Executor, Transaction } from '../../db/client';
import { runInSnapshot } from '../../db/snapshot';
import { AppError, assertInvariant, notFound } from '../../errors';
import type { SignedInUser } from '../auth/signed-in-user';
import { declinePendingRequest, type DecisionRecord, type RequestType } from '../decisions/staff-decision';
import { claimUpload, findUpload, uploadIdFromUrl } from '../images/images.repository';
import { generateAccountNumber } from '../ledger/account-number';
import {
  activateAccount,
  findAccount,
  insertAccount,
  listStatement,
  lockAccountRequest,
  lockAccounts,
  lockOwnerAndCountPendingAccounts,
  withAccountFacts,
  type AccountRequestCommand,
  type AccountRow,
  type AccountView,
  type LockedAccount,
} from './accounts.repository';
import { toStatementLine } from './account-answers';

const accountNumberAttemptsMax = 5;

export const emailMismatch = () => new AppError(400, 'invalid_input', 'Email must be the address you signed in with', { email: 'Email must be the address you signed in with' });

/** An image URL in a form must be an upload of ours that this user may use. */
export async function assertUsableUpload(executor: Executor, url: string, user: SignedInUser, field: string, label: string): Promise<void> {
  const id = uploadIdFromUrl(url);
  const upload = id ? await findUpload(executor, id) : undefined;
  if (!upload || (upload.ownerUserId !== null && upload.ownerUserId !== user.id)) {
    const message = `${label}: upload the image again`;
    throw new AppError(400, 'invalid_input', message, { [field]: message });
  }
}

/** Counted under the customer's lock, so requests sent at once cannot all slip under the bound. */
async function assertRoomForAccountRequest(tx: Transaction, user: SignedInUser): Promise<void> {
  if ((await lockOwnerAndCountPendingAccounts(tx, user.id)) < pendingAccountRequestsPerCustomerMax) return;
  const message = `You already have ${pendingAccountRequestsPerCustomerMax} account requests waiting for staff: wait until they are decided before asking for another`;
  throw new AppError(409, 'too_many_pending', message);
}

export async function requestAccount(tx: Transaction, user: SignedInUser, command: AccountRequestCommand): Promise<string> {
  if (command.email !== user.email.toLowerCase()) throw emailMismatch();
  await assertUsableUpload(tx, command.photoUrl, user, 'photoUrl', 'Profile Photo');
  await assertRoomForAccountRequest(tx, user);
  await claimUpload(tx, command.photoUrl, user.id);
  for (let attempt = 0; attempt < accountNumberAttemptsMax; attempt += 1) {
    const id = generateAccountNumber();
    // The name the customer gave once, on their profile: a request cannot open an account under another.
    if (await insertAccount(tx, { ...command, id, ownerUserId: user.id, holderName: user.name })) return id;
  }
  throw new Error('could not allocate an unused account number');
}

/** Customers see their own accounts; staff see any. Anyone else's id looks exactly like a missing one. */
export async function findVisibleAccount(executor: Executor, viewer: SignedInUser, accountId: string): Promise<AccountRow> {
  const row = await findAccount(executor, accountId);
  if (!row || (viewer.role !== staffRole && row.ownerUserId !== viewer.id)) throw notFound('Account');
  return row;
}

/** The account as its page shows it (balance, card, loan, deposit), to whoever may see it. */
export async function findVisibleAccountView(executor: Executor, viewer: SignedInUser, accountId: string): Promise<AccountView> {
  const [view] = await withAccountFacts(executor, [await findVisibleAccount(executor, viewer, accountId)]);
  assertInvariant(view !== undefined, 'every account read has its view');
  return view;
}

/** The sender side of every money movement: the customer's own account, and active. */
export function requireOwnActiveAccount(locked: ReadonlyMap<string, LockedAccount>, accountId: string, ownerUserId: string, field: string): LockedAccount {
  const account = locked.get(accountId);
  if (!account || account.owner_user_id !== ownerUserId) throw notFound('Account');
  if (account.status !== 'active') {
    const message = 'This account is not active yet: staff must approve it first';
    throw new AppError(400, 'account_not_active', message, { [field]: message });
  }
  return account;
}

export async function lockOwnActiveAccount(tx: Transaction, accountId: string, ownerUserId: string, field = 'accNum'): Promise<LockedAccount> {
  return requireOwnActiveAccount(await lockAccounts(tx, [accountId]), accountId, ownerUserId, field);
}

export async function statementOf(db: Database, viewer: SignedInUser, accountId: string, limit: number, before?: bigint): Promise<StatementAnswer> {
  return runInSnapshot(db, async (reader) => {
    await findVisibleAccount(reader, viewer, accountId);
    const rows = await listStatement(reader, accountId, limit + 1, before);
    const page = rows.slice(0, limit);
    return { accountId, lines: page.map((row) => toStatementLine(row, viewer.language)), nextBefore: rows.length > limit ? (page.at(-1)?.posting_id ?? null) : null };
  });
}

/** A request to open an account: its row is the account itself, locked already with its balance; the request layer reads it again typed. */
export const accountRequests: RequestType<AccountRow, DecisionRecord, DecisionRecord> = {
  label: 'Account',
  subjectType: 'bank_account',
  table: 'bank_account',
  lock: (tx, accountId) => lockAccountRequest(tx, accountId),
  opensTheAccount: true,
  notice: () => ({ request: 'account' }),
  approve: {
    action: 'account.approve',
    from: ['pending'],
    refusal: { code: 'already_decided', message: 'This account is already active' },
    apply: async ({ tx, staff, request }) => {
      await activateAccount(tx, request.id, staff.id);
      return { after: 'success' };
    },
  },
  decline: declinePendingRequest('account.decline', 'Only a pending account request can be declined: an active account keeps its money and history'),
};
