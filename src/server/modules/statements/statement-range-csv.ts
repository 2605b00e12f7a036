import { maskAccountNumber } from '../../../shared/account-display';
import { describeLine } from '../../../shared/banking-words';
import { dhakaTimestamp } from '../../../shared/dates';
import { poishaToDecimalString } from '../../../shared/money';
import { amountText, csvField, statementCsvHeader } from '../accounts/statement-csv';
import { wordsIn } from './document-words';
import type { StatementFile } from './statements.service';

const row = (fields: string[]) => fields.map(csvField).join(',');

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
    row([words.csvAccount, maskAccountNumber(account.id), account.holder_name, '', '', '']),
    row([words.csvPeriod, words.periodRange(range.from, range.to), words.csvPeriodNote, '', '', '']),
    row(statementCsvHeader(language)),
    row([range.from, words.openingBalance, '', '', poishaToDecimalString(figures.openingPoisha), '']),
    ...lines.map((line) => row([dhakaTimestamp(line.date), describeLine(line, language, { maskAccounts: true }), amountText(line.debit), amountText(line.credit), line.balance.toFixed(2), line.reference])),
    row([range.to, words.closingBalance, poishaToDecimalString(figures.outPoisha), poishaToDecimalString(figures.inPoisha), poishaToDecimalString(figures.closingPoisha), '']),
  ];
  return `${rows.join('\r\n')}\r\n`;
}
