import { describe, expect, it } from 'vitest';
import { bankDirectory, directoryEntry, isValidRoutingNumber, isWalletNumber, routingCheckDigit } from './bank-directory';

describe('the bank directory', () => {
  const banks = bankDirectory.filter((entry) => entry.kind === 'bank');
  const wallets = bankDirectory.filter((entry) => entry.kind === 'wallet');

  it('lists the scheduled banks and the four wallets once each, named in both languages', () => {
    expect(banks.length).toBeGreaterThanOrEqual(61);
    expect(wallets.map((entry) => entry.code)).toEqual(['BKASH', 'NAGAD', 'ROCKET', 'UPAY']);
    expect(new Set(bankDirectory.map((entry) => entry.code)).size).toBe(bankDirectory.length);
    for (const entry of bankDirectory) {
      expect(entry.code).toMatch(/^[A-Z0-9]{2,12}$/);
      expect(entry.nameEn.trim()).not.toBe('');
      expect(entry.nameBn).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it('gives every bank a head-office routing number with a right check digit, marked invented', () => {
    for (const bank of banks) {
      expect(isValidRoutingNumber(bank.headOfficeRoutingNumber!)).toBe(true);
      expect(bank.routingNumberInvented).toBe(true);
    }
    expect(new Set(banks.map((bank) => bank.headOfficeRoutingNumber)).size).toBe(banks.length);
  });

  it('refuses a routing number with a wrong check digit or shape', () => {
    const good = directoryEntry('PADMA')!.headOfficeRoutingNumber!;
    const wrong = `${good.slice(0, 8)}${(Number(good[8]) + 1) % 10}`;
    expect(isValidRoutingNumber(wrong)).toBe(false);
    expect(isValidRoutingNumber(good.slice(0, 8))).toBe(false);
    expect(isValidRoutingNumber(`${good}0`)).toBe(false);
    expect(routingCheckDigit('12345678')).toBe((10 - ((1 * 3 + 2 * 7 + 3 + 4 * 3 + 5 * 7 + 6 + 7 * 3 + 8 * 7) % 10)) % 10);
  });

  it('lets the wallets take NPSB only, addressed by a mobile number', () => {
    for (const wallet of wallets) expect(wallet.rails).toEqual(['NPSB']);
    expect(isWalletNumber('01711000001')).toBe(true);
    expect(isWalletNumber('01211000001')).toBe(false);
    expect(isWalletNumber('0171100000')).toBe(false);
    expect(isWalletNumber('+8801711000001')).toBe(false);
  });
});
