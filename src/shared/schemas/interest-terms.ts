import { z } from 'zod';
import { accountTypeSlugs, decisionReasonLengthMax } from '../constants';
import { toAsciiDigits } from '../digits';
import { amountErrorMessages, parseAmountToPoisha } from '../money';
import { bankEraYears, calendarDate } from './date-fields';
import { paragraphs, requiredText, wellFormedText } from './fields';

/** How savings interest is credited: at each month's end, or on 30 June and 31 December. */
export const postingFrequencies = ['monthly', 'half-yearly'] as const;
export type PostingFrequencyName = (typeof postingFrequencies)[number];

/** A published savings product has a few tiers; more would be a table nobody can read on a phone. */
export const rateTiersMax = 8;

/**
 * A balance threshold in BDT that may be 0 (the first tier starts at 0, and a product may earn
 * from the first poisha), otherwise read as every amount is.
 */
function thresholdInPoisha(label: string) {
  return z.unknown().transform((value, context): bigint => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      context.addIssue({ code: 'custom', message: `${label} is required` });
      return z.NEVER;
    }
    const text = typeof value === 'string' ? toAsciiDigits(value).trim() : value;
    if (text === 0 || (typeof text === 'string' && /^0+(\.0{1,2})?$/.test(text))) return 0n;
    if ((typeof text === 'number' && text < 0) || (typeof text === 'string' && text.startsWith('-'))) {
      context.addIssue({ code: 'custom', message: `${label} must not be negative` });
      return z.NEVER;
    }
    const parsed = parseAmountToPoisha(text);
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: `${label} ${amountErrorMessages[parsed.reason]}` });
      return z.NEVER;
    }
    return parsed.poisha;
  });
}

const ratePattern = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * An annual rate as staff type it, in percent with at most two decimals ("4.25"), read as basis
 * points (425): the accrual's unit. From 0 % (a current account) to 100 %.
 */
export function ratePercentInBasisPoints(label: string) {
  return z.unknown().transform((value, context): number => {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? toAsciiDigits(value).trim() : '';
    if (text === '') {
      context.addIssue({ code: 'custom', message: `${label} is required` });
      return z.NEVER;
    }
    if (text.startsWith('-')) {
      context.addIssue({ code: 'custom', message: `${label} must not be negative` });
      return z.NEVER;
    }
    if (!ratePattern.test(text)) {
      context.addIssue({ code: 'custom', message: `${label} must be a percentage with at most two decimals, for example 4.25` });
      return z.NEVER;
    }
    const [whole = '0', fraction = ''] = text.split('.');
    const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    if (basisPoints > 10_000) {
      context.addIssue({ code: 'custom', message: `${label} must be at most 100` });
      return z.NEVER;
    }
    return basisPoints;
  });
}

export const firstTierFromZeroMessage = 'The first tier must start from 0 BDT';
export const tiersRiseMessage = 'Each tier must start above the tier before it';

/**
 * New interest terms for one account type, as a member of staff proposes them: from a business
 * date (the server refuses one not after the current business date), tiers ascending from 0 with
 * no two starting at the same balance, each the rate on the whole balance from its threshold up
 * (record 077), the posting frequency and the balance below which a day earns nothing.
 */
export const interestTermsProposalSchema = z
  .object({
    accountType: z.enum(accountTypeSlugs, { error: 'Please select the Account Type' }),
    effectiveFrom: calendarDate({ label: 'Effective date', years: bankEraYears, example: '2027-01-01' }),
    posting: z.enum(postingFrequencies, { error: 'posting must be monthly or half-yearly' }),
    balanceToEarnMin: thresholdInPoisha('Minimum balance to earn'),
    tiers: z
      .array(z.object({ balanceMin: thresholdInPoisha('Tier balance'), annualRatePercent: ratePercentInBasisPoints('Rate') }), { error: 'tiers must be a list of rate tiers' })
      .min(1, 'Give at least one rate tier')
      .max(rateTiersMax, `At most ${rateTiersMax} rate tiers`),
    reason: requiredText('Reason is required', decisionReasonLengthMax, paragraphs).transform(wellFormedText),
  })
  .superRefine((value, context) => {
    const [first, ...rest] = value.tiers;
    if (first && first.balanceMin !== 0n) context.addIssue({ code: 'custom', path: ['tiers', 0, 'balanceMin'], message: firstTierFromZeroMessage });
    rest.forEach((tier, index) => {
      const before = value.tiers[index];
      if (before && tier.balanceMin <= before.balanceMin) context.addIssue({ code: 'custom', path: ['tiers', index + 1, 'balanceMin'], message: tiersRiseMessage });
    });
  });
export type InterestTermsProposalInput = z.input<typeof interestTermsProposalSchema>;
export type InterestTermsProposal = z.output<typeof interestTermsProposalSchema>;

/** One tier as the API answers it: the threshold in BDT, the rate in percent (2.5 for 250 basis points). */
export const rateTierAnswerSchema = z.object({ balanceMin: z.number(), annualRatePercent: z.number() });
export type RateTierAnswer = z.infer<typeof rateTierAnswerSchema>;

/** A terms version: who proposed and approved it (null for the terms the bank opened with). */
export const interestTermsAnswerSchema = z.object({
  id: z.string(),
  accountType: z.enum(accountTypeSlugs),
  effectiveFrom: z.string(),
  posting: z.enum(postingFrequencies),
  balanceToEarnMin: z.number(),
  tiers: z.array(rateTierAnswerSchema),
  /** In force on the current business date; a later one is scheduled, an earlier one history. */
  state: z.enum(['history', 'in-force', 'scheduled']),
  proposedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
});
export type InterestTermsAnswer = z.infer<typeof interestTermsAnswerSchema>;

/** Every version of every account type's terms, and the business date they were judged on. */
export const interestTermsListSchema = z.object({ businessDate: z.string(), versions: z.array(interestTermsAnswerSchema) });
export type InterestTermsList = z.infer<typeof interestTermsListSchema>;

export const termsProposalStatuses = ['pending', 'approved', 'declined'] as const;
export type TermsProposalStatus = (typeof termsProposalStatuses)[number];

export const termsProposalAnswerSchema = z.object({
  id: z.string(),
  accountType: z.enum(accountTypeSlugs),
  effectiveFrom: z.string(),
  posting: z.enum(postingFrequencies),
  balanceToEarnMin: z.number(),
  tiers: z.array(rateTierAnswerSchema),
  reason: z.string(),
  status: z.enum(termsProposalStatuses),
  proposedBy: z.string(),
  proposedByUserId: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declinedReason: z.string().nullable(),
});
export type TermsProposalAnswer = z.infer<typeof termsProposalAnswerSchema>;

export const termsProposedAnswerSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export type TermsProposedAnswer = z.output<typeof termsProposedAnswerSchema>;
export const termsProposalIdParams = z.object({ id: z.uuid('Proposal id is not valid') });
export const termsDeclineBodySchema = z.object({ reason: requiredText('Reason is required', decisionReasonLengthMax).transform(wellFormedText) });
export type TermsDeclineBody = z.input<typeof termsDeclineBodySchema>;

/** A basis-point rate as the API answers it, in percent: 425 → 4.25. */
export const basisPointsToPercent = (basisPoints: number | bigint): number => Number(basisPoints) / 100;

/** An account type's terms in force, as the public product page shows them. */
export const publicTermsSchema = z.object({
  effectiveFrom: z.string(),
  posting: z.enum(postingFrequencies),
  balanceToEarnMin: z.number(),
  tiers: z.array(rateTierAnswerSchema),
});
export type PublicTerms = z.infer<typeof publicTermsSchema>;

/** One FDR term's rates as the public product pages list them. */
export const publicFdrRateSchema = z.object({ termMonths: z.number(), annualRatePercent: z.number(), prematureRatePercent: z.number(), principalMin: z.number() });
export type PublicFdrRate = z.infer<typeof publicFdrRateSchema>;

/** One DPS term's rates as the public rates list them. */
export const publicDpsRateSchema = z.object({ termYears: z.number(), annualRatePercent: z.number(), earlyRatePercent: z.number() });
export type PublicDpsRate = z.infer<typeof publicDpsRateSchema>;

/** The rates the public site shows beside the account types: the FDR and DPS terms offered today. */
export const publicRatesSchema = z.object({ fdr: z.array(publicFdrRateSchema), dps: z.array(publicDpsRateSchema) });
export type PublicRates = z.infer<typeof publicRatesSchema>;

/**
 * What one of the customer's accounts earns: the rate its balance reaches today under the terms in
 * force, how they are posted, the balance below which a day earns nothing, and the interest
 * accrued since the last posting, rounded down to the poisha ("accrued, not yet posted").
 */
export const accountInterestSchema = z.object({
  annualRatePercent: z.number(),
  posting: z.enum(postingFrequencies),
  balanceToEarnMin: z.number(),
  accruedNotPosted: z.number(),
  /** The last posting's business date; null before the first. */
  lastPostedOn: z.string().nullable(),
});
export type AccountInterest = z.infer<typeof accountInterestSchema>;
