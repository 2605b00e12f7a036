import { z } from 'zod';
import { decisionReasonLengthMax } from '../constants';
import { paragraphs, refuseHiddenCharacters } from './fields';

/**
 * Why staff declined a request, from a fixed list: the customer reads it in their own language
 * (the web app translates the code), staff lists filter and count by it, and a free-text reason
 * alone could be neither. `other` needs a note that says what it was.
 */
export const declineReasons = ['documents_incomplete', 'identity_unverified', 'income_insufficient', 'account_ineligible', 'duplicate_request', 'customer_cancelled', 'other'] as const;
export type DeclineReason = (typeof declineReasons)[number];

const noteRequired = 'note is required when the reason is "other": say why the request is declined';

const reasonField = z.enum(declineReasons, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? 'reason is required: choose why the request is declined' : 'reason must be one of the listed decline reasons',
});

const noteField = z
  .string({ error: 'note must be text' })
  .trim()
  .normalize('NFC')
  .max(decisionReasonLengthMax, `note must be at most ${decisionReasonLengthMax} characters`)
  .superRefine(refuseHiddenCharacters('note', paragraphs))
  .optional()
  .transform((note) => (note === '' ? undefined : note));

/** `other` without a note says nothing: the rule both the staff's form and the server check. */
function requireNoteForOther(value: { reason?: DeclineReason | undefined; note?: string | undefined }, context: z.RefinementCtx) {
  if (value.reason === 'other' && value.note === undefined) context.addIssue({ code: 'custom', path: ['note'], message: noteRequired });
}

/**
 * The reason fields of a decline body. `reason` may be absent here because one endpoint also
 * cancels an issued card, which needs none; the decision pipeline refuses a decline of a
 * waiting request without one (400 naming `reason`), for every request type alike.
 */
export const declineFields = { reason: reasonField.optional(), note: noteField };

export const declineFieldsRefinement = requireNoteForOther;

/** The staff's decline form: a reason is always chosen there. */
export const declineFormSchema = z.object({ reason: reasonField, note: noteField }).superRefine(requireNoteForOther);
export type DeclineInput = z.output<typeof declineFormSchema>;

/** What a customer's answer carries about a declined request; absent on every other request. */
export const declinedAnswerFields = {
  declinedReason: z.enum(declineReasons).optional(),
  declinedNote: z.string().optional(),
  declinedAt: z.string().optional(),
};
