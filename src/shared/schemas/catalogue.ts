import { z } from 'zod';

const featureSchema = z.object({ title: z.string(), details: z.string() });

/** The spec's field names: accounts say `Description` and `facilities`, cards and loans `description` and `rules`. */
export const accountTypeSchema = z.object({
  _id: z.string(),
  accountType: z.string(),
  name: z.string(),
  img: z.string(),
  Description: z.string(),
  facilities: z.array(featureSchema),
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
});
export type AccountType = z.infer<typeof accountTypeSchema>;
export type CardType = z.infer<typeof cardTypeSchema>;
export type LoanType = z.infer<typeof loanTypeSchema>;
