import { z } from 'zod';
import { fdrTermsMonths } from '../interest/fixed-deposit';
import { amountInPoisha } from './amount';
import { accountNumber, accountRequestFields } from './banking';

export const fdrInstructions = ['credit', 'renew-principal', 'renew-all'] as const;
export type FdrInstruction = (typeof fdrInstructions)[number];
export const fdrStatuses = ['active', 'matured', 'renewed', 'encashed'] as const;
export type FdrStatus = (typeof fdrStatuses)[number];

const termMonths = z.coerce
  .number({ error: 'Choose a term' })
  .int('Choose a term')
  .refine((months) => (fdrTermsMonths as readonly number[]).includes(months), `The term must be one of ${fdrTermsMonths.join(', ')} months`);
const instruction = z.enum(fdrInstructions, { error: 'Choose what happens at maturity' });

/** What a quote needs: the account the principal comes from, the amount and the term. */
export const fdrQuoteSchema = z.object({
  accountId: accountNumber('Your account number'),
  amount: amountInPoisha('Amount'),
  termMonths,
});

/**
 * Opening an FDR: the quote's facts, what happens at maturity, and a nominee, read by the same
 * rules as an account request's nominee.
 */
export const fdrOpenSchema = fdrQuoteSchema.extend({
  instruction,
  nomineeName: accountRequestFields.shape.nomineeName,
  nomineeId: accountRequestFields.shape.nomineeId,
  nomineeRelation: accountRequestFields.shape.nomineeRelation,
});

export const fdrInstructionSchema = z.object({ instruction });

const poisha = z.string().regex(/^-?\d+$/);

export const fdrProductAnswerSchema = z.object({
  termMonths: z.number(),
  annualRateBasisPoints: z.number(),
  prematureRateBasisPoints: z.number(),
  principalPoishaMin: poisha,
  effectiveFrom: z.string(),
});
export const fdrProductsAnswerSchema = z.object({ products: z.array(fdrProductAnswerSchema) });

/** The figures of a payout: interest, the source tax withheld from it, and what is paid. */
export const fdrPayoutAnswerSchema = z.object({
  payoutDay: z.string(),
  days: z.number(),
  interestPoisha: poisha,
  taxPercent: z.number(),
  taxPoisha: poisha,
  paidPoisha: poisha,
});
export type FdrPayoutAnswer = z.infer<typeof fdrPayoutAnswerSchema>;

/** An FDR's terms as fixed at opening: what a quote promises and what the opened deposit says, alike. */
const fdrTermsAnswerShape = {
  accountId: z.string(),
  principalPoisha: poisha,
  termMonths: z.number(),
  annualRateBasisPoints: z.number(),
  prematureRateBasisPoints: z.number(),
  openingDay: z.string(),
  maturityDay: z.string(),
};

export const fdrQuoteAnswerSchema = z.object({
  ...fdrTermsAnswerShape,
  hasTin: z.boolean(),
  maturity: fdrPayoutAnswerSchema,
});
export type FdrQuoteAnswer = z.infer<typeof fdrQuoteAnswerSchema>;

export const fdrAnswerSchema = z.object({
  id: z.string(),
  ...fdrTermsAnswerShape,
  holderName: z.string(),
  instruction: z.enum(fdrInstructions),
  nomineeName: z.string(),
  nomineeRelation: z.string(),
  status: z.enum(fdrStatuses),
  reference: z.string(),
  renewsId: z.string().nullable(),
  /** At today's tax rates while it is active; what was paid once it closed. */
  maturity: fdrPayoutAnswerSchema,
  closedDay: z.string().nullable(),
  interestPoisha: poisha.nullable(),
  taxPoisha: poisha.nullable(),
  paidPoisha: poisha.nullable(),
});
export type FdrAnswer = z.infer<typeof fdrAnswerSchema>;
export const fdrListAnswerSchema = z.object({ deposits: z.array(fdrAnswerSchema) });

export const fdrEncashmentQuoteAnswerSchema = z.object({
  id: z.string(),
  encashment: fdrPayoutAnswerSchema,
  fullTerm: fdrPayoutAnswerSchema,
  forgonePoisha: poisha,
});
export type FdrEncashmentQuoteAnswer = z.infer<typeof fdrEncashmentQuoteAnswerSchema>;
export const fdrEncashedAnswerSchema = fdrEncashmentQuoteAnswerSchema.extend({ reference: z.string(), accountBalancePoisha: poisha });
