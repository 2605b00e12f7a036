import { z } from 'zod';
import { toAsciiDigits } from '../digits';

/** A Bangladeshi e-TIN has twelve digits; it may be typed in Bangla digits or with spaces between groups. */
export const tinDigits = 12;

/** A customer's Taxpayer Identification Number, read as twelve ASCII digits: "১২৩৪ ৫৬৭৮ ৯০১২" → "123456789012". */
export const tinSchema = z
  .string({ error: 'TIN is required' })
  .transform((typed) => toAsciiDigits(typed).replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${tinDigits}}$`), `TIN must have ${tinDigits} digits`));
export type Tin = z.infer<typeof tinSchema>;
