import { z } from 'zod';
import { listPageSizeMax } from '../constants';
import { listLimit, listOffset } from './fields';

/** The audit trail of one account is paged; a page holds at most `listPageSizeMax` events. */
export const auditTrailPageSizeDefault = 50;

export const auditTrailQuerySchema = z.object({
  limit: listLimit(listPageSizeMax, auditTrailPageSizeDefault),
  offset: listOffset(),
});
export type AuditTrailQuery = z.infer<typeof auditTrailQuerySchema>;

/**
 * One staff action on an account or on its cards, loans and deposits, as GET
 * /api/auditTrail/account/{id} answers it, newest first. `before` and `after` are statuses in
 * the wire's words (`docs/wire-names.md`: `pending`, `success`, `declined`, `cancelled`, `deleted`); `amount` is in
 * BDT for actions that moved money (a deposit or a loan), otherwise null.
 */
export const auditEventAnswerSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  accountId: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  amount: z.number().nullable(),
  cardType: z.string().nullable(),
});
export type AuditEventAnswer = z.infer<typeof auditEventAnswerSchema>;
export const auditTrailAnswerSchema = z.array(auditEventAnswerSchema);
