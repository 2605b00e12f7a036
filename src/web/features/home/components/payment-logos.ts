/**
 * The logos of the home carousel: generic marks drawn for this bank (public/payment-logos),
 * not any provider's trademark. `labelKey` names the alt text in the catalogue.
 */
export const paymentLogos = [
  { file: 'mobile-wallet.svg', labelKey: 'home2.paymentLogos.mobileWallet' },
  { file: 'debit-card.svg', labelKey: 'home2.paymentLogos.debitCard' },
  { file: 'credit-card.svg', labelKey: 'home2.paymentLogos.creditCard' },
  { file: 'npsb.svg', labelKey: 'home2.paymentLogos.npsb' },
  { file: 'bank-transfer.svg', labelKey: 'home2.paymentLogos.bankTransfer' },
  { file: 'qr-pay.svg', labelKey: 'home2.paymentLogos.qrPay' },
  { file: 'contactless.svg', labelKey: 'home2.paymentLogos.contactless' },
  { file: 'remittance.svg', labelKey: 'home2.paymentLogos.remittance' },
] as const;

/** The carousel's figures (spec section 9): 4 logos in view, 3 under 1024 px, 2 under 600 px. */
export const carouselAutoplayMs = 2_000;
export const carouselTransitionMs = 2_000;

export function slidesInView(isAtLeast1024: boolean, isAtLeast600: boolean): number {
  if (isAtLeast1024) return 4;
  return isAtLeast600 ? 3 : 2;
}
