import { schema, type Executor } from '../db/client';

export type AuditRecord = {
  actorUserId: string;
  action: string;
  subjectType:
    | 'user'
    | 'bank_account'
    | 'card'
    | 'loan'
    | 'deposit_request'
    | 'service_notice'
    | 'service_notice_proposal'
    | 'transfer_limit_proposal'
    | 'excise_duty_table'
    | 'interest_terms_proposal'
    | 'product_rate_proposal'
    | 'loan_type'
    | 'bank_holiday'
    | 'payment_repair'
    | 'reconciliation_run'
    | 'reconciliation_break'
    | 'day_close_run';
  subjectId: string;
  before?: string | null;
  after?: string | null;
  detail?: Record<string, unknown>;
};

/** Written in the same transaction as the action it records, so the trail never disagrees with the data. */
export async function recordAudit(executor: Executor, record: AuditRecord): Promise<void> {
  await executor.insert(schema.auditEvent).values({
    actorUserId: record.actorUserId,
    action: record.action,
    subjectType: record.subjectType,
    subjectId: record.subjectId,
    detail: { before: record.before ?? null, after: record.after ?? null, ...record.detail },
  });
}
