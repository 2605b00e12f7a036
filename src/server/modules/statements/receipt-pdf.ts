import { maskAccountNumber } from '../../../shared/account-display';
import { formatDateTime } from '../../../shared/dates';
import type { Language } from '../../../shared/language';
import { formatBdtIn } from '../../../shared/money';
import { wordsIn } from './document-words';
import { digitsIn, drawFactBand, drawLetterhead, drawReferenceAndNote, newPdf, numberPages, pdfBytes } from './pdf-document';
import type { TransferReceipt } from './statements.service';

/**
/**
 * One transfer's receipt in the reader's language: its short reference (the one on the statement
 * and in the messages), when the bank recorded it in Dhaka time, both accounts masked, the amount,
 * and for the sender only the balance left after it (the receiver has no business knowing it).
 */
export async function receiptToPdf(receipt: TransferReceipt, language: Language, generatedAt = new Date()): Promise<Buffer> {
  const words = wordsIn(language);
  const holder = (name: string, accountId: string) => `${name} (${digitsIn(maskAccountNumber(accountId), language)})`;
  const document = newPdf(`${words.receiptTitle} ${receipt.reference}`, language);
  drawLetterhead(document, words.receiptTitle, generatedAt, language);
  const facts: Array<[string, string]> = [
    [words.amount, formatBdtIn(receipt.amountPoisha, language)],
    [words.dateAndTimeDhaka, formatDateTime(receipt.postedAt, language)],
    [words.from, holder(receipt.fromHolder, receipt.fromAccountId)],
    [words.to, holder(receipt.toHolder, receipt.toAccountId)],
  ];
  if (receipt.senderBalanceAfterPoisha !== null) facts.push([words.balanceAfter, formatBdtIn(receipt.senderBalanceAfterPoisha, language)]);
  facts.push([words.status, words.completed]);
  drawFactBand(document, facts);
  drawReferenceAndNote(document, words.reference, receipt.reference, words.receiptNote);
  numberPages(document, language);
  return pdfBytes(document);
}
