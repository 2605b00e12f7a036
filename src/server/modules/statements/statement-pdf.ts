import { maskAccountNumber } from '../../../shared/account-display';
import { accountTypeIn, describeLine } from '../../../shared/banking-words';
import { formatDate, formatDateTime } from '../../../shared/dates';
import type { Language } from '../../../shared/language';
import { bdtNumberToPoisha, formatBdt, formatBdtIn } from '../../../shared/money';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import { type DocumentWords, wordsIn } from './document-words';
import { colours, digitsIn, drawFactBand, drawLetterhead, drawPageFooter, newPdf, pageMarginPt, pdfBytes } from './pdf-document';
import { pdfFonts } from './pdf-fonts';
import type { StatementFile } from './statements.service';

/** An amount in a table cell, in the reader's digits: the column header names the currency, so the cell does not repeat it. */
const poishaCell = (poisha: bigint, language: Language) => digitsIn(formatBdt(poisha).replace(/ BDT$/, ''), language);
const cellAmount = (bdt: number | null, language: Language) => (bdt === null ? '' : poishaCell(bdtNumberToPoisha(bdt), language));

/** `font`: a cell's own font, where it is not the table's (a reference is set in a fixed width, so it fits one line). */
type Column = { title: keyof DocumentWords; width: number; align: 'left' | 'right'; font?: string };
const columns: Column[] = [
  { title: 'dateAndTime', width: 88, align: 'left' },
  { title: 'description', width: 121, align: 'left' },
  { title: 'debit', width: 72, align: 'right' },
  { title: 'credit', width: 72, align: 'right' },
  { title: 'balance', width: 84, align: 'right' },
  // The line's short reference, as on its receipt and in its messages: what a customer quotes.
  { title: 'reference', width: 78, align: 'left', font: 'Courier' },
];
const cellPaddingPt = 4;
const tableFontSize = 8;
const headerRowHeightPt = 18;

type TableRow = { cells: string[]; bold?: boolean };

/** The one column whose text wraps; every other cell is one line (a date, an amount). */
const wrappingColumn = 1;
/** The date and time wraps too: in Bangla ("২১ নভেম্বর ২০২৬, ১৬:০০") it is wider than its column. */
const wrappingColumns = new Set([0, wrappingColumn]);

function drawRow(document: PDFKit.PDFDocument, row: TableRow, y: number, height: number): void {
  let x = pageMarginPt;
  document
    .fillColor(colours.text)
    .font(row.bold ? pdfFonts.bold : pdfFonts.regular)
    .fontSize(tableFontSize);
  row.cells.forEach((cell, index) => {
    const column = columns[index];
    if (!column) return;
    const options = { width: column.width - 2 * cellPaddingPt, align: column.align, lineBreak: wrappingColumns.has(index) };
    document.font(column.font ?? (row.bold ? pdfFonts.bold : pdfFonts.regular));
    if (cell) document.text(cell, x + cellPaddingPt, y + cellPaddingPt, options);
    x += column.width;
  });
  document
    .moveTo(pageMarginPt, y + height)
    .lineTo(x, y + height)
    .lineWidth(0.5)
    .stroke(colours.rule);
}

/** Measuring text is most of a PDF's cost: only a cell that may wrap is measured, and only when it is wider than its column. */
function rowHeight(document: PDFKit.PDFDocument, row: TableRow): number {
  document.font(row.bold ? pdfFonts.bold : pdfFonts.regular).fontSize(tableFontSize);
  const oneLine = document.currentLineHeight(true);
  let height = oneLine;
  for (const index of wrappingColumns) {
    const text = row.cells[index] ?? '';
    const width = (columns[index]?.width ?? 0) - 2 * cellPaddingPt;
    if (document.widthOfString(text) > width) height = Math.max(height, document.heightOfString(text, { width }));
  }
  return height + 2 * cellPaddingPt;
}

function drawHeaderRow(document: PDFKit.PDFDocument, y: number, words: DocumentWords): number {
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  document.rect(pageMarginPt, y, width, headerRowHeightPt).fill(colours.brand);
  let x = pageMarginPt;
  document.fillColor('#ffffff').font(pdfFonts.bold).fontSize(tableFontSize);
  for (const column of columns) {
    const word = words[column.title] as string;
    const title = column.align === 'right' ? words.inBdt(word) : word;
    document.text(title, x + cellPaddingPt, y + 5, { width: column.width - 2 * cellPaddingPt, align: column.align, lineBreak: false });
    x += column.width;
  }
  return y + headerRowHeightPt;
}

/** The table's rows in order: the opening balance, every line (or a note that there is none), the closing balance. */
function* tableRows(file: StatementFile, language: Language): Generator<TableRow> {
  const { range, figures, lines } = file;
  const words = wordsIn(language);
  yield { cells: [formatDate(range.from, language), words.openingBalance, '', '', poishaCell(figures.openingPoisha, language)], bold: true };
  if (lines.length === 0) yield { cells: ['', words.noTransactions, '', '', ''] };
  for (const line of lines) {
    const description = describeLine(line, language, { maskAccounts: true });
    yield { cells: [formatDateTime(line.date, language), description, cellAmount(line.debit, language), cellAmount(line.credit, language), cellAmount(line.balance, language), line.reference] };
  }
  const totals = [poishaCell(figures.outPoisha, language), poishaCell(figures.inPoisha, language), poishaCell(figures.closingPoisha, language)];
  yield { cells: [formatDate(range.to, language), words.closingBalance, ...totals], bold: true };
}

type PlacedRow = TableRow & { height: number };
type TablePage = { top: number; rows: PlacedRow[] };

/**
 * First pass: measures every row and splits the table into pages, the first starting below the
 * account's facts and every other at the top margin. Knowing the page count before drawing lets
 * each page be numbered and written out as soon as it is drawn. Measuring is half of the work, so
 * the event loop gets a turn after each page's worth of rows.
 */
async function splitIntoPages(document: PDFKit.PDFDocument, rows: Iterable<TableRow>): Promise<TablePage[]> {
  const bottom = document.page.height - document.page.margins.bottom - 10;
  let page: TablePage = { top: document.y, rows: [] };
  const pages = [page];
  let y = page.top + headerRowHeightPt;
  for (const row of rows) {
    const height = rowHeight(document, row);
    if (y + height > bottom) {
      page = { top: pageMarginPt, rows: [] };
      pages.push(page);
      y = page.top + headerRowHeightPt;
      await yieldToEventLoop();
    }
    page.rows.push({ ...row, height });
    y += height;
  }
  return pages;
}

/**
 * Second pass: draws the pages one after another, each with its header row and footer, and gives
 * the event loop a turn after each. The document does not keep its pages (`bufferPages: false`),
 * so starting the next page writes the last one out: no single step, not even the end, has more
 * than a page to do, however long the statement.
 */
async function drawPages(document: PDFKit.PDFDocument, pages: TablePage[], language: Language): Promise<void> {
  for (const [index, page] of pages.entries()) {
    if (index > 0) document.addPage();
    let y = drawHeaderRow(document, page.top, wordsIn(language));
    for (const row of page.rows) {
      drawRow(document, row, y, row.height);
      y += row.height;
    }
    drawPageFooter(document, index + 1, pages.length, language);
    await yieldToEventLoop();
  }
}

/**
 * The statement as a PDF a customer can file or hand to an embassy or a landlord: letterhead,
 * holder, masked account number, the range, its opening and closing balances and totals, every
 * line with its Dhaka time, and page numbers, all in the reader's language and digits. Drawn in
 * slices, a page at a time, so that a statement of thousands of lines does not hold up every
 * other request to this process while it is drawn.
 */
export async function statementToPdf(file: StatementFile, language: Language, generatedAt = new Date()): Promise<Buffer> {
  const { account, range, figures } = file;
  const words = wordsIn(language);
  const maskedNumber = digitsIn(maskAccountNumber(account.id), language);
  const document = newPdf(`${words.statementTitle} ${maskAccountNumber(account.id)}`, language, { bufferPages: false });
  drawLetterhead(document, words.statementTitle, generatedAt, language);
  drawFactBand(document, [
    [words.accountHolder, account.holderName],
    [words.accountNumber, maskedNumber],
    [words.accountType, accountTypeIn(account.accountType, language)],
    [words.period, words.periodRange(formatDate(range.from, language), formatDate(range.to, language))],
    [words.openingBalance, formatBdtIn(figures.openingPoisha, language)],
    [words.closingBalance, formatBdtIn(figures.closingPoisha, language)],
    [words.moneyIn, formatBdtIn(figures.inPoisha, language)],
    [words.moneyOut, formatBdtIn(figures.outPoisha, language)],
  ]);
  await drawPages(document, await splitIntoPages(document, tableRows(file, language)), language);
  return pdfBytes(document);
}
