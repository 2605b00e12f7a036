import { accountTypeIn } from '../../shared/banking-words';
import { accountTypeFromWord } from '../../shared/schemas/banking';
import { currentLanguage } from './i18n';

// Apart from the other formats: the account words and the banking schemas behind them are a chunk a
// public page (a product's rates, in percent and dates) has no use for.
/** An account type ("savings", or its English name "Savings") in the reader's words: "Savings", "সঞ্চয়ী". */
export const formatAccountType = (type: string) => {
  const slug = accountTypeFromWord(type) ?? type;
  return accountTypeIn(slug, currentLanguage());
};
