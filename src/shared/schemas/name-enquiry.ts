import { z } from 'zod';
import { accountTypeSlugs } from '../constants';
import { accountNumber } from './banking';

/** The one question a name enquiry asks: who holds this account number. */
export const nameEnquirySchema = z.object({ accNum: accountNumber('Receiver account number') });
export type NameEnquiryInput = z.input<typeof nameEnquirySchema>;

/**
 * What a name enquiry answers, and nothing more: the number asked about, the holder's name masked
 * (`maskHolderName`) and the account's type. Never the full name, the owner's id or the balance.
 */
export const nameEnquiryAnswerSchema = z.object({
  accNum: z.string(),
  maskedName: z.string(),
  accountType: z.enum(accountTypeSlugs),
});
export type NameEnquiryAnswer = z.infer<typeof nameEnquiryAnswerSchema>;
