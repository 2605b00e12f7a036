import { maskAccountNumber, maskAccountNumbersIn } from '../../../shared/account-display';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { formatBdt, formatBdtNumber } from '../../../shared/money';
import { accountTypeName } from '../../lib/answer-fields';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import { colours, drawFactBand, drawLetterhead, drawPageFooter, newPdf, pageMarginPt, pdfBytes, pdfText } from './pdf-document';
import type { StatementFile } from './statements.service';

/** An amount in a table cell: the column header says BDT, so the cell does not repeat it. */
const cellAmount = (bdt: number | null) => (bdt === null ? '' : formatBdtNumber(bdt).replace(/ BDT$/, ''));
const poishaCell = (poisha: bigint) => formatBdt(poisha).replace(/ BDT$/, '');

/** `font`: a cell's own font, where it is not the table's (a reference is set in a fixed width, so it fits one line). */
type Column = { title: string; width: number; align: 'left' | 'right'; font?: string };
const columns: Column[] = [
  { title: 'Date and time', width: 80, align: 'left' },
  { title: 'Description', width: 129, align: 'left' },
  { title: 'Debit', width: 72, align: 'right' },
  { title: 'Credit', width: 72, align: 'right' },
  { title: 'Balance', width: 84, align: 'right' },
  // The line's short reference, as on its receipt and in its messages: what a customer quotes.
  { title: 'Reference', width: 78, align: 'left', font: 'Courier' },
];
const cellPaddingPt = 4;
const tableFontSize = 8;
const headerRowHeightPt = 18;

type TableRow = { cells: string[]; bold?: boolean };

/** The one column whose text wraps; every other cell is one line (a date, an amount). */
const wrappingColumn = 1;

function drawRow(document: PDFKit.PDFDocument, row: TableRow, y: number, height: number): void {
  let x = pageMarginPt;
  document.fillColor(colours.text).font(row.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(tableFontSize);
  row.cells.forEach((cell, index) => {
    const column = columns[index];
    if (!column) return;
    const options = { width: column.width - 2 * cellPaddingPt, align: column.align, lineBreak: index === wrappingColumn };
    document.font(column.font ?? (row.bold ? 'Helvetica-Bold' : 'Helvetica'));
    if (cell) document.text(pdfText(cell), x + cellPaddingPt, y + cellPaddingPt, options);
    x += column.width;
  });
  document
    .moveTo(pageMarginPt, y + height)
    .lineTo(x, y + height)
    .lineWidth(0.5)
    .stroke(colours.rule);
}

/** Measuring text is most of a PDF's cost: only the description is measured, the rest is one line. */
function rowHeight(document: PDFKit.PDFDocument, row: TableRow): number {
  document.font(row.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(tableFontSize);
  const description = pdfText(row.cells[wrappingColumn] ?? '');
  const oneLine = document.currentLineHeight(true);
  const width = (columns[wrappingColumn]?.width ?? 0) - 2 * cellPaddingPt;
  const height = document.widthOfString(description) <= width ? oneLine : document.heightOfString(description, { width });
  return Math.max(oneLine, height) + 2 * cellPaddingPt;
}

function drawHeaderRow(document: PDFKit.PDFDocument, y: number): number {
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  document.rect(pageMarginPt, y, width, headerRowHeightPt).fill(colours.brand);
  let x = pageMarginPt;
  document.fillColor('#ffffff').font('Helvetica-Bold').fontSize(tableFontSize);
  for (const column of columns) {
    const title = column.align === 'right' ? `${column.title} (BDT)` : column.title;
    document.text(title, x + cellPaddingPt, y + 5, { width: column.width - 2 * cellPaddingPt, align: column.align, lineBreak: false });
    x += column.width;
  }
  return y + headerRowHeightPt;
}

/** The table's rows in order: the opening balance, every line (or a note that there is none), the closing balance. */
function* tableRows(file: StatementFile): Generator<TableRow> {
  const { range, figures, lines } = file;
  yield { cells: [formatDate(range.from, 'en'), 'Opening balance', '', '', poishaCell(figures.openingPoisha)], bold: true };
  if (lines.length === 0) yield { cells: ['', 'No transactions in this period.', '', '', ''] };
  for (const line of lines) {
    yield { cells: [formatDateTime(line.date, 'en'), maskAccountNumbersIn(line.description), cellAmount(line.debit), cellAmount(line.credit), cellAmount(line.balance), line.reference] };
  }
  yield { cells: [formatDate(range.to, 'en'), 'Closing balance', poishaCell(figures.outPoisha), poishaCell(figures.inPoisha), poishaCell(figures.closingPoisha)], bold: true };
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
async function drawPages(document: PDFKit.PDFDocument, pages: TablePage[]): Promise<void> {
  for (const [index, page] of pages.entries()) {
    if (index > 0) document.addPage();
    let y = drawHeaderRow(document, page.top);
    for (const row of page.rows) {
      drawRow(document, row, y, row.height);
      y += row.height;
    }
    drawPageFooter(document, index + 1, pages.length);
    await yieldToEventLoop();
  }
}

/**
 * The statement as a PDF a customer can file or hand to an embassy or a landlord: letterhead,
 * holder, masked account number, the range, its opening and closing balances and totals, every
 * line with its Dhaka time, and page numbers. English only (see the decision record). Drawn in
 * slices, a page at a time, so that a statement of thousands of lines does not hold up every
 * other request to this process while it is drawn.
 */
export async function statementToPdf(file: StatementFile, generatedAt = new Date()): Promise<Buffer> {
  const { account, range, figures } = file;
  const document = newPdf(`Account statement ${maskAccountNumber(account.id)}`, { bufferPages: false });
  drawLetterhead(document, 'Account statement', generatedAt);
  drawFactBand(document, [
    ['Account holder', account.holder_name],
    ['Account number', maskAccountNumber(account.id)],
    ['Account type', accountTypeName(account.account_type)],
    ['Period (Dhaka calendar days)', `${formatDate(range.from, 'en')} to ${formatDate(range.to, 'en')}`],
    ['Opening balance', formatBdt(figures.openingPoisha)],
    ['Closing balance', formatBdt(figures.closingPoisha)],
    ['Money in', formatBdt(figures.inPoisha)],
    ['Money out', formatBdt(figures.outPoisha)],
  ]);
  await drawPages(document, await splitIntoPages(document, tableRows(file)));
  return pdfBytes(document);
}
