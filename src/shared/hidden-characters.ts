/**
 * Characters that are not text a person reads but instructions to whatever shows it: C0 and C1
 * controls (line breaks, tab, escape), the line and paragraph separators U+2028 and U+2029, and
 * Unicode's format characters (category Cf): the bidirectional overrides, embeddings, isolates and
 * marks (U+202A–202E, U+2066–2069, U+200E, U+200F, U+061C) that make "Rahim" display as "miha R"
 * or reorder the digits of an account number in an e-mail, and zero-width spaces, soft hyphens and
 * byte-order marks that make two names look the same. Zero-width non-joiner and joiner (U+200C,
 * U+200D) are Cf too but stay: Bangla needs them to choose a conjunct's shape (র‍্য in র‍্যাব), and
 * they cannot reorder or hide anything.
 */
const formatExceptJoiners = /(?![\u200C\u200D])\p{Cf}/u;
const controlOrSeparator = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** Controls other than the line feed, carriage return and tab a multi-line text may hold. */
const controlExceptLineBreaks = /(?![\n\r\t])\p{Cc}/u;
const controlOrSeparatorExceptLineBreaks = /(?![\n\r\t])[\p{Cc}\p{Zl}\p{Zp}]/u;

export type HiddenCharacterRule = {
  /**
   * Whether line feeds, carriage returns and tabs are text here: a contact message's body has
   * paragraphs, a name or a subject is one line.
   */
  lineBreaks: boolean;
};

/** The first character of `text` that the rule refuses, or undefined when there is none. */
export function findHiddenCharacter(text: string, rule: HiddenCharacterRule): string | undefined {
  const controls = rule.lineBreaks ? controlOrSeparatorExceptLineBreaks : controlOrSeparator;
  return controls.exec(text)?.[0] ?? formatExceptJoiners.exec(text)?.[0];
}

/** "U+202E": how a refused character is named in a message, since it cannot be shown. */
export const codePointName = (character: string) => `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

const everyFormatExceptJoiner = new RegExp(formatExceptJoiners.source, 'gu');
const controlOrSeparatorRuns = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;

/**
 * Text made safe for one line of an e-mail header or a greeting, whatever was stored before the
 * rule existed: every control and line or paragraph separator becomes a space (a line break in a
 * header would start a new header), every format character but the joiners is dropped.
 */
export function singleLine(text: string): string {
  return text.normalize('NFC').replace(everyFormatExceptJoiner, '').replace(controlOrSeparatorRuns, ' ').replace(/ {2,}/g, ' ').trim();
}

const otherControls = new RegExp(controlExceptLineBreaks.source, 'gu');

/**
 * Text made safe for the body of a plain-text e-mail: paragraphs stay (line feeds; U+2028 and
 * U+2029 become line feeds, which every mail reader shows), every other control and every format
 * character but the joiners is dropped.
 */
export function plainParagraphs(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(everyFormatExceptJoiner, '')
    .replace(otherControls, '');
}
