import type { DirectoryEntry } from '../api/payments';

/**
 * What a search matches: case and the spaces between words ignored, in either script, so "sonali",
 * "Sonali Bank", "সোনালী" and "বিকাশ" all find theirs. Bangla has no case; `toLowerCase` leaves it be.
 */
const comparable = (text: string) => text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

export function entryMatches(entry: DirectoryEntry, search: string): boolean {
  const wanted = comparable(search);
  if (wanted === '') return true;
  return [entry.nameEn, entry.nameBn, entry.code].some((name) => comparable(name).includes(wanted));
}

/** The matching entries, banks first and then the wallets, each in the directory's own order. */
export function searchDirectory(entries: readonly DirectoryEntry[], search: string): { banks: DirectoryEntry[]; wallets: DirectoryEntry[] } {
  const found = entries.filter((entry) => entryMatches(entry, search));
  return { banks: found.filter((entry) => entry.kind === 'bank'), wallets: found.filter((entry) => entry.kind === 'wallet') };
}

/** A participant's name in the reader's language. */
export const entryName = (entry: DirectoryEntry, language: string) => (language === 'bn' ? entry.nameBn : entry.nameEn);
