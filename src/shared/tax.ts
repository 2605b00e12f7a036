import { parseAmountToPoisha, type ParseAmountResult } from './money';

/**
 * The home page's income tax estimate, with the first product's brackets (5 % to 25 %, below). One rate applies to the whole
 * yearly salary, chosen by the bracket the salary falls in; upper bounds are inclusive.
 *
 * Worked example: a salary of 3,50,000 BDT is 35000000n poisha; it is above 3,00,000 and at
 * most 4,00,000, so the rate is 10 %: 35000000n × 10 / 100 = 3500000n poisha = "35,000.00 BDT".
 */
export type TaxBracket = { salaryPoishaMax: bigint | null; ratePercent: bigint };

const lakhPoisha = 100_000n * 100n;

export const taxBrackets: readonly TaxBracket[] = [
  { salaryPoishaMax: 1n * lakhPoisha, ratePercent: 0n },
  { salaryPoishaMax: 3n * lakhPoisha, ratePercent: 5n },
  { salaryPoishaMax: 4n * lakhPoisha, ratePercent: 10n },
  { salaryPoishaMax: 5n * lakhPoisha, ratePercent: 15n },
  { salaryPoishaMax: 6n * lakhPoisha, ratePercent: 20n },
  { salaryPoishaMax: null, ratePercent: 25n },
];

/** The rate of the first bracket whose upper bound the salary does not exceed. */
export function taxRatePercent(salaryPoisha: bigint): bigint {
  const bracket = taxBrackets.find((candidate) => candidate.salaryPoishaMax === null || salaryPoisha <= candidate.salaryPoishaMax);
  if (!bracket) throw new Error('the last tax bracket has no upper bound, so one always matches');
  return bracket.ratePercent;
}

/**
 * Tax in poisha, rounded half up to the nearest poisha: 1,00,000.10 BDT at 5 % is
 * 500000.5 poisha, which becomes 500001n (5,000.01 BDT); 1,00,000.01 BDT gives 500000.05
 * poisha, which becomes 500000n (5,000.00 BDT).
 */
export function incomeTaxPoisha(salaryPoisha: bigint): bigint {
  if (salaryPoisha < 0n) throw new RangeError('salary must not be negative');
  const hundredths = salaryPoisha * taxRatePercent(salaryPoisha);
  return (hundredths + 50n) / 100n;
}

export type TaxEstimate = { ok: true; salaryPoisha: bigint; ratePercent: bigint; taxPoisha: bigint } | { ok: false; reason: Exclude<ParseAmountResult, { ok: true }>['reason'] };

/** Parses what a person typed ("3,50,000", 350000.5) and estimates the tax, or says why it cannot. */
export function estimateIncomeTax(salary: unknown): TaxEstimate {
  const parsed = parseAmountToPoisha(salary);
  if (!parsed.ok) return parsed;
  return { ok: true, salaryPoisha: parsed.poisha, ratePercent: taxRatePercent(parsed.poisha), taxPoisha: incomeTaxPoisha(parsed.poisha) };
}
