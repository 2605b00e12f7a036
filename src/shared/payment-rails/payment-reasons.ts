/**
 * Why a payment to another bank or wallet was refused or came back, in a customer's words: the
 * ISO 20022 status reason codes the clearing house answers with (a pacs.002's reason, a return's,
 * a name enquiry's). English here; the web has the Bangla by the same code. The words say what
 * the customer can do about it, not what the code means to a clearing house.
 */
export const paymentReasonWords: Readonly<Record<string, string>> = {
  AC01: 'The receiver’s account number is not right: check it with the person you are paying',
  AC04: 'The receiver’s account is closed',
  AC06: 'The receiver’s account is blocked: the receiver should contact their bank',
  AG03: 'The receiver’s bank does not take payments over this rail',
  AM02: 'The amount is above or below what the receiver’s bank or wallet accepts',
  AM04: 'The receiving side refused the payment for want of funds',
  AM05: 'The payment was sent twice: only one is made',
  DU01: 'The payment was sent twice: only one is made',
  FF01: 'The payment could not be read by the clearing house: please contact the bank',
  MS03: 'The receiver’s bank gave no reason: please contact the bank',
  NARR: 'The receiver’s name does not match the account',
  RC01: 'The receiver’s bank is not known to the clearing house',
  TM01: 'The payment reached the clearing house after its cut-off time',
};

/** The words for `code`, or the general ones for a code the bank has no words for yet. */
export function paymentReasonWordsOf(code: string): string {
  return paymentReasonWords[code] ?? 'The receiver’s bank refused the payment: please contact the bank';
}
