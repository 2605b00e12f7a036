/**
 * An account number as receipts and notices show it: the last four digits only, so a printed or
 * forwarded receipt does not hand out the whole number.
 */
export function maskAccountNumber(accountNumber: string): string {
  return `••••${accountNumber.slice(-4)}`;
}

/** Every account number (13 digits) inside a text, masked: for descriptions on printed statements. */
export function maskAccountNumbersIn(text: string): string {
  return text.replace(/\b\d{13}\b/g, maskAccountNumber);
}
