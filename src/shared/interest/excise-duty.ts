import { inForceOn } from './dated-table';

/**
 * Excise duty on a deposit account, levied once a year by the Excises and Salt Act 1944 as the
 * Finance Act of the year sets it, by the highest balance the account had at any time in the
 * year: a fixed amount per slab, not a rate. A later Finance Act replaces the table from its
 * `from` day; the table in force on the day the duty is levied is used.
 *
 * Worked example (table from 2025-07-01): a highest balance of exactly 3,00,000.00 BDT pays
 * nothing; 3,00,000.01 BDT pays 150 BDT (15,000n poisha); 1,00,00,000.01 BDT pays 10,000 BDT.
 */
export type ExciseSlab = { highestBalancePoishaMax: bigint | null; dutyPoisha: bigint };
export type ExciseTable = { from: string; slabs: readonly ExciseSlab[] };

const bdt = (whole: bigint) => whole * 100n;
const lakh = (count: bigint) => bdt(count * 100_000n);
const crore = (count: bigint) => lakh(count * 100n);

export const bangladeshExciseTables: readonly ExciseTable[] = [
  {
    // SRO 136-Law/2024/242-Excise, for the 2024-25 fiscal year.
    from: '2024-07-01',
    slabs: [
      { highestBalancePoishaMax: lakh(1n), dutyPoisha: 0n },
      { highestBalancePoishaMax: lakh(5n), dutyPoisha: bdt(150n) },
      { highestBalancePoishaMax: lakh(10n), dutyPoisha: bdt(500n) },
      { highestBalancePoishaMax: lakh(50n), dutyPoisha: bdt(3_000n) },
      { highestBalancePoishaMax: crore(1n), dutyPoisha: bdt(5_000n) },
      { highestBalancePoishaMax: crore(2n), dutyPoisha: bdt(10_000n) },
      { highestBalancePoishaMax: crore(5n), dutyPoisha: bdt(20_000n) },
      { highestBalancePoishaMax: null, dutyPoisha: bdt(50_000n) },
    ],
  },
  {
    // The 2025-26 Finance Act raised the balance that pays nothing to 3 lakh.
    from: '2025-07-01',
    slabs: [
      { highestBalancePoishaMax: lakh(3n), dutyPoisha: 0n },
      { highestBalancePoishaMax: lakh(5n), dutyPoisha: bdt(150n) },
      { highestBalancePoishaMax: lakh(10n), dutyPoisha: bdt(500n) },
      { highestBalancePoishaMax: lakh(50n), dutyPoisha: bdt(3_000n) },
      { highestBalancePoishaMax: crore(1n), dutyPoisha: bdt(5_000n) },
      { highestBalancePoishaMax: crore(2n), dutyPoisha: bdt(10_000n) },
      { highestBalancePoishaMax: crore(5n), dutyPoisha: bdt(20_000n) },
      { highestBalancePoishaMax: null, dutyPoisha: bdt(50_000n) },
    ],
  },
];

/** The duty for the year's highest balance under the table in force on `levyDay`; slab upper bounds are inclusive. */
export function exciseDutyPoisha(highestBalanceInYearPoisha: bigint, levyDay: string, tables: readonly ExciseTable[] = bangladeshExciseTables): bigint {
  const { slabs } = inForceOn(tables, levyDay);
  const slab = slabs.find((candidate) => candidate.highestBalancePoishaMax === null || highestBalanceInYearPoisha <= candidate.highestBalancePoishaMax);
  if (!slab) throw new Error('the last slab has no upper bound, so one always matches');
  return slab.dutyPoisha;
}

/** The highest of a year's closing balances (what the day close keeps); 0n for an account that was never in credit. */
export function highestBalancePoisha(closingBalancesPoisha: readonly bigint[]): bigint {
  return closingBalancesPoisha.reduce((highest, balance) => (balance > highest ? balance : highest), 0n);
}
