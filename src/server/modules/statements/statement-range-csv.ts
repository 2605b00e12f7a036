import { maskAccountNumber } from '../../../shared/account-display';
import { describeLine } from '../../../shared/banking-words';
import { dhakaTimestamp } from '../../../shared/dates';
import type { Language } from '../../../shared/language';
import { poishaToDecimalString } from '../../../shared/money';
import type { StatementAnswer } from '../../../shared/schemas/banking-answers';
import { wordsIn } from './document-words';
import type { StatementFile } from './statements.service';

/** Quotes every field and neutralises spreadsheet formulas (a description starting with = + - @). */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const amountText = (value: number | null) => (value === null ? '' : value.toFixed(2));

const row = (fields: string[]) => fields.map(csvField).join(',');

/**
 * The column titles of a statement file in the reader's language. Amounts, dates and times stay in
 * ASCII digits in every language: a CSV is read by spreadsheets, which add up only those.
 */
function statementCsvHeader(language: Language): string[] {
  const words = wordsIn(language);
  return [words.csvDate, words.description, words.inBdt(words.debit), words.inBdt(words.credit), words.inBdt(words.balance), words.reference];
}

/**
 * One statement line as a CSV row, its time in Dhaka, as the customer lived it. Account numbers in
 * the description are masked as on every downloaded statement (`maskAccountNumbersIn`), since a
 * statement is printed and handed to third parties.
 */
export function statementLineToCsv(line: StatementAnswer['lines'][number], language: Language): string {
  return row([dhakaTimestamp(line.date), describeLine(line, language, { maskAccounts: true }), amountText(line.debit), amountText(line.credit), line.balance.toFixed(2), line.reference]);
}

/**
 * A range's statement as CSV in the reader's language: the account and range first, then the lines
 * between an opening and a closing row, each time in Dhaka with its offset. Amounts and times keep
 * ASCII digits for the spreadsheets that read them. Every field is quoted and a field starting
 * with = + - @ is defused (`csvField`), since a description is text a customer can influence.
 */
export function statementRangeToCsv(file: StatementFile): string {
  const { account, range, figures, lines, language } = file;
  const words = wordsIn(language);
  const rows = [
    row([words.csvAccount, maskAccountNumber(account.id), account.holderName, '', '', '']),
    row([words.csvPeriod, words.periodRange(range.from, range.to), words.csvPeriodNote, '', '', '']),
    row(statementCsvHeader(language)),
    row([range.from, words.openingBalance, '', '', poishaToDecimalString(figures.openingPoisha), '']),
    ...lines.map((line) => statementLineToCsv(line, language)),
    row([range.to, words.closingBalance, poishaToDecimalString(figures.outPoisha), poishaToDecimalString(figures.inPoisha), poishaToDecimalString(figures.closingPoisha), '']),
  ];
  return `${rows.join('\r\n')}\r\n`;
}
