import { z } from 'zod';
import { decisionReasonLengthMax } from '../constants';
import { amountErrorMessages, parseAmountToPoisha } from '../money';
import { bankEraYears, calendarDate } from './date-fields';
import { decisionReason, paragraphs, requiredText, wellFormedText } from './fields';
import { languages } from '../language';

/** A Finance Act's table has eight slabs; twenty leaves room for any table the revenue may set. */
export const exciseSlabCountMax = 20;

/** An amount in BDT as the amount fields read it, or exactly 0 (a slab that pays nothing). */
function bdtOrZero(label: string) {
  return z.unknown().transform((value, context): bigint => {
    if (value === 0 || (typeof value === 'string' && /^\s*0+(\.0{1,2})?\s*$/.test(value))) return 0n;
    const parsed = parseAmountToPoisha(value);
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: `${label} ${amountErrorMessages[parsed.reason]}` });
      return z.NEVER;
    }
    return parsed.poisha;
  });
}

/** A slab's upper bound in BDT, inclusive, or null for the last slab, which has none. */
const slabBound = z.unknown().transform((value, context): bigint | null => {
  if (value === null) return null;
  const parsed = parseAmountToPoisha(value);
  if (!parsed.ok) {
    context.addIssue({ code: 'custom', message: `Highest balance ${amountErrorMessages[parsed.reason]}` });
    return z.NEVER;
  }
  return parsed.poisha;
});

export const exciseSlabsOrderMessage = 'Each slab’s highest balance must be above the one before, and only the last slab has none (null)';

/**
 * A staff member's proposal of a new excise duty table: the slabs from the smallest balance up,
 * each the highest balance of the year it covers (inclusive, BDT) and the duty (BDT, 0 allowed),
 * the last without a bound; in force from `effectiveFrom`, which the server requires to be after
 * the bank's business date, so a table in force is never replaced for a day already charged.
 */
export const exciseTableProposalSchema = z.object({
  effectiveFrom: calendarDate({ label: 'Effective date', years: bankEraYears, example: '2027-07-01' }),
  slabs: z
    .array(z.object({ upTo: slabBound, duty: bdtOrZero('Duty') }), { error: 'slabs must be a list of slabs' })
    .min(1, 'Give at least one slab')
    .max(exciseSlabCountMax, `At most ${exciseSlabCountMax} slabs`)
    .superRefine((slabs, context) => {
      const ordered = slabs.every((slab, index) => {
        const last = index === slabs.length - 1;
        if (last) return slab.upTo === null;
        const before = index === 0 ? 0n : slabs[index - 1]?.upTo;
        return slab.upTo !== null && before !== null && before !== undefined && slab.upTo > before;
      });
      if (!ordered) context.addIssue({ code: 'custom', message: exciseSlabsOrderMessage });
    }),
  reason: requiredText('Reason is required', decisionReasonLengthMax, paragraphs).transform(wellFormedText),
});
export type ExciseTableProposalInput = z.input<typeof exciseTableProposalSchema>;
export type ExciseTableProposal = z.output<typeof exciseTableProposalSchema>;

export const exciseTableIdParams = z.object({ id: z.uuid('Table id is not valid') });
export const exciseTableDeclineBody = z.object({ reason: decisionReason() }).nullish();
export const exciseTableProposedAnswerSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export type ExciseTableProposedAnswer = z.output<typeof exciseTableProposedAnswerSchema>;

/** One excise table as staff see it, amounts in BDT; a seeded table has no proposer. */
export const exciseTableAnswerSchema = z.object({
  _id: z.string(),
  effectiveFrom: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  reason: z.string(),
  slabs: z.array(z.object({ upTo: z.number().nullable(), duty: z.number() })),
  proposedBy: z.string().nullable(),
  proposedByUserId: z.string().nullable(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type ExciseTableAnswer = z.infer<typeof exciseTableAnswerSchema>;

/** How many of the latest levied years the staff screen sums up. */
export const exciseSummaryYearsMax = 5;

/**
 * The excise duty of the latest levied years, summed over every account (record 090): the duty
 * the tables set, what 31 December took, what later closes collected of the rest and what is
 * still due; with the bank's business date, which says which table is in force.
 */
export const exciseSummaryAnswerSchema = z.object({
  businessDate: z.string(),
  years: z.array(z.object({ year: z.number().int(), accounts: z.number().int(), duty: z.number(), charged: z.number(), collected: z.number(), due: z.number() })),
});
export type ExciseSummaryAnswer = z.infer<typeof exciseSummaryAnswerSchema>;

/** The years a tax certificate can be asked for: the bank's era. */
export const taxCertificateQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'year must be a whole number' })
    .int('year must be a whole number')
    .min(bankEraYears.earliest, `year must be from ${bankEraYears.earliest} to ${bankEraYears.latest}`)
    .max(bankEraYears.latest, `year must be from ${bankEraYears.earliest} to ${bankEraYears.latest}`),
  language: z.enum(languages, { error: `Language must be ${languages.join(' or ')}` }).optional(),
});
