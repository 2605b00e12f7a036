import { poishaToBdtNumber } from '../../../shared/money';
import { basisPointsToPercent, type PublicRates, type PublicTerms } from '../../../shared/schemas/interest-terms';
import type { Executor } from '../../db/client';
import { currentBusinessDate } from '../day-close/day-close';
import { dpsProductsInForce } from '../deposit-schemes/deposit-schemes.service';
import { openingBusinessDate, productsInForce } from '../fixed-deposits/fixed-deposits.service';
import { listTermsInForce } from '../interest-terms/interest-terms.repository';

/** What the public catalogue shows of the bank's rates: each account type's terms in force, and the FDR and DPS terms offered today. */
export type CatalogueRates = { termsByType: ReadonlyMap<string, PublicTerms>; rates: PublicRates };

/**
 * Reads the rates with the catalogue, on the snapshot's refresh and never per request: the terms
 * in force on the business date (as the day close accrues them) and the FDR and DPS products an
 * opening today would get (as their modules quote them).
 */
export async function readCatalogueRates(executor: Executor): Promise<CatalogueRates> {
  const terms = await listTermsInForce(executor, await currentBusinessDate(executor));
  const openingDay = await openingBusinessDate(executor);
  const products = await productsInForce(executor, openingDay);
  const schemes = await dpsProductsInForce(executor, openingDay);
  const termsByType = new Map<string, PublicTerms>(
    terms.map((row) => [
      row.account_type,
      {
        effectiveFrom: row.effective_from,
        posting: row.posting,
        balanceToEarnMin: poishaToBdtNumber(BigInt(row.balance_to_earn_poisha_min)),
        tiers: row.tiers.map((tier) => ({ balanceMin: poishaToBdtNumber(BigInt(tier.balancePoishaMin)), annualRatePercent: basisPointsToPercent(tier.annualRateBasisPoints) })),
      },
    ]),
  );
  const fdr = products.map((product) => ({
    termMonths: product.termMonths,
    annualRatePercent: basisPointsToPercent(product.annualRateBasisPoints),
    prematureRatePercent: basisPointsToPercent(product.prematureRateBasisPoints),
    principalMin: poishaToBdtNumber(product.principalPoishaMin),
  }));
  const dps = schemes.map((product) => ({
    termYears: product.termYears,
    annualRatePercent: basisPointsToPercent(product.annualRateBasisPoints),
    earlyRatePercent: basisPointsToPercent(product.earlyRateBasisPoints),
  }));
  return { termsByType, rates: { fdr, dps } };
}
