import PDFDocument from 'pdfkit';
import { formatDateTime } from '../../../shared/dates';
import { toBanglaDigits } from '../../../shared/digits';
import type { Language } from '../../../shared/language';
import { wordsIn } from './document-words';
import { pdfFonts, usePdfFonts } from './pdf-fonts';

export const bankNames: Record<Language, string> = { en: 'Padma Bank', bn: 'পদ্মা ব্যাংক' };
export const pageMarginPt = 40;
export const colours = { brand: '#0b5d3b', text: '#1f2933', muted: '#52606d', rule: '#cbd2d9', band: '#eef6f2' } as const;

/** A count or a page number in the reader's digits. */
export const digitsIn = (text: string, language: Language) => (language === 'bn' ? toBanglaDigits(text) : text);

/**
 * An A4 document. By default its pages stay in memory until the end, so that every page can be
 * numbered "Page 2 of 5" once they all exist (`numberPages`). A long document whose page count is
 * known before it is drawn passes `bufferPages: false`: each page is then written out as the next
 * one starts and carries its own footer (`drawPageFooter`).
 */
export function newPdf(title: string, language: Language, { bufferPages = true }: { bufferPages?: boolean } = {}): PDFKit.PDFDocument {
  const document = new PDFDocument({
    size: 'A4',
    margin: pageMarginPt,
    bufferPages,
    lang: language,
    info: { Title: title, Author: bankNames[language], Creator: bankNames.en },
  });
  usePdfFonts(document);
  return document;
}

/** Ends the document and collects its bytes. */
export function pdfBytes(document: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.end();
  });
}

/**
 * The bank's logo (public/logo.svg) drawn as vectors, `size` points square: the same paths, so the
 * PDF needs no image file and stays sharp when printed.
 */
export function drawLogo(document: PDFKit.PDFDocument, x: number, y: number, size: number): void {
  document.save();
  document.translate(x, y).scale(size / 64);
  document.roundedRect(0, 0, 64, 64, 14).fill('#0b5d3b');
  document.path('M32 42C22 41 12 34 9 24c9 0 18 6 23 18z').fill('#2f9a7a');
  document.path('M32 42c10-1 20-8 23-18-9 0-18 6-23 18z').fill('#2f9a7a');
  document.path('M32 42c-7-3-13-11-13-21 7 3 12 11 13 21z').fill('#e9c45a');
  document.path('M32 42c7-3 13-11 13-21-7 3-12 11-13 21z').fill('#e9c45a');
  document.path('M32 10c6 7 8 15 6 22-1 5-3 8-6 10-3-2-5-5-6-10-2-7 0-15 6-22z').fill('#d4a017');
  document.lineCap('round').lineWidth(3).path('M12 49c3.3-2.7 6.7-2.7 10 0s6.7 2.7 10 0 6.7-2.7 10 0 6.7 2.7 10 0').stroke('#e8f3ee');
  document.lineWidth(2.5).path('M18 56c2.3-2 4.7-2 7 0s4.7 2 7 0 4.7-2 7 0 4.7 2 7 0').stroke('#7fc4a6');
  document.restore();
}

/** The letterhead: logo, bank name and the document's title on the left, when it was made on the right. */
export function drawLetterhead(document: PDFKit.PDFDocument, title: string, generatedAt: Date, language: Language): void {
  const top = pageMarginPt;
  const width = document.page.width - 2 * pageMarginPt;
  drawLogo(document, pageMarginPt, top, 40);
  document
    .fillColor(colours.brand)
    .font(pdfFonts.bold)
    .fontSize(18)
    .text(bankNames[language], pageMarginPt + 52, top, { lineBreak: false });
  document
    .fillColor(colours.text)
    .font(pdfFonts.regular)
    .fontSize(12)
    .text(title, pageMarginPt + 52, top + 24, { lineBreak: false });
  document
    .fillColor(colours.muted)
    .fontSize(8)
    .text(wordsIn(language).generated(formatDateTime(generatedAt, language)), pageMarginPt, top + 4, { width, align: 'right' });
  document
    .moveTo(pageMarginPt, top + 50)
    .lineTo(pageMarginPt + width, top + 50)
    .lineWidth(1)
    .stroke(colours.brand);
  document.x = pageMarginPt;
  document.y = top + 62;
}

/** "Page 2 of 5" and the bank's name at the foot of the current page. */
export function drawPageFooter(document: PDFKit.PDFDocument, pageNumber: number, pageCount: number, language: Language): void {
  const bottomMargin = document.page.margins.bottom;
  // Text below the bottom margin would otherwise start a new page.
  document.page.margins.bottom = 0;
  const y = document.page.height - pageMarginPt + 12;
  const width = document.page.width - 2 * pageMarginPt;
  const words = wordsIn(language);
  document.fillColor(colours.muted).font(pdfFonts.regular).fontSize(8);
  document.text(words.footer(bankNames[language]), pageMarginPt, y, { width, lineBreak: false });
  document.text(words.page(digitsIn(String(pageNumber), language), digitsIn(String(pageCount), language)), pageMarginPt, y, { width, align: 'right', lineBreak: false });
  document.page.margins.bottom = bottomMargin;
}

/** The footer on every page of a document whose pages are kept until the end, written once every page exists. */
export function numberPages(document: PDFKit.PDFDocument, language: Language): void {
  const pages = document.bufferedPageRange();
  for (let index = 0; index < pages.count; index += 1) {
    document.switchToPage(pages.start + index);
    drawPageFooter(document, index + 1, pages.count, language);
  }
}

/**
 * The end of a one-page paper (a receipt, a certificate): the reference the customer quotes, large
 * in a fixed-width face so each character reads unmistakably, then a note in small print.
 */
export function drawReferenceAndNote(document: PDFKit.PDFDocument, label: string, reference: string, note: string): void {
  document.fillColor(colours.muted).font(pdfFonts.regular).fontSize(8).text(label, pageMarginPt, document.y);
  document
    .fillColor(colours.text)
    .font('Courier-Bold')
    .fontSize(11)
    .text(reference, pageMarginPt, document.y + 2);
  document.moveDown(1.5);
  document
    .fillColor(colours.muted)
    .font(pdfFonts.regular)
    .fontSize(9)
    .text(note, pageMarginPt, document.y, { width: document.page.width - 2 * pageMarginPt });
}

/** Label and value pairs in a shaded band, two to a row: the facts a reader looks for first. */
export function drawFactBand(document: PDFKit.PDFDocument, facts: Array<[string, string]>): void {
  const width = document.page.width - 2 * pageMarginPt;
  const columnWidth = width / 2;
  const rowHeight = 30;
  const rows = Math.ceil(facts.length / 2);
  const top = document.y;
  document.rect(pageMarginPt, top, width, rows * rowHeight + 8).fill(colours.band);
  facts.forEach(([label, value], index) => {
    const x = pageMarginPt + 10 + (index % 2) * columnWidth;
    const y = top + 6 + Math.floor(index / 2) * rowHeight;
    document
      .fillColor(colours.muted)
      .font(pdfFonts.regular)
      .fontSize(8)
      .text(label, x, y, { width: columnWidth - 20, lineBreak: false });
    document
      .fillColor(colours.text)
      .font(pdfFonts.bold)
      .fontSize(11)
      .text(value, x, y + 11, { width: columnWidth - 20, lineBreak: false, ellipsis: true });
  });
  document.x = pageMarginPt;
  document.y = top + rows * rowHeight + 20;
}
