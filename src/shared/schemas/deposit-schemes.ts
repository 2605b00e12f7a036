import { z } from 'zod';
import { dpsDayOfMonthMax, dpsInstalmentStepPoisha, dpsTermsYears } from '../interest/savings-scheme';
import { amountInPoisha } from './amount';
import { accountNumber, accountRequestFields } from './banking';

export const dpsStatuses = ['active', 'defaulted', 'matured', 'closed'] as const;
export type DpsStatus = (typeof dpsStatuses)[number];
/** `retrying`: past its due day, still tried on the following days; `stopped`: never to be taken, the scheme having defaulted or closed. */
export const dpsInstalmentStates = ['paid', 'due', 'retrying', 'missed', 'stopped'] as const;
export type DpsInstalmentState = (typeof dpsInstalmentStates)[number];

const termYears = z.coerce
  .number({ error: 'Choose a term' })
  .int('Choose a term')
  .refine((years) => (dpsTermsYears as readonly number[]).includes(years), `The term must be one of ${dpsTermsYears.join(', ')} years`);
/** The step only: the lowest and highest instalment are the product's in force, which the server checks (record 089). */
const instalment = amountInPoisha('Instalment').refine((poisha) => poisha % dpsInstalmentStepPoisha === 0n, 'The instalment is in whole multiples of 500 BDT');
const dayOfMonth = z.coerce.number({ error: 'Choose a day of the month' }).int('Choose a day of the month').min(1, 'Choose a day from 1 to 28').max(dpsDayOfMonthMax, 'Choose a day from 1 to 28');

/** What a quote needs: the account the instalments come from, the instalment, the term and the day of the month. */
export const dpsQuoteSchema = z.object({ accountId: accountNumber('Your account number'), instalment, termYears, dayOfMonth });

/** Opening a DPS: the quote's facts and a nominee, read by the same rules as an account request's nominee. */
export const dpsOpenSchema = dpsQuoteSchema.extend({
  nomineeName: accountRequestFields.shape.nomineeName,
  nomineeId: accountRequestFields.shape.nomineeId,
  nomineeRelation: accountRequestFields.shape.nomineeRelation,
});

const poisha = z.string().regex(/^-?\d+$/);

export const dpsProductsAnswerSchema = z.object({
  products: z.array(z.object({ termYears: z.number(), annualRateBasisPoints: z.number(), earlyRateBasisPoints: z.number(), effectiveFrom: z.string() })),
  /** The instalment bounds of the products in force: one sheet sets them for every term. */
  instalmentPoishaMin: poisha,
  instalmentPoishaMax: poisha,
  instalmentStepPoisha: poisha,
});

export const dpsPayoutAnswerSchema = z.object({ payoutDay: z.string(), depositedPoisha: poisha, interestPoisha: poisha, taxPercent: z.number(), taxPoisha: poisha, paidPoisha: poisha });
export type DpsPayoutAnswer = z.infer<typeof dpsPayoutAnswerSchema>;

export const dpsQuoteAnswerSchema = z.object({
  accountId: z.string(),
  instalmentPoisha: poisha,
  termYears: z.number(),
  dayOfMonth: z.number(),
  annualRateBasisPoints: z.number(),
  earlyRateBasisPoints: z.number(),
  openingDay: z.string(),
  maturityDay: z.string(),
  hasTin: z.boolean(),
  schedule: z.array(z.string()),
  maturity: dpsPayoutAnswerSchema,
});
export type DpsQuoteAnswer = z.infer<typeof dpsQuoteAnswerSchema>;

export const dpsInstalmentAnswerSchema = z.object({ number: z.number(), dueDay: z.string(), state: z.enum(dpsInstalmentStates), paidDay: z.string().nullable() });

export const dpsAnswerSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  holderName: z.string(),
  instalmentPoisha: poisha,
  termYears: z.number(),
  dayOfMonth: z.number(),
  annualRateBasisPoints: z.number(),
  earlyRateBasisPoints: z.number(),
  openingDay: z.string(),
  maturityDay: z.string(),
  nomineeName: z.string(),
  nomineeRelation: z.string(),
  status: z.enum(dpsStatuses),
  missedCount: z.number(),
  reference: z.string(),
  /** What a scheme paid in full on time pays at maturity, at today's tax rates. */
  maturity: dpsPayoutAnswerSchema,
  closedDay: z.string().nullable(),
  interestPoisha: poisha.nullable(),
  taxPoisha: poisha.nullable(),
  paidPoisha: poisha.nullable(),
});
export type DpsAnswer = z.infer<typeof dpsAnswerSchema>;
/** A scheme in the customer's list, with how far it has come: instalments taken of all, and the next one still to take (null when none is). */
export const dpsListEntrySchema = dpsAnswerSchema.extend({ paidCount: z.number(), instalmentCount: z.number(), nextDueDay: z.string().nullable() });
export type DpsListEntry = z.infer<typeof dpsListEntrySchema>;
export const dpsListAnswerSchema = z.object({ schemes: z.array(dpsListEntrySchema) });
export const dpsDetailAnswerSchema = dpsAnswerSchema.extend({ instalments: z.array(dpsInstalmentAnswerSchema) });
export type DpsDetailAnswer = z.infer<typeof dpsDetailAnswerSchema>;

export const dpsEarlyClosureQuoteAnswerSchema = z.object({ id: z.string(), closure: dpsPayoutAnswerSchema, atSchemeRate: dpsPayoutAnswerSchema, forgonePoisha: poisha });
export type DpsEarlyClosureQuoteAnswer = z.infer<typeof dpsEarlyClosureQuoteAnswerSchema>;
export const dpsClosedAnswerSchema = dpsEarlyClosureQuoteAnswerSchema.extend({ reference: z.string(), accountBalancePoisha: poisha });
