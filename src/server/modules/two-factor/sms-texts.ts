import { bankNames } from '../../../shared/constants';
import { toBanglaDigits } from '../../../shared/digits';
import type { Language } from '../../../shared/language';
import { maskHolderName } from '../../../shared/masked-name';
import { formatBdtIn, poishaPerBdt } from '../../../shared/money';

/**
 * The words of the bank's SMS codes. Each says what the code confirms (so a customer tricked into
 * starting something else sees it is not what they meant) and that the bank never asks for it
 * (so no one reads it out to a caller posing as the bank). Bangla in Bangla digits, code included:
 * the code prompt reads either.
 */

/** An amount as an SMS says it: whole taka without poisha ("60,000 BDT", "৬০,০০০ টাকা"), poisha only when there are some. */
export function smsAmount(amountPoisha: bigint, language: Language): string {
  const text = formatBdtIn(amountPoisha, language);
  return amountPoisha % poishaPerBdt === 0n ? text.replace(/[.৷][0০]{2}(?= )/, '') : text;
}

const digitsIn = (text: string, language: Language) => (language === 'bn' ? toBanglaDigits(text) : text);

export function transferCodeText(code: string, transfer: { amountPoisha: bigint; receiverName: string }, language: Language): string {
  const amount = smsAmount(transfer.amountPoisha, language);
  // The name masked as the name enquiry showed it to the customer before they confirmed: the
  // person is recognisable, and a message read over a shoulder or in a leaked log spells out no one.
  const name = maskHolderName(transfer.receiverName);
  return language === 'bn'
    ? `কোড ${digitsIn(code, language)}: ${name}-কে ${amount} পাঠাতে; ${bankNames.bn} কখনও এই কোড চায় না`
    : `Code ${code} to send ${amount} to ${name}; ${bankNames.en} never asks for it`;
}

export function phoneVerificationCodeText(code: string, language: Language): string {
  return language === 'bn'
    ? `কোড ${digitsIn(code, language)}: ${bankNames.bn}-এ এই মোবাইল নম্বর যাচাই করতে; ${bankNames.bn} কখনও এই কোড চায় না`
    : `Code ${code} to verify this mobile number with ${bankNames.en}; ${bankNames.en} never asks for it`;
}

export function signUpCodeText(code: string, language: Language): string {
  return language === 'bn'
    ? `কোড ${digitsIn(code, language)}: ${bankNames.bn}-এ আপনার অ্যাকাউন্ট খুলতে; ${bankNames.bn} কখনও এই কোড চায় না`
    : `Code ${code} to open your ${bankNames.en} account; ${bankNames.en} never asks for it`;
}
