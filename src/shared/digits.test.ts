import { describe, expect, it } from 'vitest';
import { toAsciiDigits, toBanglaDigits } from './digits';

describe('digits', () => {
  it('turns Bangla digits into ASCII and leaves the rest', () => {
    expect(toAsciiDigits('০১৭১২-৩৪৫৬৭৮')).toBe('01712-345678');
    expect(toAsciiDigits('১,২৫,০০০.৫০ BDT')).toBe('1,25,000.50 BDT');
    expect(toAsciiDigits('12৩4')).toBe('1234');
    expect(toAsciiDigits('abc')).toBe('abc');
  });

  it('writes ASCII digits in Bangla and back again', () => {
    expect(toBanglaDigits('1,25,000.00')).toBe('১,২৫,০০০.০০');
    expect(toAsciiDigits(toBanglaDigits('0123456789'))).toBe('0123456789');
  });
});
