import { accountTypeSchema, cardTypeSchema, loanTypeSchema } from '../../../shared/schemas/catalogue';
import type { CatalogueRow } from './catalogue.repository';

const toAccountType = (row: CatalogueRow) => ({
  _id: row.id,
  accountType: row.slug,
  name: row.name,
  img: row.imagePath,
  Description: row.description,
  facilities: row.features,
});
const toCardType = (row: CatalogueRow) => ({ _id: row.id, cardType: row.slug, name: row.name, img: row.imagePath, description: row.description, rules: row.features });
const toLoanType = (row: CatalogueRow) => ({ _id: row.id, loanType: row.slug, name: row.name, img: row.imagePath, description: row.description, rules: row.features });

/** The three public catalogues: where each is listed and found, and the spec's answer shape. */
export const catalogueAreas = [
  { kind: 'account', list: '/api/accountsTypes', one: '/api/accounts/:slug', what: 'Account type', answer: accountTypeSchema, map: toAccountType },
  { kind: 'card', list: '/api/cardsTypes', one: '/api/cards/:slug', what: 'Card type', answer: cardTypeSchema, map: toCardType },
  { kind: 'loan', list: '/api/loansTypes', one: '/api/loans/:slug', what: 'Loan type', answer: loanTypeSchema, map: toLoanType },
] as const;
