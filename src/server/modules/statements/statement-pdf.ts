import { maskAccountNumber, maskAccountNumbersIn } from '../../../shared/account-display';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { formatBdt, formatBdtNumber } from '../../../shared/money';
import { accountTypeName } from '../../lib/answer-fields';
import { colours, drawFactBand, drawLetterhead, newPdf, numberPages, pageMarginPt, pdfBytes, pdfText } from './pdf-document';
import type { StatementFile } from './statements.service';

/** An amount in a table cell: the column header says BDT, so the cell does not repeat it. */
const cellAmount = (bdt: number | null) => (bdt === null ? '' : formatBdtNumber(bdt).replace(/ BDT$/, ''));
const poishaCell = (poisha: bigint) => formatBdt(poisha).replace(/ BDT$/, '');

type Column = { title: string; width: number; align: 'left' | 'right' };
const columns: Column[] = [
  { title: 'Date and time', width: 88, align: 'left' },
  { title: 'Description', width: 199, align: 'left' },
  { title: 'Debit', width: 72, align: 'right' },
  { title: 'Credit', width: 72, align: 'right' },
  { title: 'Balance', width: 84, align: 'right' },
];
const cellPaddingPt = 4;
const tableFontSize = 8;

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

function drawHeaderRow(document: PDFKit.PDFDocument): number {
  const y = document.y;
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  document.rect(pageMarginPt, y, width, 18).fill(colours.brand);
  let x = pageMarginPt;
  document.fillColor('#ffffff').font('Helvetica-Bold').fontSize(tableFontSize);
  for (const column of columns) {
    const title = column.align === 'right' ? `${column.title} (BDT)` : column.title;
    document.text(title, x + cellPaddingPt, y + 5, { width: column.width - 2 * cellPaddingPt, align: column.align, lineBreak: false });
    x += column.width;
  }
  return y + 18;
}

/** The lines as a table that carries on over as many pages as it needs, its header repeated on each. */
function drawTable(document: PDFKit.PDFDocument, rows: TableRow[]): void {
  const bottom = document.page.height - document.page.margins.bottom - 10;
  let y = drawHeaderRow(document);
  for (const row of rows) {
    const height = rowHeight(document, row);
    if (y + height > bottom) {
      document.addPage();
      document.y = pageMarginPt;
      y = drawHeaderRow(document);
    }
    drawRow(document, row, y, height);
    y += height;
  }
  document.y = y + 10;
  document.x = pageMarginPt;
}

/**
 * The statement as a PDF a customer can file or hand to an embassy or a landlord: letterhead,
 * holder, masked account number, the range, its opening and closing balances and totals, every
 * line with its Dhaka time, and page numbers. English only (see the decision record).
 */
export async function statementToPdf(file: StatementFile, generatedAt = new Date()): Promise<Buffer> {
  const { account, range, figures, lines } = file;
  const document = newPdf(`Account statement ${maskAccountNumber(account.id)}`);
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
  const rows: TableRow[] = [
    { cells: [formatDate(range.from, 'en'), 'Opening balance', '', '', poishaCell(figures.openingPoisha)], bold: true },
    ...lines.map((line) => ({ cells: [formatDateTime(line.date, 'en'), maskAccountNumbersIn(line.description), cellAmount(line.debit), cellAmount(line.credit), cellAmount(line.balance)] })),
    { cells: [formatDate(range.to, 'en'), 'Closing balance', poishaCell(figures.outPoisha), poishaCell(figures.inPoisha), poishaCell(figures.closingPoisha)], bold: true },
  ];
  if (lines.length === 0) rows.splice(1, 0, { cells: ['', 'No transactions in this period.', '', '', ''] });
  drawTable(document, rows);
  numberPages(document);
  return pdfBytes(document);
}
