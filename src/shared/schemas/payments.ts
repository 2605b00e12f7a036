import { z } from 'zod';
import { bankGroups, participantKinds, rails } from '../bank-directory';

/** A bank or wallet a customer may pay, as `GET /api/banks` lists it: both names, so a search finds it in either language. */
export const directoryEntryAnswerSchema = z.object({
  code: z.string(),
  kind: z.enum(participantKinds),
  group: z.enum(bankGroups),
  nameEn: z.string(),
  nameBn: z.string(),
  rails: z.array(z.enum(rails)),
  /** A bank's head-office BEFTN routing number; flagged while it is not the real one. */
  headOfficeRoutingNumber: z.string().optional(),
  routingNumberInvented: z.boolean().optional(),
});
export type DirectoryEntryAnswer = z.output<typeof directoryEntryAnswerSchema>;

export const bankDirectoryAnswerSchema = z.array(directoryEntryAnswerSchema);

/**
 * Where a payment to another bank or wallet stands: `sending` until the clearing house answers
 * (or while its answer is unknown), `accepted` into a BEFTN session, `settled`, `rejected` (the
 * money came back at once) or `returned` (it came back after it settled).
 */
export const paymentStatuses = ['sending', 'accepted', 'settled', 'rejected', 'returned'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
