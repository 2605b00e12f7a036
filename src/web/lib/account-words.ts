import type { AccountAnswer } from '../../shared/schemas/banking-answers';
import { formatDate } from './format';
import { formatDigits } from './i18n';
import type { TFunction } from './translator';

// The words of the account request's choices live in the banking texts, where the customer chose
// them; a page that shows them loads those texts. A value stored before a choice was renamed is
// shown as it was stored.

/** A nominee's relation in the reader's language: "Father", "বাবা". */
export const relationWord = (t: TFunction, relation: string) => t(`openAccount.relations.${relation}`, { defaultValue: relation });

/** A gender in the reader's language. */
export const genderWord = (t: TFunction, gender: string) => t(`openAccount.genders.${gender}`, { defaultValue: gender });

/**
 * Who holds an account and who their nominee is, labelled in the banking texts: the same facts,
 * in the same words and digits, on the customer's account page and on the staff's.
 */
export function holderFacts(account: AccountAnswer, t: TFunction): Array<[string, string]> {
  return [
    [t('accountDetail.user'), account.user],
    [t('accountDetail.email'), account.email],
    [t('accountDetail.nid'), formatDigits(account.nid)],
    [t('accountDetail.phone'), formatDigits(account.phone)],
    [t('accountDetail.birthDate'), formatDate(account.birthDate)],
    [t('accountDetail.gender'), genderWord(t, account.gender)],
    [t('accountDetail.residentialArea'), account.residentialArea],
    [t('accountDetail.permanentArea'), account.permanentArea],
    [t('accountDetail.nomineeName'), account.nomineeName],
    [t('accountDetail.nomineeId'), formatDigits(account.nomineeId)],
    [t('accountDetail.nomineeRelation'), relationWord(t, account.nomineeRelation)],
  ];
}
