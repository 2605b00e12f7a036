import type { TFunction } from './translator';

// The words of the account request's choices live in the banking texts, where the customer chose
// them; a page that shows them loads those texts. A value stored before a choice was renamed is
// shown as it was stored.

/** A nominee's relation in the reader's language: "Father", "বাবা". */
export const relationWord = (t: TFunction, relation: string) => t(`openAccount.relations.${relation}`, { defaultValue: relation });

/** A gender in the reader's language. */
export const genderWord = (t: TFunction, gender: string) => t(`openAccount.genders.${gender}`, { defaultValue: gender });
