import { z } from 'zod';
import { tinSchema } from './tin';

/** PUT /api/me/tin: the customer's e-TIN, typed in English or Bangla digits, with or without spaces. */
export const tinChoiceSchema = z.object({ tin: tinSchema });
export type TinChoice = z.infer<typeof tinChoiceSchema>;

/**
 * The customer's TIN as the profile shows it: the last four digits only. A TIN is not a secret
 * that signs anything, but it is personal and names its holder to the tax office, so a screen left
 * open or a shared screenshot should not give it away; the customer still recognises their own.
 */
export const taxIdentityAnswerSchema = z.object({
  tin: z.object({ masked: z.string(), recordedAt: z.string() }).nullable(),
});
export type TaxIdentityAnswer = z.infer<typeof taxIdentityAnswerSchema>;

export const tinRemovedAnswerSchema = z.object({ acknowledged: z.literal(true), removed: z.boolean() });

/** "123456789012" → "•••• •••• 9012", grouped as the e-TIN certificate prints it. */
export function maskedTin(tin: string): string {
  return `•••• •••• ${tin.slice(-4)}`;
}
