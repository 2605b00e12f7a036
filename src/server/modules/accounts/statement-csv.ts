import { describeLine } from '../../../shared/banking-words';
import type { Language } from '../../../shared/language';
import { wordsIn } from '../statements/document-words';
import { statementFileLinesMax } from '../../../shared/constants';
import { dhakaTimestamp } from '../../../shared/dates';
import type { StatementAnswer } from '../../../shared/schemas/banking-answers';
import { toStatementLine } from './account-answers';
import type { HistoryBatch } from './accounts.service';

/** Quotes every field and neutralises spreadsheet formulas (a description starting with = + - @). */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const amountText = (value: number | null) => (value === null ? '' : value.toFixed(2));

const csvRow = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`;

/**
 * One statement line as a CSV row, its time in Dhaka, as the customer lived it. Account numbers in
 * the description are masked as on every downloaded statement (`maskAccountNumbersIn`), since a
 * statement is printed and handed to third parties.
 */
export function statementLineToCsv(line: StatementAnswer['lines'][number], language: Language): string {
  return csvRow([dhakaTimestamp(line.date), describeLine(line, language, { maskAccounts: true }), amountText(line.debit), amountText(line.credit), line.balance.toFixed(2), line.reference]);
}

/**
 * The column titles of a statement file in the reader's language. Amounts, dates and times stay in
 * ASCII digits in every language: a CSV is read by spreadsheets, which add up only those.
 */
export function statementCsvHeader(language: Language): string[] {
  const words = wordsIn(language);
  return [words.csvDate, words.description, words.inBdt(words.debit), words.inBdt(words.credit), words.inBdt(words.balance), words.reference];
}

/**
 * The whole history as CSV, written as its batches are read: a header row, then the lines newest
 * first, then, when the history is longer than a file may hold, a last row that says so.
 */
export async function* historyCsv(batches: AsyncIterable<HistoryBatch>, language: Language): AsyncGenerator<string> {
  const words = wordsIn(language);
  yield csvRow(statementCsvHeader(language));
  for await (const batch of batches) {
    if (batch.rows.length > 0) yield batch.rows.map((row) => statementLineToCsv(toStatementLine(row, language), language)).join('');
    if (batch.olderLinesOmitted) {
      yield csvRow([words.olderLinesOmitted, words.olderLinesNote(statementFileLinesMax), '', '', '', '']);
    }
  }
}
