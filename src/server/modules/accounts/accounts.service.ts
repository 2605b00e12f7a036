import type { z } from 'zod';
import { pendingAccountRequestsPerCustomerMax, staffRole } from '../../../shared/constants';
import type { accountRequestSchema } from '../../../shared/schemas/banking';
import type { StatementAnswer } from '../../../shared/schemas/banking-answers';
import type { Database, Executor, Transaction } from '../../db/client';
import { runInSnapshot } from '../../db/snapshot';
import { AppError, notFound } from '../../errors';
import type { SignedInUser } from '../auth/signed-in-user';
import { declinePendingRequest, type DecisionRecord, type RequestType } from '../decisions/staff-decision';
import { claimUpload, findUpload, uploadIdFromUrl } from '../images/images.repository';
import { generateAccountNumber } from '../ledger/account-number';
import {
  activateAccount,
  findAccountById,
  findAccountOfOwner,
  insertAccount,
  listStatement,
  lockAccounts,
  lockOwnerAndCountPendingAccounts,
  type AccountViewRow,
  type LockedAccount,
} from './accounts.repository';
import { toStatementLine } from './account-answers';

const accountNumberAttemptsMax = 5;

export const emailMismatch = () =>
  new AppError(400, 'invalid_input', 'Email must be the address you signed in with', { email: 'Email must be the address you signed in with' });

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

export async function requestAccount(tx: Transaction, user: SignedInUser, input: z.output<typeof accountRequestSchema>): Promise<string> {
  if (input.email !== user.email.toLowerCase()) throw emailMismatch();
  await assertUsableUpload(tx, input.img, user, 'img', 'Profile Photo');
  await assertRoomForAccountRequest(tx, user);
  await claimUpload(tx, input.img, user.id);
  for (let attempt = 0; attempt < accountNumberAttemptsMax; attempt += 1) {
    const id = generateAccountNumber();
    const inserted = await insertAccount(tx, {
      id,
      ownerUserId: user.id,
      accountType: input.role,
      // The name the customer gave once, on their profile: a request cannot open an account under another.
      holderName: user.name,
      email: input.email,
      phone: input.phone,
      photoUrl: input.img,
      gender: input.gender,
      birthDate: input.birthDate,
      nid: input.nid,
      residentialArea: input.residentialArea,
      permanentArea: input.permanentArea,
      nomineeName: input.nomineeName,
      nomineeNid: input.nomineeId,
      nomineeRelation: input.nomineeRelation,
    });
    if (inserted) return id;
  }
  throw new Error('could not allocate an unused account number');
}

/** Customers see their own accounts; staff see any. Anyone else's id looks exactly like a missing one. */
export async function findVisibleAccount(executor: Executor, viewer: SignedInUser, accountId: string): Promise<AccountViewRow> {
  const row = viewer.role === staffRole ? await findAccountById(executor, accountId) : await findAccountOfOwner(executor, viewer.id, accountId);
  if (!row) throw notFound('Account');
  return row;
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

/** A request to open an account: its row is the account itself, so there is nothing else to lock. */
export const accountRequests: RequestType<LockedAccount, DecisionRecord, DecisionRecord> = {
  label: 'Account',
  subjectType: 'bank_account',
  table: 'bank_account',
  lock: async (_tx, _accountId, account) => account,
  opensTheAccount: true,
  notice: () => ({ request: 'account' }),
  approve: {
    action: 'account.approve',
    from: ['pending'],
    refusal: { code: 'already_decided', message: 'This account is already active' },
    apply: async ({ tx, staff, account }) => {
      await activateAccount(tx, account.id, staff.id);
      return { after: 'success' };
    },
  },
  decline: declinePendingRequest('account.decline', 'Only a pending account request can be declined: an active account keeps its money and history'),
};
