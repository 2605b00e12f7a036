import { z } from 'zod';
import { registerSchema } from '../../../../shared/schemas/auth';
import { mobileNumber, smsCode } from '../../../../shared/schemas/two-factor';

/** An empty optional box is no answer: a number left blank registers without one. */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * The shared schema without the photo: registration asks for a name, an e-mail, a password and
 * optionally a mobile number with its code; the photo the bank keeps is asked once, when an account
 * is opened.
 */
export const registerFormSchema = registerSchema.omit({ image: true }).extend({
  phoneNumber: z.preprocess(blankAsMissing, mobileNumber().optional()),
  phoneCode: z.preprocess(blankAsMissing, smsCode().optional()),
});
