import { z } from 'zod';
import { toAsciiDigits } from '../digits';
import { parseReference } from '../reference';
import { codePointName, findHiddenCharacter, type HiddenCharacterRule } from '../hidden-characters';
import { decisionReasonLengthMax, emailLengthMax, listOffsetMax, listSearchLengthMax, nameLengthMax, nameLengthMin, passwordLengthMax, passwordLengthMin } from '../constants';

/** One line of text: a name, a nickname, a company, an area. */
export const oneLine: HiddenCharacterRule = { lineBreaks: false };
/** Text with paragraphs: a message's body, a note, a reason. */
export const paragraphs: HiddenCharacterRule = { lineBreaks: true };

/**
 * The rule every name and free text a person types goes through, since any of them may reach a
 * statement, an e-mail, a PDF or another person's screen: no control, line or paragraph
 * separator or invisible format character (`findHiddenCharacter`), line breaks only where the
 * rule allows paragraphs. The message names the field and the character, which cannot be shown.
 */
export function refuseHiddenCharacters(label: string, rule: HiddenCharacterRule) {
  return (value: string, context: z.RefinementCtx) => {
    const hidden = findHiddenCharacter(value, rule);
    if (hidden === undefined) return;
    const what = rule.lineBreaks ? 'control or invisible formatting characters' : 'line breaks, control or invisible formatting characters';
    context.addIssue({ code: 'custom', message: `${label} must not contain ${what} such as right-to-left marks (found ${codePointName(hidden)})` });
  };
}

/** "Company name is required" → "Company name": how the other messages of a field name it. */
const labelOf = (requiredMessage: string) => requiredMessage.replace(/ is required$/, '');

/**
 * Field rules reused by several forms; each message names its field so a person can act on it.
 * Text is kept in Unicode's composed form (NFC), so that one name typed on two keyboards is
 * stored, compared and searched as the same characters.
 */
export function requiredText(message: string, lengthMax: number, rule: HiddenCharacterRule = oneLine) {
  return z
    .string({ error: message })
    .trim()
    .normalize('NFC')
    .min(1, message)
    .max(lengthMax, `${labelOf(message)} must be at most ${lengthMax} characters`)
    .superRefine(refuseHiddenCharacters(labelOf(message), rule));
}

/** A person's name: one line, in any script; Bangla's vowel signs, hasanta and joiners are letters of it. */
export function personName(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .normalize('NFC')
    .min(1, requiredMessage)
    .min(nameLengthMin, `Name must be at least ${nameLengthMin} characters`)
    .max(nameLengthMax, `Name must be at most ${nameLengthMax} characters`)
    .superRefine(refuseHiddenCharacters(labelOf(requiredMessage), oneLine));
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
 * What a staff list is searched for, read from what a customer quotes:
 * - digits (ASCII or Bangla, spaces, dashes and brackets allowed, a leading +: "১২৩৪ ৫৬-৭",
 *   "+880 1712-345678"): the first digits of an account number, its last four, a mobile number
 *   in any of its usual forms, or a national ID number;
 * - a movement's short reference, as on a receipt (`parseReference`: any case, dashes, O for 0);
 * - anything else: a piece of a name or e-mail address, matched without regard to case.
 * The text is taken in Unicode's composed form (NFC), as names are stored. Blank is no search.
 */
export type ListSearch = { kind: 'digits'; digits: string } | { kind: 'reference'; reference: string; text: string } | { kind: 'text'; text: string };

const digitsLike = /^\(?\+?[0-9][0-9 ()-]*$/;

export function toListSearch(query: string): ListSearch | undefined {
  const trimmed = query.normalize('NFC').trim();
  if (trimmed === '') return undefined;
  const ascii = toAsciiDigits(trimmed);
  if (digitsLike.test(ascii)) return { kind: 'digits', digits: ascii.replace(/[^0-9]/g, '') };
  const text = trimmed.toLowerCase();
  const reference = parseReference(trimmed);
  return reference === undefined ? { kind: 'text', text } : { kind: 'reference', reference, text };
}

/** National ID numbers have 10, 13 or 17 digits. */
export const nationalIdPattern = /^(\d{10}|\d{13}|\d{17})$/;

/**
 * The stored form of a Bangladeshi mobile number (`+8801` and nine digits) from its digits as
 * people write them: 01712345678, 8801712345678 (from +880 1712-345678); undefined for any other.
 */
export function bangladeshMobileOfDigits(digits: string): string | undefined {
  const international = /^01[3-9]\d{8}$/.test(digits) ? `88${digits}` : digits;
  return /^8801[3-9]\d{8}$/.test(international) ? `+${international}` : undefined;
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
    .normalize('NFC')
    .max(decisionReasonLengthMax, `reason must be at most ${decisionReasonLengthMax} characters`)
    .superRefine(refuseHiddenCharacters('reason', paragraphs))
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
export const digitsText = (requiredMessage: string) => z.string({ error: requiredMessage }).transform(toAsciiDigits).pipe(z.string().trim().min(1, requiredMessage));
