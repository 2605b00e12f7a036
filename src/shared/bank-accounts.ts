// Shared with the web app, whose trial balance names each of these accounts in the reader's words.
/** The bank's own ledger accounts, created by migrations 0001, 0035, 0041 and 0043. They hold the mirror image of what customers hold. */
export const bankAccounts = {
  cash: 'bank:cash',
  loansReceivable: 'bank:loans-receivable',
  interestIncome: 'bank:interest-income',
  /** Payments to other banks and wallets on their way: sent by the customer, not yet settled by the switch. */
  clearingOutward: 'bank:clearing-outward',
  /** The bank's account at Bangladesh Bank, through which the rails settle. */
  settlement: 'bank:settlement',
  feeIncome: 'bank:fee-income',
  vatPayable: 'bank:vat-payable',
  /** Interest the bank pays on deposits (migration 0041, record 080). */
  interestExpense: 'bank:interest-expense',
  /** Source tax withheld from interest, owed to the revenue. */
  sourceTaxPayable: 'bank:source-tax-payable',
  /** Excise duty taken from deposits at the year's end, owed to the revenue. */
  exciseDutyPayable: 'bank:excise-duty-payable',
  /** What the bank owes on fixed deposit receipts: their principals (record 083). */
  fdrDeposits: 'bank:fdr-deposits',
  /** What the bank owes on deposit pension schemes: the instalments paid in (record 084). */
  dpsDeposits: 'bank:dps-deposits',
} as const;

/** The line every customer account is summed into: a trial balance shows the deposits, not each depositor. */
export const customerDepositsCode = 'customer-deposits';
