import { z } from 'zod';
import { decisionReasonLengthMax, loanMonthlyIncomeMinCeilingBdt, loanTypeSlugs } from '../constants';
import { formatBdt, poishaPerBdt } from '../money';
import { amountInPoisha } from './amount';
import { requiredText } from './fields';
import { publicTermsSchema } from './interest-terms';

const featureSchema = z.object({ title: z.string(), details: z.string() });

/** The wire's field names (`docs/wire-names.md`): accounts say `Description` and `facilities`, cards and loans `description` and `rules`. */
export const accountTypeSchema = z.object({
  _id: z.string(),
  accountType: z.string(),
  name: z.string(),
  img: z.string(),
  Description: z.string(),
  facilities: z.array(featureSchema),
  /** The interest terms in force on the business date; null for a type that has none. */
  interest: publicTermsSchema.nullable(),
});
export const cardTypeSchema = z.object({
  _id: z.string(),
  cardType: z.string(),
  name: z.string(),
  img: z.string(),
  description: z.string(),
  rules: z.array(featureSchema),
});
export const loanTypeSchema = z.object({
  _id: z.string(),
  loanType: z.string(),
  name: z.string(),
  img: z.string(),
  description: z.string(),
  rules: z.array(featureSchema),
  /** The monthly income, in BDT, this loan type asks of an applicant; staff set it. */
  monthlyIncomeMin: z.number(),
});

/** Staff set one loan type's monthly income floor, in BDT (more than nothing, at most the ceiling), with the reason the audit trail keeps. */
export const loanIncomeFloorSchema = z.object({
  monthlyIncomeMin: amountInPoisha('Monthly income floor').refine((poisha) => poisha <= BigInt(loanMonthlyIncomeMinCeilingBdt) * poishaPerBdt, {
    message: `Monthly income floor must be at most ${formatBdt(BigInt(loanMonthlyIncomeMinCeilingBdt) * poishaPerBdt)}`,
  }),
  reason: requiredText('Reason is required', decisionReasonLengthMax),
});
export const loanTypeSlugParams = z.object({ slug: z.enum(loanTypeSlugs, { error: 'Loan type is not one the bank offers' }) });
export type AccountType = z.infer<typeof accountTypeSchema>;
export type CardType = z.infer<typeof cardTypeSchema>;
export type LoanType = z.infer<typeof loanTypeSchema>;
