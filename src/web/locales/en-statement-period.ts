/**
 * English texts of the statement for a period, which both the customer's account page and the
 * staff's account page show: written once here and included in both areas' catalogues.
 */
export const enStatementPeriod = {
  title: 'Statement for a period',
  intro: 'Choose the first and the last day (Dhaka calendar days, both included, at most a year).',
  from: 'From',
  to: 'To',
  show: 'Show statement',
  period: '{{from}} to {{to}}',
  opening: 'Opening balance',
  closing: 'Closing balance',
  moneyIn: 'Money in',
  moneyOut: 'Money out',
  count: 'Transactions in the period: {{total}}',
  empty: 'No transactions in this period.',
  more: 'Show more transactions',
  downloads: 'Download this period',
  downloadCsv: 'Download CSV',
  downloadPdf: 'Download PDF',
  pdfInEnglish: 'The PDF is in English.',
  receiptPdf: 'Receipt (PDF)',
  receiptFor: 'Receipt (PDF) of the transfer on {{date}}',
  date: 'Date',
  description: 'Description',
  amount: 'Amount',
  balance: 'Balance',
} as const;
