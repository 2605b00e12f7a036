import { z } from 'zod';
import { decisionReasonLengthMax } from '../constants';
import { fdrTermsMonths } from '../interest/fixed-deposit';
import { dpsInstalmentStepPoisha, dpsTermsYears } from '../interest/savings-scheme';
import { poishaPerBdt } from '../money';
import { amountInPoisha } from './amount';
import { bankEraYears, calendarDate } from './date-fields';
import { paragraphs, requiredText, wellFormedText } from './fields';
import { ratePercentInBasisPoints, termsProposalStatuses } from './interest-terms';

/** The two term deposit products whose rates staff change: the FDR (terms in months) and the DPS (terms in years). */
export const productRateSchemes = ['fdr', 'dps'] as const;
export type ProductRateScheme = (typeof productRateSchemes)[number];

/** The terms each product offers, as its table's check allows them: a sheet names every one. */
export const termsOfScheme: Record<ProductRateScheme, readonly number[]> = { fdr: fdrTermsMonths, dps: dpsTermsYears };

const earlyRateName: Record<ProductRateScheme, string> = { fdr: 'Premature rate', dps: 'Early-closure rate' };
const termUnit: Record<ProductRateScheme, string> = { fdr: 'months', dps: 'years' };

export const earlyAboveAnnualMessage = (scheme: ProductRateScheme) => `${earlyRateName[scheme]} must not be above the annual rate`;

/** What a sheet's amounts are whole multiples of: taka for an FDR's principal, the DPS instalment's step of 500 BDT. */
const amountStepPoisha: Record<ProductRateScheme, bigint> = { fdr: poishaPerBdt, dps: dpsInstalmentStepPoisha };
const amountStepMessage = (label: string, scheme: ProductRateScheme) => (scheme === 'fdr' ? `${label} must be whole taka` : `${label} must be a whole multiple of 500 BDT`);
export const fdrHasNoMaximum = 'An FDR has a minimum deposit only: leave out the maximum amount';
export const maximumBelowMinimum = 'Maximum amount must not be below the minimum amount';

const termRatesSchema = z.object({
  term: z.number({ error: 'Term must be a number' }).int('Term must be a whole number'),
  annualRatePercent: ratePercentInBasisPoints('Annual rate'),
  /** What a deposit broken before its term earns: the FDR's premature rate, the DPS's early-closure rate. */
  prematureRatePercent: ratePercentInBasisPoints('Premature rate'),
});

/**
 * A new rate sheet for the FDR or the DPS product, as a member of staff proposes it: from a
 * business date (the server refuses one not after the current business date), every term of the
 * product exactly once, each with its annual rate and the rate for breaking it early, in percent
 * with at most two decimals (read as basis points), the early rate no more than the annual one;
 * and the product's amounts in BDT, which every term of the sheet takes: an FDR's minimum
 * principal in whole taka, a DPS's lowest and highest monthly instalment in whole multiples of
 * its 500 BDT step, the highest no lower than the lowest.
 */
export const productRateProposalSchema = z
  .object({
    scheme: z.enum(productRateSchemes, { error: 'scheme must be fdr or dps' }),
    effectiveFrom: calendarDate({ label: 'Effective date', years: bankEraYears, example: '2027-01-01' }),
    terms: z.array(termRatesSchema, { error: 'terms must be a list of rates by term' }).max(fdrTermsMonths.length, `At most ${fdrTermsMonths.length} terms`),
    amountMin: amountInPoisha('Minimum amount'),
    amountMax: amountInPoisha('Maximum amount').optional(),
    reason: requiredText('Reason is required', decisionReasonLengthMax, paragraphs).transform(wellFormedText),
  })
  .superRefine((value, context) => {
    const { scheme, amountMin, amountMax } = value;
    const step = amountStepPoisha[scheme];
    if (amountMin % step !== 0n) context.addIssue({ code: 'custom', path: ['amountMin'], message: amountStepMessage('Minimum amount', scheme) });
    if (scheme === 'fdr' && amountMax !== undefined) context.addIssue({ code: 'custom', path: ['amountMax'], message: fdrHasNoMaximum });
    if (scheme === 'dps' && amountMax === undefined) context.addIssue({ code: 'custom', path: ['amountMax'], message: 'Maximum amount is required' });
    if (scheme === 'dps' && amountMax !== undefined) {
      if (amountMax % step !== 0n) context.addIssue({ code: 'custom', path: ['amountMax'], message: amountStepMessage('Maximum amount', scheme) });
      else if (amountMax < amountMin) context.addIssue({ code: 'custom', path: ['amountMax'], message: maximumBelowMinimum });
    }
    const offered = termsOfScheme[value.scheme];
    const seen = new Set<number>();
    value.terms.forEach((row, index) => {
      if (!offered.includes(row.term)) context.addIssue({ code: 'custom', path: ['terms', index, 'term'], message: `${row.term} ${termUnit[value.scheme]} is not a term of this product` });
      else if (seen.has(row.term)) context.addIssue({ code: 'custom', path: ['terms', index, 'term'], message: `The rates for ${row.term} ${termUnit[value.scheme]} are given twice` });
      seen.add(row.term);
      if (row.prematureRatePercent > row.annualRatePercent) context.addIssue({ code: 'custom', path: ['terms', index, 'prematureRatePercent'], message: earlyAboveAnnualMessage(value.scheme) });
    });
    const missing = offered.filter((term) => !seen.has(term));
    if (missing.length > 0) context.addIssue({ code: 'custom', path: ['terms'], message: `Give the rates for every term: ${missing.join(', ')} ${termUnit[value.scheme]} missing` });
  });
export type ProductRateProposalInput = z.input<typeof productRateProposalSchema>;
export type ProductRateProposal = z.output<typeof productRateProposalSchema>;

/** One term's rates as the API answers them, in percent. */
export const termRatesAnswerSchema = z.object({ term: z.number(), annualRatePercent: z.number(), prematureRatePercent: z.number() });
export type TermRatesAnswer = z.infer<typeof termRatesAnswerSchema>;

/**
 * The rows of one product that start on one date, as one sheet: who proposed and approved them
 * (null for the rates the bank opened with), and their place on the business date.
 */
export const productRateSheetSchema = z.object({
  scheme: z.enum(productRateSchemes),
  effectiveFrom: z.string(),
  /** In force on the business date for at least one term; a later sheet is scheduled, an earlier one history. */
  state: z.enum(['history', 'in-force', 'scheduled']),
  terms: z.array(termRatesAnswerSchema),
  /** The FDR's minimum principal or the DPS's lowest instalment, for every term of the sheet. */
  amountPoishaMin: z.string(),
  /** The DPS's highest instalment; null for an FDR. */
  amountPoishaMax: z.string().nullable(),
  proposedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
});
export type ProductRateSheet = z.infer<typeof productRateSheetSchema>;

export const productRateSheetsSchema = z.object({ businessDate: z.string(), sheets: z.array(productRateSheetSchema) });
export type ProductRateSheets = z.infer<typeof productRateSheetsSchema>;

export const productRateProposalAnswerSchema = z.object({
  id: z.string(),
  scheme: z.enum(productRateSchemes),
  effectiveFrom: z.string(),
  terms: z.array(termRatesAnswerSchema),
  amountPoishaMin: z.string(),
  amountPoishaMax: z.string().nullable(),
  reason: z.string(),
  status: z.enum(termsProposalStatuses),
  proposedBy: z.string(),
  proposedByUserId: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declinedReason: z.string().nullable(),
});
export type ProductRateProposalAnswer = z.infer<typeof productRateProposalAnswerSchema>;
