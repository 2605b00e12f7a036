import { maskAccountNumber } from '../../../shared/account-display';
import { formatDateTime } from '../../../shared/dates';
import { formatBdt } from '../../../shared/money';
import { colours, drawFactBand, drawLetterhead, newPdf, numberPages, pageMarginPt, pdfBytes } from './pdf-document';
import type { TransferReceipt } from './statements.service';

/**
 * One transfer's receipt: its short reference (the one on the statement and in the messages), when the bank recorded it in Dhaka
 * time, both accounts masked, the amount, and for the sender only the balance left after it (the
 * receiver has no business knowing it).
 */
export async function receiptToPdf(receipt: TransferReceipt, generatedAt = new Date()): Promise<Buffer> {
  const document = newPdf(`Transfer receipt ${receipt.reference}`);
  drawLetterhead(document, 'Transfer receipt', generatedAt);
  const facts: Array<[string, string]> = [
    ['Amount', formatBdt(receipt.amountPoisha)],
    ['Date and time (Dhaka)', formatDateTime(receipt.postedAt, 'en')],
    ['From', `${receipt.fromHolder} (${maskAccountNumber(receipt.fromAccountId)})`],
    ['To', `${receipt.toHolder} (${maskAccountNumber(receipt.toAccountId)})`],
  ];
  if (receipt.senderBalanceAfterPoisha !== null) facts.push(['Your balance after the transfer', formatBdt(receipt.senderBalanceAfterPoisha)]);
  facts.push(['Status', 'Completed']);
  drawFactBand(document, facts);
  document.fillColor(colours.muted).font('Helvetica').fontSize(8).text('Reference', pageMarginPt, document.y);
  document.fillColor(colours.text).font('Courier-Bold').fontSize(11).text(receipt.reference, pageMarginPt, document.y + 2);
  document.moveDown(1.5);
  document
    .fillColor(colours.muted)
    .font('Helvetica')
    .fontSize(9)
    .text('Quote the reference when you ask the bank about this transfer. This receipt was generated from the bank’s journal and needs no signature.', pageMarginPt, document.y, {
      width: document.page.width - 2 * pageMarginPt,
    });
  numberPages(document);
  return pdfBytes(document);
}
