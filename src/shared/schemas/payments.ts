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
