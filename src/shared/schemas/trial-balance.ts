import { z } from 'zod';
import { bankEraYears, calendarDate } from './date-fields';

/** GET /api/trialBalance?date=YYYY-MM-DD: the ledger as it stood at the end of that Dhaka day; today when not given. */
export const trialBalanceQuerySchema = z.object({ date: calendarDate({ label: 'Date', years: bankEraYears, example: '2026-11-28' }).optional() });

/**
 * One line as an accountant reads it: a balance the bank owns or spent (cash, loans) is a debit, one
 * it owes or earned (customer deposits, income, VAT payable) a credit. Amounts are poisha, as
 * decimal strings: a bank's totals outgrow a JavaScript number's exact range.
 */
export const trialBalanceLineSchema = z.object({
  /** The bank account's ledger code (`bank:cash`), or `customer-deposits` for every customer account together. */
  code: z.string(),
  debitPoisha: z.string(),
  creditPoisha: z.string(),
});

export const trialBalanceAnswerSchema = z.object({
  asOf: z.string(),
  lines: z.array(trialBalanceLineSchema),
  totalDebitPoisha: z.string(),
  totalCreditPoisha: z.string(),
  /** Debits less credits: zero in a ledger whose every entry balances. */
  differencePoisha: z.string(),
});
export type TrialBalanceAnswer = z.infer<typeof trialBalanceAnswerSchema>;
