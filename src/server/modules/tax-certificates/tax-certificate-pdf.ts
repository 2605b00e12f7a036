import { accountTypeIn } from '../../../shared/banking-words';
import { formatDate } from '../../../shared/dates';
import type { Language } from '../../../shared/language';
import { formatBdtIn } from '../../../shared/money';
import { digitsIn, drawFactBand, drawLetterhead, drawReferenceAndNote, newPdf, numberPages, pdfBytes } from '../statements/pdf-document';
import type { TaxCertificate } from './tax-certificate.service';

const words = {
  en: {
    title: (year: string) => `Tax Certificate ${year}`,
    holder: 'Account holder',
    account: 'Account number',
    type: 'Account type',
    tin: 'TIN',
    noTin: 'Not given',
    period: 'Period',
    through: (from: string, to: string) => `${from} to ${to}`,
    interest: 'Interest paid',
    tax: 'Source tax withheld',
    net: 'Interest after tax',
    excise: 'Excise duty charged',
    exciseCollectedLater: 'Excise duty collected later',
    exciseDue: 'Excise duty still due',
    highest: 'Highest balance of the year',
    reference: 'Certificate number',
    note: 'Issued from the bank’s records for the account holder’s income tax return. Source tax was withheld from interest under the Income Tax Act 2023 and excise duty charged under the Excises and Salt Act 1944, as the bank paid and charged them in the year. Computer-generated: it needs no signature.',
  },
  bn: {
    title: (year: string) => `কর সনদ ${year}`,
    holder: 'হিসাবধারী',
    account: 'হিসাব নম্বর',
    type: 'হিসাবের ধরন',
    tin: 'টিআইএন',
    noTin: 'দেওয়া হয়নি',
    period: 'সময়কাল',
    through: (from: string, to: string) => `${from} থেকে ${to}`,
    interest: 'প্রদত্ত সুদ',
    tax: 'উৎসে কর কর্তন',
    net: 'কর বাদে সুদ',
    excise: 'আবগারি শুল্ক কর্তন',
    exciseCollectedLater: 'পরে আদায়কৃত আবগারি শুল্ক',
    exciseDue: 'বকেয়া আবগারি শুল্ক',
    highest: 'বছরের সর্বোচ্চ স্থিতি',
    reference: 'সনদ নম্বর',
    note: 'হিসাবধারীর আয়কর রিটার্নের জন্য ব্যাংকের নথি থেকে দেওয়া হলো। বছরে ব্যাংক যে সুদ দিয়েছে তা থেকে আয়কর আইন ২০২৩ অনুযায়ী উৎসে কর এবং আবগারি ও লবণ আইন ১৯৪৪ অনুযায়ী আবগারি শুল্ক কর্তন করা হয়েছে। কম্পিউটারে তৈরি: স্বাক্ষরের প্রয়োজন নেই।',
  },
} as const;

/** A year's tax certificate of one account in the reader's language: the holder, the interest, the tax withheld and the excise duty. */
export async function taxCertificateToPdf(certificate: TaxCertificate, language: Language, generatedAt = new Date()): Promise<Buffer> {
  const w = words[language];
  const money = (poisha: bigint) => formatBdtIn(poisha, language);
  const year = String(certificate.year);
  const title = w.title(digitsIn(year, language));
  const document = newPdf(`${title} ${certificate.accountId}`, language);
  drawLetterhead(document, title, generatedAt, language);
  // Two to a row: who and which account, the period and the balance the duty follows, then the money.
  const facts: Array<[string, string]> = [
    [w.holder, certificate.holderName],
    [w.account, digitsIn(certificate.accountId, language)],
    [w.type, accountTypeIn(certificate.accountType, language)],
    [w.tin, certificate.maskedTin === null ? w.noTin : digitsIn(certificate.maskedTin, language)],
    [w.period, w.through(formatDate(`${year}-01-01`, language), formatDate(`${year}-12-31`, language))],
    [w.highest, certificate.highestBalancePoisha === null ? '—' : money(certificate.highestBalancePoisha)],
    [w.interest, money(certificate.interestPoisha)],
    [w.tax, money(certificate.sourceTaxPoisha)],
    [w.net, money(certificate.netInterestPoisha)],
    [w.excise, money(certificate.exciseChargedPoisha)],
  ];
  if (certificate.exciseCollectedLaterPoisha > 0n) facts.push([w.exciseCollectedLater, money(certificate.exciseCollectedLaterPoisha)]);
  if (certificate.exciseDuePoisha > 0n) facts.push([w.exciseDue, money(certificate.exciseDuePoisha)]);
  drawFactBand(document, facts);
  drawReferenceAndNote(document, w.reference, certificate.reference, w.note);
  numberPages(document, language);
  return pdfBytes(document);
}
