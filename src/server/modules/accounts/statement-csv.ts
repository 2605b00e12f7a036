import { dhakaTimestamp } from '../../../shared/dates';
import type { StatementAnswer } from '../../../shared/schemas/banking-answers';

/** Quotes every field and neutralises spreadsheet formulas (a description starting with = + - @). */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const amountText = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** The statement as CSV, each line's time in Dhaka, as the customer lived it. */
export function statementToCsv(statement: StatementAnswer): string {
  const header = ['Date', 'Description', 'Debit (BDT)', 'Credit (BDT)', 'Balance (BDT)'];
  const lines = statement.lines.map((line) =>
    [dhakaTimestamp(line.date), line.description, amountText(line.debit), amountText(line.credit), line.balance.toFixed(2)].map(csvField).join(','),
  );
  return `${[header.map(csvField).join(','), ...lines].join('\r\n')}\r\n`;
}
