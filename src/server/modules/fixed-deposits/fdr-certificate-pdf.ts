import { formatDate } from '../../../shared/dates';
import type { Language } from '../../../shared/language';
import { formatBdtIn } from '../../../shared/money';
import type { FdrAnswer } from '../../../shared/schemas/fixed-deposits';
import { digitsIn, drawFactBand, drawLetterhead, drawReferenceAndNote, newPdf, numberPages, pdfBytes } from '../statements/pdf-document';

const words = {
  en: {
    title: 'Fixed Deposit Receipt (FDR)',
    holder: 'Depositor',
    account: 'Linked account',
    principal: 'Principal',
    term: (months: string) => `${months} months`,
    termLabel: 'Term',
    rate: 'Annual rate',
    opened: 'Date of deposit',
    maturity: 'Maturity date',
    interest: 'Interest at maturity',
    tax: (percent: string) => `Source tax (${percent} %)`,
    paid: 'Payable at maturity',
    instruction: 'At maturity',
    instructions: { credit: 'Principal and interest to the linked account', 'renew-principal': 'Principal renewed, interest to the linked account', 'renew-all': 'Principal and interest renewed' },
    nominee: 'Nominee',
    reference: 'Certificate number',
    note: 'The rate is fixed for the whole term. Encashed before maturity, the deposit earns the premature rate for the days held. Amounts at maturity are at the tax rates in force today.',
  },
  bn: {
    title: 'স্থায়ী আমানত রসিদ (এফডিআর)',
    holder: 'আমানতকারী',
    account: 'সংযুক্ত হিসাব',
    principal: 'আসল',
    term: (months: string) => `${months} মাস`,
    termLabel: 'মেয়াদ',
    rate: 'বার্ষিক হার',
    opened: 'জমার তারিখ',
    maturity: 'মেয়াদপূর্তির তারিখ',
    interest: 'মেয়াদপূর্তিতে মুনাফা',
    tax: (percent: string) => `উৎসে কর (${percent} %)`,
    paid: 'মেয়াদপূর্তিতে প্রদেয়',
    instruction: 'মেয়াদপূর্তিতে',
    instructions: { credit: 'আসল ও মুনাফা সংযুক্ত হিসাবে', 'renew-principal': 'আসল নবায়ন, মুনাফা সংযুক্ত হিসাবে', 'renew-all': 'আসল ও মুনাফা নবায়ন' },
    nominee: 'নমিনি',
    reference: 'সনদ নম্বর',
    note: 'পুরো মেয়াদে হার অপরিবর্তিত থাকবে। মেয়াদের আগে ভাঙালে রাখা দিনগুলোর জন্য অকাল নগদায়নের হারে মুনাফা দেওয়া হবে। মেয়াদপূর্তির অঙ্ক আজকের করহারে।',
  },
} as const;

const percentOf = (basisPoints: number) => (basisPoints / 100).toFixed(2);

/** The FDR's certificate in the reader's language: the holder, the figures fixed at opening, the instruction and the nominee. */
export async function fdrCertificateToPdf(deposit: FdrAnswer, language: Language, generatedAt = new Date()): Promise<Buffer> {
  const w = words[language];
  const digits = (text: string) => digitsIn(text, language);
  const document = newPdf(`${w.title} ${deposit.reference}`, language);
  drawLetterhead(document, w.title, generatedAt, language);
  drawFactBand(document, [
    [w.holder, deposit.holderName],
    [w.account, digits(deposit.accountId)],
    [w.principal, formatBdtIn(BigInt(deposit.principalPoisha), language)],
    [w.termLabel, w.term(digits(String(deposit.termMonths)))],
    [w.rate, `${digits(percentOf(deposit.annualRateBasisPoints))} %`],
    [w.opened, formatDate(deposit.openingDay, language)],
    [w.maturity, formatDate(deposit.maturityDay, language)],
    [w.interest, formatBdtIn(BigInt(deposit.maturity.interestPoisha), language)],
    [w.tax(digits(String(deposit.maturity.taxPercent))), formatBdtIn(BigInt(deposit.maturity.taxPoisha), language)],
    [w.paid, formatBdtIn(BigInt(deposit.maturity.paidPoisha), language)],
    [w.instruction, w.instructions[deposit.instruction]],
    [w.nominee, deposit.nomineeName],
  ]);
  drawReferenceAndNote(document, w.reference, deposit.reference, w.note);
  numberPages(document, language);
  return pdfBytes(document);
}
