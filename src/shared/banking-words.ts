import { maskAccountNumber, maskAccountNumbersIn } from './account-display';
import { directoryEntry } from './bank-directory';
import type { AccountTypeSlug } from './constants';
import { toBanglaDigits } from './digits';
import type { Language } from './language';
import { formatBdtIn } from './money';
import { type Movement, movementSchema } from './schemas/movement';

/**
 * The bank's own words for what happened to money and for its products, in both languages, for
 * the server (PDF, CSV, e-mail) and the web app alike: the one place a statement line or an
 * account type is put into words, so the screen, the files and the messages never disagree.
 */
export const accountTypeWords: Record<Language, Record<AccountTypeSlug, string>> = {
  en: { student: 'Student', savings: 'Savings', current: 'Current', fixed: 'Fixed-Deposit' },
  bn: { student: 'ছাত্র', savings: 'সঞ্চয়ী', current: 'চলতি', fixed: 'স্থায়ী আমানত' },
};

export const loanTypeWords: Record<Language, Record<Extract<Movement, { kind: 'loan_repayment' }>['loanType'], string>> = {
  en: { car: 'Car', student: 'Student', home: 'Home', personal: 'Personal' },
  bn: { car: 'গাড়ি', student: 'শিক্ষা', home: 'গৃহ', personal: 'ব্যক্তিগত' },
};

/** An account type slug in the reader's words; a word the bank does not know is shown as it is. */
export function accountTypeIn(slug: string, language: Language): string {
  return (accountTypeWords[language] as Record<string, string | undefined>)[slug] ?? slug;
}

export type DescribeOptions = {
  /** Printed and downloaded statements show only the last four digits of an account number. */
  maskAccounts?: boolean;
};

/**
 * A journal entry's description in the reader's language, digits included:
 * `{ kind: 'deposit', amountPoisha: '150000' }` is "Cash deposit of 1,500.00 BDT" in English and
 * "নগদ জমা: ১,৫০০.০০ টাকা" in Bangla.
 */
export function describeMovement(movement: Movement, language: Language, options: DescribeOptions = {}): string {
  const amount = formatBdtIn(BigInt(movement.amountPoisha), language);
  const account = (id: string) => {
    const shown = options.maskAccounts ? maskAccountNumber(id) : id;
    return language === 'bn' ? toBanglaDigits(shown) : shown;
  };
  switch (movement.kind) {
    case 'deposit':
      return language === 'bn' ? `নগদ জমা: ${amount}` : `Cash deposit of ${amount}`;
    case 'transfer': {
      const from = `${movement.fromHolder} (${account(movement.fromAccountId)})`;
      const to = `${movement.toHolder} (${account(movement.toAccountId)})`;
      return language === 'bn' ? `স্থানান্তর: ${amount}, ${from} থেকে ${to}-এর হিসাবে` : `Transfer of ${amount} from ${from} to ${to}`;
    }
    case 'loan_disbursement': {
      const type = loanTypeWords[language][movement.loanType];
      return language === 'bn' ? `${type} ঋণ বিতরণ: ${amount}` : `${type} loan of ${amount} disbursed`;
    }
    case 'loan_repayment': {
      const type = loanTypeWords[language][movement.loanType];
      return language === 'bn' ? `${type} ঋণের কিস্তি পরিশোধ: ${amount}` : `${type} loan repayment of ${amount}`;
    }
    case 'payment_out': {
      const to = `${movement.toHolder} (${participantIn(movement.toParticipant, language)} ${account(movement.toAccount)})`;
      const charge = BigInt(movement.chargePoisha) > 0n ? formatBdtIn(BigInt(movement.chargePoisha), language) : undefined;
      if (language === 'bn') return `${movement.rail}-এ পাঠানো: ${amount}, ${to}-কে${charge ? `; খরচ ${charge} (ভ্যাটসহ)` : ''}`;
      return `${movement.rail} payment of ${amount} to ${to}${charge ? `, charge ${charge} (VAT included)` : ''}`;
    }
    case 'payment_back': {
      const to = `${movement.toHolder} (${participantIn(movement.toParticipant, language)} ${account(movement.toAccount)})`;
      if (language === 'bn') return `${movement.why === 'rejected' ? 'ফেরত (গৃহীত হয়নি)' : 'ফেরত এসেছে'}: ${to}-কে পাঠানো ${amount}`;
      return `${movement.why === 'rejected' ? 'Refused and refunded' : 'Returned'}: ${movement.rail} payment of ${amount} to ${to}`;
    }
    case 'payment_in': {
      const from = `${movement.fromHolder} (${participantIn(movement.fromParticipant, language)} ${account(movement.fromAccount)})`;
      return language === 'bn' ? `${movement.rail}-এ জমা: ${amount}, ${from} থেকে` : `${movement.rail} payment of ${amount} from ${from}`;
    }
    case 'payment_settled':
      return language === 'bn' ? `${movement.rail} নিষ্পত্তি: ${amount}` : `${movement.rail} settlement of ${amount}`;
    case 'interest_posted': {
      const tax = formatBdtIn(BigInt(movement.taxPoisha), language);
      if (language === 'bn') return `সুদ: ${amount}, উৎসে কর ${tax} (${toBanglaDigits(movement.taxPercent)} %) কর্তন`;
      return `Interest of ${amount}, source tax of ${tax} (${movement.taxPercent} %) withheld`;
    }
    case 'excise_charged': {
      const due = BigInt(movement.duePoisha) > 0n ? formatBdtIn(BigInt(movement.duePoisha), language) : undefined;
      if (language === 'bn') return `${toBanglaDigits(movement.year)} সালের আবগারি শুল্ক: ${amount}${due ? `; বকেয়া ${due}` : ''}`;
      return `Excise duty for ${movement.year}: ${amount}${due ? `, ${due} still due` : ''}`;
    }
    case 'excise_collected': {
      const due = BigInt(movement.duePoisha) > 0n ? formatBdtIn(BigInt(movement.duePoisha), language) : undefined;
      const years = movement.years.split(',').join(', ');
      if (language === 'bn') return `${toBanglaDigits(years)} সালের বকেয়া আবগারি শুল্ক আদায়: ${amount}${due ? `; এখনও বকেয়া ${due}` : ''}`;
      return `Excise duty due for ${years} collected: ${amount}${due ? `, ${due} still due` : ''}`;
    }
    case 'fdr_open': {
      const months = language === 'bn' ? toBanglaDigits(movement.termMonths) : movement.termMonths;
      return language === 'bn' ? `${months} মাসের এফডিআর খোলা: ${amount}` : `Fixed deposit (FDR) of ${amount} opened for ${months} months`;
    }
    case 'fdr_payout': {
      const tax = formatBdtIn(BigInt(movement.taxPoisha), language);
      const words = {
        maturity: { en: 'FDR matured: principal and interest', bn: 'এফডিআর মেয়াদপূর্তি: আসল ও মুনাফা' },
        interest: { en: 'FDR interest (principal renewed)', bn: 'এফডিআর মুনাফা (আসল নবায়িত)' },
        renewal: { en: 'FDR renewed with its interest', bn: 'মুনাফাসহ এফডিআর নবায়ন' },
        encashment: { en: 'FDR encashed before maturity', bn: 'মেয়াদের আগে এফডিআর নগদায়ন' },
      }[movement.why];
      return language === 'bn' ? `${words.bn}: ${amount} (উৎসে কর ${tax} কর্তিত)` : `${words.en}: ${amount} (source tax ${tax} withheld)`;
    }
    case 'dps_instalment': {
      const number = language === 'bn' ? toBanglaDigits(movement.instalment) : movement.instalment;
      return language === 'bn' ? `ডিপিএস কিস্তি ${number}: ${amount}` : `DPS instalment ${number} of ${amount}`;
    }
    case 'dps_payout': {
      const tax = formatBdtIn(BigInt(movement.taxPoisha), language);
      const words = movement.why === 'maturity' ? { en: 'DPS matured', bn: 'ডিপিএস মেয়াদপূর্তি' } : { en: 'DPS closed early', bn: 'মেয়াদের আগে ডিপিএস বন্ধ' };
      return language === 'bn' ? `${words.bn}: ${amount} (উৎসে কর ${tax} কর্তিত)` : `${words.en}: ${amount} (source tax ${tax} withheld)`;
    }
  }
}

/** Another bank's or wallet's name in the reader's language; its code when the directory no longer lists it. */
function participantIn(code: string, language: Language): string {
  const entry = directoryEntry(code);
  if (!entry) return code;
  return language === 'bn' ? entry.nameBn : entry.nameEn;
}

/**
 * A statement line's description for a reader: from what happened when the line carries it, else
 * the words it came with (account numbers masked there too when asked).
 */
export function describeLine(line: { movement: Movement | null; description: string }, language: Language, options: DescribeOptions = {}): string {
  if (line.movement) return describeMovement(line.movement, language, options);
  return options.maskAccounts ? maskAccountNumbersIn(line.description) : line.description;
}

/**
 * A stored entry's description: from its data when the data is whole, else the English words
 * stored beside it (an entry written by hand outside the ledger, with no data).
 */
export function describeStoredMovement(kind: string, params: unknown, memo: string, language: Language, options: DescribeOptions = {}): string {
  const parsed = movementSchema.safeParse({ ...(typeof params === 'object' && params !== null ? params : {}), kind });
  return parsed.success ? describeMovement(parsed.data, language, options) : memo;
}
