import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import { recordAudit, type AuditRecord } from '../../lib/audit';
import { runIdempotent } from '../../lib/idempotency';
import { spokenStatus } from '../../lib/status-words';
import { requireUser, type SignedInUser } from '../../plugins/access-guard';
import { lockAccounts, type LockedAccount } from '../accounts/accounts.repository';
import { requireFreshSecondFactor } from '../two-factor/second-factor';
import { staffApprovalStepUpAbovePoisha } from '../two-factor/second-factor-rules';
import { findRequestAccountId, type RequestTable } from './decisions.repository';

/** Staff approve a request (open the account, issue the card, pay out the loan or deposit) or decline it. */
export type Decision = 'approve' | 'decline';

/** What an `apply` step works on: the request and its account, both locked, in the decision's transaction. */
export type DecisionContext<Row> = { tx: Transaction; staff: SignedInUser; request: Row; account: LockedAccount };

/** What a decision did, for the audit trail and the answer: the status it left (`success`, `deleted`, …). */
export type DecisionRecord = { after: string; action?: string; detail?: Record<string, unknown> };

export type DecisionStep<Row, Outcome extends DecisionRecord> = {
  /** The audit action, unless the outcome names another (`card.cancel` for an issued card). */
  action: string;
  /** The stored statuses this decision may act on; any other is refused with `refusal` (409). */
  from: readonly string[];
  refusal: { code: string; message: string };
  /** The request type's own work; the checks before it and the audit event after it are the pipeline's. */
  apply: (context: DecisionContext<Row>) => Promise<Outcome>;
};

/** A request's row: its status as the table stores it (`pending`, `active`, …). */
export type RequestRow = { status: string };

/** Everything the pipeline needs to know about one kind of request; a new kind writes one of these. */
export type RequestType<Row extends RequestRow, Approved extends DecisionRecord, Declined extends DecisionRecord> = {
  /** Named in the 404: `Loan` was not found. */
  label: string;
  subjectType: AuditRecord['subjectType'];
  /** Where the request's row lives; absent for the account request, whose row is the account. */
  table?: RequestTable;
  /** The request's row, locked; called with its account already locked. */
  lock: (tx: Transaction, requestId: string, account: LockedAccount) => Promise<Row | undefined>;
  /** Approval needs the account active, except for the request that opens the account. */
  opensTheAccount?: true;
  approve: DecisionStep<Row, Approved>;
  decline: DecisionStep<Row, Declined>;
  /**
   * What an approval pays out, for request types that move money out of the bank: above
   * `staffApprovalStepUpAbovePoisha` the staff member confirms with a fresh code (step-up).
   */
  approvalAmountPoisha?: (db: Database, requestId: string) => Promise<bigint | undefined>;
};

/**
 * The decline of a request that has moved no money yet: only a pending request may be removed,
 * so an approved one keeps its money and its history.
 */
export function deletePendingRequest<Row extends RequestRow & { id: string }>(
  action: string,
  refusalMessage: string,
  remove: (tx: Transaction, requestId: string) => Promise<void>,
): DecisionStep<Row, DecisionRecord> {
  return {
    action,
    from: ['pending'],
    refusal: { code: 'not_pending', message: refusalMessage },
    apply: async ({ tx, request }) => {
      await remove(tx, request.id);
      return { after: 'deleted' };
    },
  };
}

type OutcomeOf<Kind extends Decision, Approved, Declined> = Kind extends 'approve' ? Approved : Declined;

const ownRequest = () => new AppError(403, 'own_request', 'You cannot approve a request on your own account');

/**
 * Locks in the one order every path that touches money takes: the bank account (with its ledger
 * balance), then the request, then, inside `apply`, the bank's own ledger accounts. Two staff
 * members deciding the same request at once are decided one after the other, and the second
 * sees the first one's status.
 */
async function lockRequest<Row extends RequestRow>(tx: Transaction, type: RequestType<Row, DecisionRecord, DecisionRecord>, requestId: string) {
  const accountId = type.table === undefined ? requestId : await findRequestAccountId(tx, type.table, requestId);
  if (accountId === undefined) throw notFound(type.label);
  const account = (await lockAccounts(tx, [accountId])).get(accountId);
  const request = account ? await type.lock(tx, requestId, account) : undefined;
  if (!account || request === undefined) throw notFound(type.label);
  return { account, request };
}

/**
 * Decides one request inside the caller's transaction: locks it, refuses what the bank's rules
 * forbid (a request already decided; staff approving a request on their own account; approving
 * for an account that is not active), runs the request type's `apply` and records the audit
 * event, with the staff member's reason when one was given, in the same transaction.
 */
export async function decideRequest<Row extends RequestRow, Approved extends DecisionRecord, Declined extends DecisionRecord, Kind extends Decision>(
  tx: Transaction,
  type: RequestType<Row, Approved, Declined>,
  decision: { kind: Kind; staff: SignedInUser; requestId: string; reason?: string | undefined },
): Promise<OutcomeOf<Kind, Approved, Declined>> {
  const { account, request } = await lockRequest(tx, type, decision.requestId);
  const step: DecisionStep<Row, Approved | Declined> = decision.kind === 'approve' ? type.approve : type.decline;
  const { status } = request;
  if (!step.from.includes(status)) throw conflict(step.refusal.code, step.refusal.message);
  if (decision.kind === 'approve') {
    if (account.owner_user_id === decision.staff.id) throw ownRequest();
    if (!type.opensTheAccount && account.status !== 'active') throw conflict('account_not_active', 'The account is not active');
  }
  const outcome = await step.apply({ tx, staff: decision.staff, request, account });
  await recordAudit(tx, {
    actorUserId: decision.staff.id,
    action: outcome.action ?? step.action,
    subjectType: type.subjectType,
    subjectId: decision.requestId,
    before: spokenStatus(status),
    after: outcome.after,
    detail: { accountId: account.id, ...outcome.detail, ...(decision.reason === undefined ? {} : { reason: decision.reason }) },
  });
  return outcome as OutcomeOf<Kind, Approved, Declined>;
}

/**
 * A staff member's decision as one HTTP request: one transaction, one commit, with the
 * Idempotency-Key claimed and its answer stored in it, so a resent approval moves money once.
 */
export async function runStaffDecision<Row extends RequestRow, Approved extends DecisionRecord, Declined extends DecisionRecord, Kind extends Decision, Answer>(
  db: Database,
  httpRequest: FastifyRequest,
  type: RequestType<Row, Approved, Declined>,
  decision: { kind: Kind; requestId: string; reason?: string | undefined },
  answer: (outcome: OutcomeOf<Kind, Approved, Declined>) => Answer,
): Promise<Answer> {
  const staff = requireUser(httpRequest);
  if (decision.kind === 'approve' && type.approvalAmountPoisha) {
    const amount = await type.approvalAmountPoisha(db, decision.requestId);
    if (amount !== undefined && amount > staffApprovalStepUpAbovePoisha) await requireFreshSecondFactor(httpRequest, `${type.label} approval over 5,00,000 BDT`);
  }
  return runIdempotent(db, httpRequest, staff.id, async (tx) => answer(await decideRequest(tx, type, { ...decision, staff })));
}
