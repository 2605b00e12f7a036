import { maskAccountNumber, maskAccountNumbersIn } from '../../../shared/account-display';
import { dhakaTimestamp } from '../../../shared/dates';
import { poishaToDecimalString } from '../../../shared/money';
import { amountText, csvField } from '../accounts/statement-csv';
import type { StatementFile } from './statements.service';

const row = (fields: string[]) => fields.map(csvField).join(',');

/**
 * A range's statement as CSV: the account and range first, then the lines between an opening and
 * a closing row, each time in Dhaka with its offset. Every field is quoted and a field starting
 * with = + - @ is defused (`csvField`), since a description is text a customer can influence.
 */
export function statementRangeToCsv(file: StatementFile): string {
  const { account, range, figures, lines } = file;
  const header = ['Date', 'Description', 'Debit (BDT)', 'Credit (BDT)', 'Balance (BDT)', 'Reference'];
  const rows = [
    row(['Account', maskAccountNumber(account.id), account.holder_name, '', '', '']),
    row(['Period', `${range.from} to ${range.to}`, 'Asia/Dhaka calendar days, both included', '', '', '']),
    row(header),
    row([range.from, 'Opening balance', '', '', poishaToDecimalString(figures.openingPoisha), '']),
    ...lines.map((line) => row([dhakaTimestamp(line.date), maskAccountNumbersIn(line.description), amountText(line.debit), amountText(line.credit), line.balance.toFixed(2), line.reference])),
    row([range.to, 'Closing balance', poishaToDecimalString(figures.outPoisha), poishaToDecimalString(figures.inPoisha), poishaToDecimalString(figures.closingPoisha), '']),
  ];
  return `${rows.join('\r\n')}\r\n`;
}
