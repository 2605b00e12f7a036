/**
 * Whether two full names are the same person's as NPSB's receivers compare them: case, spacing and
 * punctuation do not count ("MD. RAHIM  UDDIN" is "Md Rahim Uddin"), every letter does. The switch
 * uses it for the accounts it plays, the bank for a payment that arrives for one of its own.
 */
export function sameName(left: string, right: string): boolean {
  const normal = (name: string) =>
    name
      .normalize('NFC')
      .toLowerCase()
      .replace(/[\p{P}\s]+/gu, ' ')
      .trim();
  return normal(left) === normal(right);
}
