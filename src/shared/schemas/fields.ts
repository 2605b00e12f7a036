import { z } from 'zod';
import { toAsciiDigits } from '../digits';
import { decisionReasonLengthMax, emailLengthMax, listOffsetMax, listSearchLengthMax, nameLengthMax, nameLengthMin, passwordLengthMax, passwordLengthMin } from '../constants';

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

/** How many rows one page of a list holds: from 1 to `pageSizeMax`, `pageSizeDefault` when not asked. */
export const listLimit = (pageSizeMax: number, pageSizeDefault: number) =>
  z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(pageSizeMax, `limit must be at most ${pageSizeMax}`)
    .default(pageSizeDefault);

/** Where a page of a staff list starts: from 0 to `listOffsetMax` rows in. */
export const listOffset = () =>
  z.coerce
    .number({ error: 'offset must be a whole number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .max(listOffsetMax, `offset must be at most ${listOffsetMax}: choose a status to narrow the list`)
    .default(0);

/**
 * What a staff list is searched for: an account number (whole or its first digits, written
 * with ASCII or Bangla digits, spaces and dashes allowed: "১২৩৪ ৫৬-৭") or a piece of a name
 * or e-mail address, matched without regard to case. Blank counts as no search.
 */
export type ListSearch = { kind: 'account-number'; digits: string } | { kind: 'text'; text: string };

const accountNumberLike = /^[0-9][0-9 -]*$/;

export function toListSearch(query: string): ListSearch | undefined {
  const trimmed = query.trim();
  if (trimmed === '') return undefined;
  const ascii = toAsciiDigits(trimmed);
  if (accountNumberLike.test(ascii)) return { kind: 'account-number', digits: ascii.replace(/[ -]/g, '') };
  return { kind: 'text', text: trimmed.toLowerCase() };
}

export const listSearch = () =>
  z
    .string({ error: 'q must be text' })
    .max(listSearchLengthMax, `q must be at most ${listSearchLengthMax} characters`)
    .optional()
    .transform((query) => (query === undefined ? undefined : toListSearch(query)));

/**
 * Text with every lone UTF-16 surrogate replaced by U+FFFD: such text is no string of Unicode,
 * and PostgreSQL refuses it in jsonb (the audit trail), so a pasted fragment would otherwise
 * fail the whole request.
 */
export function wellFormedText(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * Why a staff member decided a request as they did: optional, kept in the audit trail. Blank
 * counts as none.
 */
export const decisionReason = () =>
  z
    .string({ error: 'reason must be text' })
    .trim()
    .max(decisionReasonLengthMax, `reason must be at most ${decisionReasonLengthMax} characters`)
    .optional()
    .transform((reason) => (reason === '' || reason === undefined ? undefined : wellFormedText(reason)));

/**
 * A Bangladeshi mobile number, stored in one form (+8801XXXXXXXXX) however it was typed: the
 * local 01712-345678 or 01712345678, the international +880 1712-345678, in ASCII or Bangla
 * digits, with spaces and dashes anywhere. The operator digit after 01 is 3 to 9.
 */
export const bangladeshMobile = (requiredMessage: string, formatMessage: string) =>
  z
    .string({ error: requiredMessage })
    .transform((value) => toInternationalMobile(toAsciiDigits(value)))
    .pipe(
      z
        .string()
        .min(1, requiredMessage)
        .refine((value) => value !== '+880', requiredMessage)
        .regex(/^\+8801[3-9]\d{8}$/, formatMessage),
    );

function toInternationalMobile(typed: string): string {
  const compact = typed.replace(/[\s-]/g, '');
  if (/^01\d{9}$/.test(compact)) return `+88${compact}`;
  return compact;
}

/** A string of digits (NID, account number), accepted in Bangla digits too and kept in ASCII. */
export const digitsText = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .transform(toAsciiDigits)
    .pipe(z.string().trim().min(1, requiredMessage));
