import type { PaymentRepairAction } from '../../../shared/schemas/payment-operations';
import type { Transaction } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import type { SignedInUser } from '../auth/signed-in-user';
import { stepUpForEveryApproval, type AccountlessRequestType, type DecisionRecord } from '../decisions/staff-decision';
import { applyToPayment } from './payment-application';
import { findOutwardPayment, findRepair, insertRepair, lockPayment, lockRepair, markRepairDecided, pendingRepairOf, reEnquireNow, type LockedRepair } from './payment-operations.repository';

/**
 * Repairs of a payment the bank and the clearing house disagree on (record 072), as requests the
 * staff-decision pipeline decides: one member of staff asks, with a reason, and a second approves.
 * - `re_enquire`: the payment's outbox message goes back to unknown and due now, so the outbox's
 *   next round asks the switch (pacs.028) and applies its answer. Moves no money by itself.
 * - `mark_returned`: the switch confirmed by other means (a call, its portal) that a settled
 *   payment's money came back; the return is applied as a pacs.004 would be (`applyToPayment`):
 *   the customer gets the amount and the charge back, with a `returned` event and the reason code.
 */

export type RepairCommand = { action: PaymentRepairAction; reasonCode?: string | undefined; reason: string };

const inFlight = (status: string) => status === 'sending' || status === 'accepted';

/** Why a payment in this status cannot have this repair, if it cannot. */
function repairRefusal(action: PaymentRepairAction, status: string) {
  if (action === 're_enquire' && !inFlight(status)) return conflict('payment_not_in_flight', `The switch has answered this payment (it is ${status}): there is nothing to ask`);
  if (action === 'mark_returned' && status !== 'settled') return conflict('payment_not_settled', `Only a settled payment can come back (this one is ${status})`);
  return undefined;
}

/** A staff member asks for a repair; nothing changes until another approves it. One repair of a payment waits at a time. */
export async function fileRepair(tx: Transaction, staff: SignedInUser, paymentId: string, command: RepairCommand): Promise<string> {
  const found = await findOutwardPayment(tx, paymentId);
  if (!found) throw notFound('Payment');
  const refusal = repairRefusal(command.action, found.payment.status);
  if (refusal) throw refusal;
  if (await pendingRepairOf(tx, [paymentId])) throw conflict('repair_pending', 'A repair of this payment is waiting for approval: decide it first');
  const { payment } = found;
  const id = await insertRepair(tx, {
    paymentId,
    bankAccountId: payment.bankAccountId,
    ownerUserId: payment.ownerUserId,
    action: command.action,
    reasonCode: command.action === 'mark_returned' ? (command.reasonCode ?? null) : null,
    reason: command.reason,
    requestedByUserId: staff.id,
  });
  await recordAudit(tx, {
    actorUserId: staff.id,
    action: 'payment_repair.request',
    subjectType: 'payment_repair',
    subjectId: id,
    after: 'pending',
    detail: { paymentId, reference: payment.reference, action: command.action, status: payment.status, reason: command.reason, ...(command.reasonCode ? { reasonCode: command.reasonCode } : {}) },
  });
  return id;
}

async function applyRepair(tx: Transaction, request: LockedRepair): Promise<Record<string, unknown>> {
  const payment = await lockPayment(tx, request.paymentId);
  if (!payment) throw notFound('Payment');
  const refusal = repairRefusal(request.action, payment.status);
  if (refusal) throw refusal;
  if (request.action === 're_enquire') {
    if (!(await reEnquireNow(tx, payment.id, payment.messageId))) throw conflict('no_outbox_message', 'This payment has no message in the outbox to ask about');
    return { paymentId: payment.id, reference: payment.reference, action: request.action };
  }
  const reasonCode = request.reasonCode ?? 'NARR';
  const moved = await applyToPayment(tx, payment.messageId, { kind: 'return', reasonCode }, { messageId: null });
  if (moved?.status !== 'returned') throw conflict('payment_not_settled', 'The payment could not be marked returned');
  return { paymentId: payment.id, reference: payment.reference, action: request.action, reasonCode };
}

const alreadyDecided = { code: 'already_decided', message: 'This repair has already been decided' };

export const paymentRepairs: AccountlessRequestType<LockedRepair, DecisionRecord, DecisionRecord> = {
  label: 'Payment repair',
  subjectType: 'payment_repair',
  lockAlone: lockRepair,
  makerOf: (request) => request.requestedByUserId,
  // A return moves money to the customer: its approver proves again who they are. A re-enquiry only
  // asks the switch, so it is let through like an approval the pipeline refuses anyway (no code asked).
  approvalStepUp: stepUpForEveryApproval(
    'payment marked returned',
    async (db, repairId) => {
      const request = await findRepair(db, repairId);
      return request && { status: request.status, proposed_by_user_id: request.requestedByUserId, action: request.action };
    },
    (request) => request.action !== 'mark_returned',
  ),
  approve: {
    action: 'payment_repair.approve',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request }) => {
      const detail = await applyRepair(tx, request);
      await markRepairDecided(tx, request.id, 'approved', staff.id);
      return { after: 'approved', detail };
    },
  },
  decline: {
    action: 'payment_repair.decline',
    from: ['pending'],
    refusal: alreadyDecided,
    apply: async ({ tx, staff, request, note }) => {
      await markRepairDecided(tx, request.id, 'declined', staff.id, note);
      return { after: 'declined', detail: { paymentId: request.paymentId, action: request.action } };
    },
  },
};
