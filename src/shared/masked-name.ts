/**
 * An account holder's name as a name enquiry shows it to someone who is about to pay them: enough
 * for the payer to recognise the person they mean ("KA*** HO*****" for "Karim Hossain"), too
 * little to read the name back from an account number.
 *
 * The rule, word by word (words split at spaces, after the name is composed (NFC) and its spacing
 * collapsed):
 * - a word of five or more letters shows its first two; a shorter word its first one;
 * - every letter not shown becomes one `*`, so the shape of the name stays recognisable;
 * - a word of one letter (an initial) is shown as it is: it tells nothing a payer would not know;
 * - Latin letters are shown in capitals, as NPSB's name enquiry shows them, so the case someone
 *   registered with does not matter; Bangla has no case and is shown as it is.
 *
 * A "letter" is what a reader sees as one: a base character with its marks, and in Bangla a
 * conjunct (consonant, hasanta, consonant, as in ক্ষ or ন্ত) with its vowel sign. So
 * "শ্রাবন্তী" is three letters (শ্রা ব ন্তী), not nine code points, and a mask never cuts a
 * letter in half. The clusters are counted here rather than with `Intl.Segmenter`, whose answer
 * for Bangla conjuncts changed between ICU versions: the server that masks and the tests that pin
 * the rule must agree on every machine.
 *
 * Examples: "Karim Hossain" → "KA*** HO*****"; "Md. Rafiq" → "M** RA***"; "Bob" → "B**";
 * "রহিম উদ্দিন" → "র** উ**"; "শ্রাবন্তী" → "শ্রা**".
 */
export function maskHolderName(name: string): string {
  return name.normalize('NFC').trim().split(/\s+/).filter(Boolean).map(maskWord).join(' ');
}

/** A Bangla consonant (ক–হ, ড়, ঢ়, য়, ৰ, ৱ): what may follow a hasanta inside one conjunct. */
const banglaConsonant = '[\\u0995-\\u09B9\\u09DC\\u09DD\\u09DF\\u09F0\\u09F1]';
/** One letter as a reader sees it: a base, then any conjoined consonants after a hasanta (U+09CD), then its marks. */
const letterPattern = new RegExp(`\\P{M}(?:\\p{M}*\\u09CD[\\u200C\\u200D]?${banglaConsonant})*\\p{M}*`, 'gu');

/** The letters of one word, each with its marks (see `maskHolderName`). */
export function lettersOf(word: string): string[] {
  return word.match(letterPattern) ?? [];
}

/** Words this long or longer show two letters; shorter ones one. */
const twoLettersShownFrom = 5;

function maskWord(word: string): string {
  const letters = lettersOf(word);
  if (letters.length <= 1) return word.toUpperCase();
  const shown = letters.length >= twoLettersShownFrom ? 2 : 1;
  return letters.slice(0, shown).join('').toUpperCase() + '*'.repeat(letters.length - shown);
}
