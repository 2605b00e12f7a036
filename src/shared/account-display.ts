/**
 * An account number as receipts and notices show it: the last four digits only, so a printed or
 * forwarded receipt does not hand out the whole number.
 */
export function maskAccountNumber(accountNumber: string): string {
  return `••••${accountNumber.slice(-4)}`;
}
