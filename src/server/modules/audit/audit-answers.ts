import { poishaToBdtNumber } from '../../../shared/money';
import type { AuditEventAnswer } from '../../../shared/schemas/audit';
import { toIso } from '../../lib/answer-fields';
import type { AuditEventRow } from './audit.repository';

const digitsPattern = /^-?\d{1,18}$/;

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function detailOf(row: AuditEventRow): Record<string, unknown> {
  return row.detail ?? {};
}

export function toAuditEventAnswer(row: AuditEventRow, accountId: string): AuditEventAnswer {
  const detail = detailOf(row);
  const amountPoisha = textOrNull(detail.amountPoisha);
  return {
    _id: row.id,
    createdAt: toIso(row.created_at),
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    accountId: textOrNull(detail.accountId) ?? accountId,
    actorUserId: row.actor_user_id,
    actorEmail: row.actor_email,
    actorName: row.actor_name,
    before: textOrNull(detail.before),
    after: textOrNull(detail.after),
    amount: amountPoisha && digitsPattern.test(amountPoisha) ? poishaToBdtNumber(BigInt(amountPoisha)) : null,
    cardType: textOrNull(detail.cardType),
  };
}
