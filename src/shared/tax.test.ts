import { describe, expect, it } from 'vitest';
import { formatBdt } from './money';
import { estimateIncomeTax, incomeTaxPoisha, taxRatePercent } from './tax';

const poisha = (bdt: string) => {
  const result = estimateIncomeTax(bdt);
  if (!result.ok) throw new Error(`not an amount: ${bdt}`);
  return result.salaryPoisha;
};

describe('taxRatePercent', () => {
  // Every bracket edge, the poisha just above it and the whole taka just above it.
  const cases: Array<[string, bigint]> = [
    ['0.01', 0n],
    ['100000', 0n],
    ['100000.01', 5n],
    ['100001', 5n],
    ['300000', 5n],
    ['300000.01', 10n],
    ['300001', 10n],
    ['400000', 10n],
    ['400000.01', 15n],
    ['400001', 15n],
    ['500000', 15n],
    ['500000.01', 20n],
    ['500001', 20n],
    ['600000', 20n],
    ['600000.01', 25n],
    ['600001', 25n],
    ['1000000000', 25n],
  ];
  it.each(cases)('salary %s BDT is taxed at %s %%', (salary, rate) => {
    expect(taxRatePercent(poisha(salary))).toBe(rate);
  });
});

describe('estimateIncomeTax', () => {
  const cases: Array<[unknown, string]> = [
    [50_000, '0.00 BDT'],
    ['100000', '0.00 BDT'],
    ['100000.01', '5,000.00 BDT'],
    ['100000.10', '5,000.01 BDT'],
    [100_001, '5,000.05 BDT'],
    [300_000, '15,000.00 BDT'],
    [300_001, '30,000.10 BDT'],
    [400_000, '40,000.00 BDT'],
    [400_001, '60,000.15 BDT'],
    [500_000, '75,000.00 BDT'],
    [500_001, '1,00,000.20 BDT'],
    [600_000, '1,20,000.00 BDT'],
    [600_001, '1,50,000.25 BDT'],
    ['7,50,000', '1,87,500.00 BDT'],
    [1_000_000_000, '25,00,00,000.00 BDT'],
  ];
  it.each(cases)('salary %s gives %s', (salary, expected) => {
    const result = estimateIncomeTax(salary);
    expect(result.ok).toBe(true);
    if (result.ok) expect(formatBdt(result.taxPoisha)).toBe(expected);
  });

  it('rounds half a poisha up', () => {
    // At 5 %: 10000001 poisha → 500000.05 → 500000; 10000009 → 500000.45 → 500000;
    // 10000010 → 500000.5 → 500001; 10000011 → 500000.55 → 500001.
    expect(incomeTaxPoisha(10_000_001n)).toBe(500_000n);
    expect(incomeTaxPoisha(10_000_009n)).toBe(500_000n);
    expect(incomeTaxPoisha(10_000_010n)).toBe(500_001n);
    expect(incomeTaxPoisha(10_000_011n)).toBe(500_001n);
  });

  it.each<[unknown, string]>([
    ['', 'not_a_number'],
    ['   ', 'not_a_number'],
    ['abc', 'not_a_number'],
    ['12a', 'not_a_number'],
    [Number.NaN, 'not_a_number'],
    [Number.POSITIVE_INFINITY, 'not_a_number'],
    [null, 'not_a_number'],
    [undefined, 'not_a_number'],
    [{ salary: 1 }, 'not_a_number'],
    ['100.123', 'too_many_decimals'],
    [0, 'not_positive'],
    ['0.00', 'not_positive'],
    [-5, 'not_positive'],
    ['-300000', 'not_positive'],
    ['1000000000.01', 'too_large'],
    [1e21, 'too_large'],
  ])('refuses %s (%s)', (salary, reason) => {
    expect(estimateIncomeTax(salary)).toEqual({ ok: false, reason });
  });

  it('never takes a negative salary directly', () => {
    expect(() => incomeTaxPoisha(-1n)).toThrow(RangeError);
  });
});
