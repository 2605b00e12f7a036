import { z } from 'zod';
import { emailLengthMax, listOffsetMax, nameLengthMax, nameLengthMin, passwordLengthMax, passwordLengthMin } from '../constants';

/** Field rules reused by several forms; each message names its field so a person can act on it. */
export function requiredText(message: string, lengthMax: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(lengthMax, `${message.replace(/ is required$/, '')} must be at most ${lengthMax} characters`);
}

export function personName(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .min(nameLengthMin, `Name must be at least ${nameLengthMin} characters`)
    .max(nameLengthMax, `Name must be at most ${nameLengthMax} characters`);
}

export function emailAddress(requiredMessage = 'Email is required') {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(emailLengthMax, `Email must be at most ${emailLengthMax} characters`)
    .pipe(z.email('Enter a valid email address, like name@example.com'))
    .transform((email) => email.toLowerCase());
}

export function password(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(passwordLengthMin, `Password must be at least ${passwordLengthMin} characters`)
    .max(passwordLengthMax, `Password must be at most ${passwordLengthMax} characters`);
}

/** A URL of an image this app serves (`/api/images/…`). */
export const imageUrl = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(/^\/api\/images\/[0-9a-f-]{36}$/, 'Upload the photo again: the image address is not one of ours');

/** Where a page of a staff list starts: from 0 to `listOffsetMax` rows in. */
export const listOffset = () =>
  z.coerce
    .number({ error: 'offset must be a whole number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .max(listOffsetMax, `offset must be at most ${listOffsetMax}: choose a status to narrow the list`)
    .default(0);
