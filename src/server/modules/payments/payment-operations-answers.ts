import { parseMessage } from '../../../clearing-house/protocol/messages';
import { poishaToBdtNumber } from '../../../shared/money';
import type { InwardPaymentAnswer, OutwardPaymentAnswer, PaymentRepairAnswer, ReconciliationBreakAnswer, ReconciliationRunAnswer } from '../../../shared/schemas/payment-operations';
import type { InwardRow, OutwardRow, RepairRow } from './payment-operations.repository';
import type { BreakWithNames, ReconciliationRunRow } from './reconciliation.repository';

/** The staff's payments operations' rows as their answers (`src/shared/schemas/payment-operations.ts`): money in BDT, instants in ISO. */

const bdtOrNull = (poisha: bigint | null) => (poisha === null ? null : poishaToBdtNumber(poisha));

export function toOutwardAnswer(row: OutwardRow): OutwardPaymentAnswer {
  const { payment } = row;
  return {
    direction: 'out',
    id: payment.id,
    reference: payment.reference,
    accountId: payment.bankAccountId,
    rail: payment.rail,
    status: payment.status,
    reasonCode: payment.reasonCode,
    amount: poishaToBdtNumber(payment.amountPoisha),
    charge: poishaToBdtNumber(payment.feePoisha + payment.vatPoisha),
    receiverParticipant: payment.receiverParticipant,
    receiverAccount: payment.receiverAccount,
    receiverName: payment.receiverName,
    messageId: payment.messageId,
    endToEndId: payment.endToEndId,
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
    outbox:
      row.outboxState === null || row.outboxAttempts === null || row.outboxNextAttemptAt === null
        ? null
        : { state: row.outboxState, attempts: row.outboxAttempts, nextAttemptAt: row.outboxNextAttemptAt.toISOString() },
    stuck: row.stuck,
  };
}

/** An inward payment from its pacs.008 as delivered and the bank's answer to it. */
export function toInwardAnswer(row: InwardRow): InwardPaymentAnswer {
  const transfer = parseMessage(row.xml);
  if (transfer.type !== 'pacs.008') throw new Error('an inward payment is a pacs.008');
  const answer = row.answerXml ? parseMessage(row.answerXml) : undefined;
  return {
    direction: 'in',
    messageId: transfer.messageId,
    endToEndId: transfer.endToEndId,
    rail: transfer.rail,
    status: answer?.type === 'pacs.002' && answer.status === 'ACSC' ? 'credited' : 'refused',
    amount: poishaToBdtNumber(transfer.amountPoisha),
    fromParticipant: transfer.debtorAgent,
    fromAccount: transfer.debtor.account,
    fromName: transfer.debtor.name,
    toAccount: transfer.creditor.account,
    receivedAt: row.receivedAt.toISOString(),
  };
}

export function toRepairAnswer(row: RepairRow): PaymentRepairAnswer {
  const { repair } = row;
  return {
    id: repair.id,
    paymentId: repair.paymentId,
    paymentReference: row.paymentReference,
    action: repair.action,
    reasonCode: repair.reasonCode,
    reason: repair.reason,
    status: repair.status,
    requestedBy: row.requestedBy,
    requestedByUserId: repair.requestedByUserId,
    requestedAt: repair.requestedAt.toISOString(),
    decidedAt: repair.decidedAt?.toISOString() ?? null,
  };
}

export function toRunAnswer(run: ReconciliationRunRow): ReconciliationRunAnswer {
  return {
    id: run.id,
    from: run.periodFrom.toISOString(),
    to: run.periodTo.toISOString(),
    state: run.state,
    failure: run.failure,
    switchItems: run.switchItems,
    bankItems: run.bankItems,
    matchedItems: run.matchedItems,
    breakCount: run.breakCount,
    ranAt: run.ranAt.toISOString(),
  };
}

export function toBreakAnswer(found: BreakWithNames): ReconciliationBreakAnswer {
  return {
    id: found.id.toString(),
    kind: found.kind,
    direction: found.direction,
    messageId: found.messageId,
    endToEndId: found.endToEndId,
    paymentId: found.paymentId,
    switchAmount: bdtOrNull(found.switchAmountPoisha),
    bankAmount: bdtOrNull(found.bankAmountPoisha),
    switchSays: found.switchSays,
    bankSays: found.bankSays,
    state: found.state,
    runId: found.runId,
    explanation: found.explanation,
    explainedBy: found.explainedByName,
    explainedAt: found.explainedAt?.toISOString() ?? null,
  };
}
