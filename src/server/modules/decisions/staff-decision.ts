import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import type { DecidedRequest } from '../../../shared/schemas/notifications';
import { AppError, conflict, notFound } from '../../errors';
import { recordAudit, type AuditRecord } from '../../lib/audit';
import { idempotencyKeyOf, runClaimed, runIdempotent, type KeyClaim } from '../../lib/idempotency';
import { spokenStatus } from '../../lib/status-words';
import { requireUser } from '../../plugins/access-guard';
import type { SignedInUser } from '../auth/signed-in-user';
import { lockAccounts, type LockedAccount } from '../accounts/accounts.repository';
import type { DeclineReason } from '../../../shared/schemas/decline';
import { findRequestAccountId, markRequestDeclined, type DecidedTable } from './decisions.repository';
import { type NoticeDraft, raiseNotices } from '../notices/notices.service';
import { offeredSecondFactorCode, requireFreshSecondFactor, stepUpRequired, type SecondFactor } from '../two-factor/second-factor';
import { staffApprovalCaps, staffApprovalStepUpAbovePoisha } from '../two-factor/second-factor-rules';
import { countWithoutCode } from '../two-factor/unconfirmed-amounts';

/** Staff approve a request (open the account, issue the card, pay out the loan or deposit) or decline it. */
export type Decision = 'approve' | 'decline';

/** The staff member's reason for a decline: a code from the shared list, and a note (required for `other`). */
export type DeclineGrounds = { reason?: DeclineReason | undefined; note?: string | undefined };

/**
 * What an `apply` step works on: the request and its account, both locked, in the decision's
 * transaction. `declineRequest` is the pipeline's one way to decline a waiting request: it
 * keeps the row as `declined` with the staff's reason (and refuses a decline without one).
 */
export type DecisionContext<Row> = { tx: Transaction; staff: SignedInUser; request: Row; account: LockedAccount; declineRequest: () => Promise<DecisionRecord> };
/**
 * What an `apply` step of a request that belongs to no account works on: the request, locked,
 * and the staff member's words on a decline (`note`), for a request type that keeps them on its row.
 */
export type AccountlessDecisionContext<Row> = { tx: Transaction; staff: SignedInUser; request: Row; note: string | undefined };

/**
 * What a decision did, for the audit trail and the answer: the status it left (`success`,
 * `deleted`, …), and the status before it when the subject's is not the request's own (a staff
 * member `enabled` before their disabling is approved).
 */
export type DecisionRecord = { after: string; before?: string; action?: string; detail?: Record<string, unknown> };

export type DecisionStep<Row, Outcome extends DecisionRecord, Context = DecisionContext<Row>> = {
  /** The audit action, unless the outcome names another (`card.cancel` for an issued card). */
  action: string;
  /** The stored statuses this decision may act on; any other is refused with `refusal` (409). */
  from: readonly string[];
  refusal: { code: string; message: string };
  /** The request type's own work; the checks before it and the audit event after it are the pipeline's. */
  apply: (context: Context) => Promise<Outcome>;
};

/** A request's row: its status as the table stores it (`pending`, `active`, …). */
export type RequestRow = { status: string };

/**
 * What the owner's notice of a decision tells of the request: how it is named, and the facts its
 * row holds (the amount of a loan or a deposit, a card's type). `reference`, a deposit's short
 * reference, is told when the request is approved: the one the customer was given when asking.
 */
export type RequestFacts = { request: DecidedRequest; amountPoisha?: string; cardType?: string; reference?: string };

/** Everything the pipeline needs to know about one kind of request that belongs to a bank account; a new kind writes one of these. */
export type RequestType<Row extends RequestRow, Approved extends DecisionRecord, Declined extends DecisionRecord> = {
  /** Named in the 404: `Loan` was not found. */
  label: string;
  subjectType: AuditRecord['subjectType'];
  /** Where the request's row lives: `bank_account` for the account request, whose row is the account. */
  table: DecidedTable;
  /** The request's row, locked; called with its account already locked. */
  lock: (tx: Transaction, requestId: string, account: LockedAccount) => Promise<Row | undefined>;
  /** Approval needs the account active, except for the request that opens the account. */
  opensTheAccount?: true;
  approve: DecisionStep<Row, Approved>;
  decline: DecisionStep<Row, Declined>;
  /** What the owner's notice of the decision tells of this request, read from its locked row. */
  notice: (request: Row) => RequestFacts;
  /** Why approving this request needs a fresh code from the staff member's app, if it does. */
  approvalStepUp?: ApprovalStepUp;
};

/**
 * What approving a request asks of the staff member's second factor: why a fresh code is needed
 * whatever else happened (`reason`), and what the approval pays out of the bank (`payoutPoisha`),
 * which, approved without a code, counts against what one staff member may pay out without one
 * (`staffApprovalCaps`). Asked before the decision's transaction, since checking a code writes
 * outside it.
 */
export type ApprovalStepUp = (db: Database, requestId: string, staff: SignedInUser) => Promise<{ reason?: string | undefined; payoutPoisha?: bigint | undefined }>;

/** Step-up for request types that pay money out of the bank: above 5,00,000 BDT a fresh code, and below it the sum without codes counted. */
export function stepUpAboveStaffApprovalLimit(label: string, amountOf: (db: Database, requestId: string) => Promise<bigint | undefined>): ApprovalStepUp {
  return async (db, requestId) => {
    const amount = await amountOf(db, requestId);
    if (amount === undefined) return {};
    return { reason: amount > staffApprovalStepUpAbovePoisha ? `${label} approval over 5,00,000 BDT` : undefined, payoutPoisha: amount };
  };
}

/**
 * Step-up for every approval of a change a member of staff proposed (a transfer limit, a service
 * notice): each approval needs a fresh code, except one the pipeline refuses anyway (a missing
 * proposal, one already decided, the approver's own, or `refusedAlso`), which is refused without
 * asking for a code. The proposal is read without a lock; the pipeline decides again under it.
 */
export function stepUpForEveryApproval<Row extends { status: string; proposed_by_user_id: string }>(
  reason: string,
  find: (db: Database, proposalId: string) => Promise<Row | undefined>,
  refusedAlso: (proposal: Row) => boolean = () => false,
): ApprovalStepUp {
  return async (db, proposalId, staff) => {
    const proposal = await find(db, proposalId);
    const refusedAnyway = proposal === undefined || proposal.status !== 'pending' || proposal.proposed_by_user_id === staff.id || refusedAlso(proposal);
    return refusedAnyway ? {} : { reason };
  };
}

/**
 * A kind of request that belongs to no bank account (a change to the bank's own settings, such
 * as a transfer limit): the pipeline locks its row alone. Its maker, the staff member who asked
 * for it, may not approve it: a second member of staff must.
 */
export type AccountlessRequestType<Row extends RequestRow, Approved extends DecisionRecord, Declined extends DecisionRecord> = {
  label: string;
  subjectType: AuditRecord['subjectType'];
  /** The request's row, locked; nothing is locked before it. */
  lockAlone: (tx: Transaction, requestId: string) => Promise<Row | undefined>;
  /** Who asked for it: refused as its approver. */
  makerOf: (request: Row) => string;
  approve: DecisionStep<Row, Approved, AccountlessDecisionContext<Row>>;
  decline: DecisionStep<Row, Declined, AccountlessDecisionContext<Row>>;
  approvalStepUp?: ApprovalStepUp;
};

/** Any kind of request the pipeline decides. */
export type AnyRequestType<Row extends RequestRow, Approved extends DecisionRecord, Declined extends DecisionRecord> =
  RequestType<Row, Approved, Declined> | AccountlessRequestType<Row, Approved, Declined>;

/**
 * The decline of a request that has moved no money yet: only a pending request may be declined,
 * so an approved one keeps its money and its history. The row stays, marked `declined` with the
 * reason, for the customer to read; a new request type gets this by naming its audit action.
 */
export function declinePendingRequest<Row extends RequestRow>(action: string, refusalMessage: string): DecisionStep<Row, DecisionRecord> {
  return {
    action,
    from: ['pending'],
    refusal: { code: 'not_pending', message: refusalMessage },
    apply: ({ declineRequest }) => declineRequest(),
  };
}

type OutcomeOf<Kind extends Decision, Approved, Declined> = Kind extends 'approve' ? Approved : Declined;

const ownRequest = () => new AppError(403, 'own_request', 'You cannot approve a request on your own account');

/** The maker-checker rule: a change a member of staff asked for is approved by another one. */
const secondApproverRequired = () => new AppError(403, 'second_approver_required', 'Another staff member must approve a change you asked for');

const reasonRequired = 'reason is required: choose why the request is declined';

/** Declines the locked, pending request with the staff's reason; without a reason nothing is written. */
async function recordDecline(tx: Transaction, table: DecidedTable, requestId: string, staff: SignedInUser, grounds: DeclineGrounds): Promise<DecisionRecord> {
  if (grounds.reason === undefined) throw new AppError(400, 'invalid_input', reasonRequired, { reason: reasonRequired });
  await markRequestDeclined(tx, table, requestId, { reason: grounds.reason, note: grounds.note, staffUserId: staff.id });
  return { after: 'declined', detail: { reason: grounds.reason, ...(grounds.note === undefined ? {} : { note: grounds.note }) } };
}

/**
 * Locks in the one order every path that touches money takes: the bank account (with its ledger
 * balance), then the request, then, inside `apply`, the bank's own ledger accounts. Two staff
 * members deciding the same request at once are decided one after the other, and the second
 * sees the first one's status.
 */
async function lockRequest<Row extends RequestRow>(tx: Transaction, type: RequestType<Row, DecisionRecord, DecisionRecord>, requestId: string) {
  const accountId = type.table === 'bank_account' ? requestId : await findRequestAccountId(tx, type.table, requestId);
  if (accountId === undefined) throw notFound(type.label);
  const account = (await lockAccounts(tx, [accountId])).get(accountId);
  const request = account ? await type.lock(tx, requestId, account) : undefined;
  if (!account || request === undefined) throw notFound(type.label);
  return { account, request };
}

/**
 * Decides one request inside the caller's transaction: locks it, refuses what the bank's rules
 * forbid (a request already decided; staff approving a request on their own account, or a change
 * they asked for themselves; approving for an account that is not active), runs the request
 * type's `apply` and records the audit event, with the staff member's reason when one was given,
 * and the notice to the request's owner (in the app and by e-mail), all in the same transaction.
 * A decline of a waiting request needs a reason; a refused one rolls back with nothing written.
 */
export async function decideRequest<Row extends RequestRow, Approved extends DecisionRecord, Declined extends DecisionRecord, Kind extends Decision>(
  tx: Transaction,
  type: AnyRequestType<Row, Approved, Declined>,
  decision: { kind: Kind; staff: SignedInUser; requestId: string } & DeclineGrounds,
): Promise<OutcomeOf<Kind, Approved, Declined>> {
  const decided = 'lockAlone' in type ? await decideAccountless(tx, type, decision) : await decideOnAccount(tx, type, decision);
  await recordAudit(tx, {
    actorUserId: decision.staff.id,
    action: decided.outcome.action ?? decided.action,
    subjectType: type.subjectType,
    subjectId: decision.requestId,
    before: decided.outcome.before ?? spokenStatus(decided.status),
    after: decided.outcome.after,
    detail: { ...decided.detail, ...(decision.reason === undefined ? {} : { reason: decision.reason }), ...(decision.note === undefined ? {} : { note: decision.note }), ...decided.outcome.detail },
  });
  return decided.outcome as OutcomeOf<Kind, Approved, Declined>;
}

type DecisionInput = { kind: Decision; staff: SignedInUser; requestId: string } & DeclineGrounds;
/** What one decision did, for its audit event: the status before, the step's action and outcome, and detail of the subject. */
type Decided = { status: string; action: string; outcome: DecisionRecord; detail: Record<string, unknown> };

/** The refusal for a request whose status the step does not act on (already decided), if any. */
function refusalOfStatus(label: string, step: { from: readonly string[]; refusal: { code: string; message: string } }, status: string): AppError | undefined {
  if (step.from.includes(status)) return undefined;
  if (status === 'declined') return conflict('already_declined', `${label} was already declined`);
  return conflict(step.refusal.code, step.refusal.message);
}

async function decideOnAccount<Row extends RequestRow>(tx: Transaction, type: RequestType<Row, DecisionRecord, DecisionRecord>, decision: DecisionInput): Promise<Decided> {
  const { account, request } = await lockRequest(tx, type, decision.requestId);
  const step = decision.kind === 'approve' ? type.approve : type.decline;
  const { status } = request;
  const refused = refusalOfStatus(type.label, step, status);
  if (refused) throw refused;
  if (decision.kind === 'approve') {
    if (account.owner_user_id === decision.staff.id) throw ownRequest();
    if (!type.opensTheAccount && account.status !== 'active') throw conflict('account_not_active', 'The account is not active');
  }
  const declineRequest = () => recordDecline(tx, type.table, decision.requestId, decision.staff, decision);
  const outcome = await step.apply({ tx, staff: decision.staff, request, account, declineRequest });
  await raiseNotices(tx, [decisionNotice(type.notice(request), decision, account, outcome)]);
  return { status, action: step.action, outcome, detail: { accountId: account.id } };
}

async function decideAccountless<Row extends RequestRow>(tx: Transaction, type: AccountlessRequestType<Row, DecisionRecord, DecisionRecord>, decision: DecisionInput): Promise<Decided> {
  const request = await type.lockAlone(tx, decision.requestId);
  if (request === undefined) throw notFound(type.label);
  const step = decision.kind === 'approve' ? type.approve : type.decline;
  const { status } = request;
  const refused = refusalOfStatus(type.label, step, status);
  if (refused) throw refused;
  if (decision.kind === 'approve' && type.makerOf(request) === decision.staff.id) throw secondApproverRequired();
  const outcome = await step.apply({ tx, staff: decision.staff, request, note: decision.note });
  return { status, action: step.action, outcome, detail: {} };
}

/**
 * What the owner of a request is told of its decision, in the same transaction: approved (with the
 * amount paid in, for a loan or a deposit) or declined, with the staff member's reason. The facts
 * come from the request type (`notice`), so a new type names its own.
 */
function decisionNotice(facts: RequestFacts, decision: { kind: Decision } & DeclineGrounds, account: LockedAccount, outcome: DecisionRecord): NoticeDraft {
  const { reference, ...told } = facts;
  const params = { ...told, accountId: account.id };
  const common = { userId: account.owner_user_id, name: account.holder_name, at: new Date() };
  if (decision.kind === 'approve' && outcome.after !== 'deleted') return { ...common, kind: 'request-approved', params: reference === undefined ? params : { ...params, reference } };
  const grounds = { ...(decision.reason === undefined ? {} : { reason: decision.reason }), ...(decision.note === undefined ? {} : { note: decision.note }) };
  // Declining an issued card's request cancels the card: the customer is told the card is gone, not that a request was turned down.
  if (outcome.after === 'cancelled')
    return { ...common, kind: 'card-cancelled', params: { accountId: params.accountId, ...(params.cardType === undefined ? {} : { cardType: params.cardType }), ...grounds } };
  return { ...common, kind: 'request-declined', params: { ...params, ...grounds } };
}

/** What a route plugin that takes staff decisions receives: the database, and the codes a step-up checks. */
export type StaffDecisionDeps = { db: Database; secondFactor: SecondFactor };

/**
 * A staff member's decision as one HTTP request: one transaction, one commit, with the
 * Idempotency-Key claimed and its answer stored in it, so a resent approval moves money once.
 */
export async function runStaffDecision<Row extends RequestRow, Approved extends DecisionRecord, Declined extends DecisionRecord, Kind extends Decision, Answer>(
  { db, secondFactor }: StaffDecisionDeps,
  httpRequest: FastifyRequest,
  type: AnyRequestType<Row, Approved, Declined>,
  decision: { kind: Kind; requestId: string } & DeclineGrounds,
  answer: (outcome: OutcomeOf<Kind, Approved, Declined>) => Answer,
): Promise<Answer> {
  const staff = requireUser(httpRequest);
  const stepUp = decision.kind === 'approve' ? await type.approvalStepUp?.(db, decision.requestId, staff) : undefined;
  // A code offered unasked is checked too: it is how the web app resends an approval refused
  // because the staff member's payouts without a code would pass a threshold.
  const confirmed = decision.kind === 'approve' && (stepUp?.reason !== undefined || offeredSecondFactorCode(httpRequest) !== '');
  if (confirmed) await requireFreshSecondFactor(secondFactor, httpRequest, stepUp?.reason ?? 'code offered');
  const payoutWithoutCode = confirmed ? undefined : stepUp?.payoutPoisha;
  return runIdempotent(db, httpRequest, staff.id, async (tx) => answer(await decideCounted(tx, type, { ...decision, staff }, payoutWithoutCode)));
}

/** Decides, then counts what an approval without a code paid out against the staff member's caps. */
async function decideCounted<Row extends RequestRow, Approved extends DecisionRecord, Declined extends DecisionRecord, Kind extends Decision>(
  tx: Transaction,
  type: AnyRequestType<Row, Approved, Declined>,
  decision: { kind: Kind; staff: SignedInUser; requestId: string } & DeclineGrounds,
  payoutWithoutCode: bigint | undefined,
): Promise<OutcomeOf<Kind, Approved, Declined>> {
  const outcome = await decideRequest(tx, type, decision);
  // Counted after the decision's own locks, in the order transfers take theirs (accounts, then sums).
  if (payoutWithoutCode !== undefined) await countWithoutCode(tx, decision.staff, staffApprovalCaps, payoutWithoutCode);
  return outcome;
}

/** What happened to one request of several approved at once. */
export type ApprovalOfMany = { id: string; outcome: 'approved' } | { id: string; outcome: 'refused'; code: string; message: string };

/**
 * Approves several requests of one type as a staff member would one after the other, without a
 * code: each in its own transaction through `decideRequest`, with the same refusals, the same
 * audit event and notice, and its payout counted against what the staff member may pay out
 * without a code. A code confirms one operation, so an approval that needs one (a payout above
 * the threshold, or one that would pass the caps) is refused here and taken on its own. One
 * refusal leaves the others as they are; the answer says, request by request, what happened.
 * Under the batch's Idempotency-Key each request claims a key of its own (the batch's key and
 * the request's id), so a resent batch approves nothing twice and answers what was done.
 */
export async function approveEach<Row extends RequestRow, Approved extends DecisionRecord, Declined extends DecisionRecord>(
  db: Database,
  httpRequest: FastifyRequest,
  type: RequestType<Row, Approved, Declined>,
  requestIds: readonly string[],
): Promise<ApprovalOfMany[]> {
  const staff = requireUser(httpRequest);
  const batchKey = idempotencyKeyOf(httpRequest);
  const outcomes: ApprovalOfMany[] = [];
  // One after the other, in the order asked: a staff member's payouts without a code are counted
  // in that order, and the later approvals of the batch see the earlier ones.
  for (const requestId of requestIds) {
    const claim = batchKey === undefined ? undefined : { userId: staff.id, key: `${batchKey}:${requestId}`, fingerprint: approvalFingerprint(type.label, requestId) };
    outcomes.push(await approveOneOfMany(db, type, staff, requestId, claim));
  }
  return outcomes;
}

const approvalFingerprint = (label: string, requestId: string) => createHash('sha256').update(`approve ${label} ${requestId}`).digest('hex');

async function approveOneOfMany<Row extends RequestRow, Approved extends DecisionRecord, Declined extends DecisionRecord>(
  db: Database,
  type: RequestType<Row, Approved, Declined>,
  staff: SignedInUser,
  requestId: string,
  claim: KeyClaim | undefined,
): Promise<ApprovalOfMany> {
  try {
    const stepUp = await type.approvalStepUp?.(db, requestId, staff);
    if (stepUp?.reason !== undefined) throw stepUpRequired(staff);
    await runClaimed(db, claim, async (tx) => {
      await decideCounted(tx, type, { kind: 'approve', requestId, staff }, stepUp?.payoutPoisha);
      return { approved: true };
    });
    return { id: requestId, outcome: 'approved' };
  } catch (error) {
    // Refusals are answered item by item; anything else is a fault, answered 500 as everywhere
    // (the approvals before it are committed, and the batch resent with its key answers them).
    if (error instanceof AppError && error.statusCode < 500) return { id: requestId, outcome: 'refused', code: error.code, message: error.message };
    throw error;
  }
}
