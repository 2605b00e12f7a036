import { accountTypeSchema, cardTypeSchema, loanTypeSchema } from '../../../shared/schemas/catalogue';
import type { Language } from '../../../shared/language';
import { formatWholeBdtIn, poishaToBdtNumber } from '../../../shared/money';
import type { CatalogueRow } from './catalogue.repository';
import type { CatalogueRates } from './public-rates';

/** The entry's words in the reader's language: Bangla where the entry has it, English otherwise. */
const wordsOf = (row: CatalogueRow, language: Language) => (language === 'bn' && row.bangla ? row.bangla : { name: row.name, description: row.description, features: row.features });

const toAccountType = (row: CatalogueRow, language: Language, rates: CatalogueRates) => {
  const words = wordsOf(row, language);
  const interest = rates.termsByType.get(row.slug) ?? null;
  return { _id: row.id, accountType: row.slug, name: words.name, img: row.imagePath, Description: words.description, facilities: words.features, interest };
};
const toCardType = (row: CatalogueRow, language: Language) => {
  const words = wordsOf(row, language);
  return { _id: row.id, cardType: row.slug, name: words.name, img: row.imagePath, description: words.description, rules: words.features };
};
/** A loan text names the income floor as `{monthlyIncomeMin}`: the floor staff set, never a figure frozen in the text. */
const withIncomeFloor = (text: string, floorPoisha: bigint, language: Language) => text.replaceAll('{monthlyIncomeMin}', formatWholeBdtIn(floorPoisha, language));

const toLoanType = (row: CatalogueRow, language: Language) => {
  const words = wordsOf(row, language);
  // Every loan row carries a floor (seeded, or set by the migration that introduced it).
  const floorPoisha = row.monthlyIncomeMinPoisha ?? 0n;
  const written = (text: string) => withIncomeFloor(text, floorPoisha, language);
  const rules = words.features.map((feature) => ({ ...feature, title: written(feature.title), details: written(feature.details) }));
  return { _id: row.id, loanType: row.slug, name: words.name, img: row.imagePath, description: written(words.description), rules, monthlyIncomeMin: poishaToBdtNumber(floorPoisha) };
};

/** The three public catalogues: where each is listed and found, and the wire's answer shape (`docs/wire-names.md`). */
export const catalogueAreas = [
  { kind: 'account', list: '/api/accountsTypes', one: '/api/accounts/:slug', what: 'Account type', answer: accountTypeSchema, map: toAccountType },
  { kind: 'card', list: '/api/cardsTypes', one: '/api/cards/:slug', what: 'Card type', answer: cardTypeSchema, map: toCardType },
  { kind: 'loan', list: '/api/loansTypes', one: '/api/loans/:slug', what: 'Loan type', answer: loanTypeSchema, map: toLoanType },
] as const;
