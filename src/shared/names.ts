/**
 * A person's name as the bank compares it: spacing collapsed, case ignored, so that
 * "  bob   HOSSAIN " names the same holder as "Bob Hossain", and in composed form (NFC), so that a
 * holder name stored before names were normalised still matches the same name typed now. The
 * transfer, the payee check and the web's cache of payee checks all use this one rule, so they can
 * never disagree.
 */
export const normaliseName = (name: string): string => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
