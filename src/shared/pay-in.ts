/**
 * Where a customer sends money so that it reaches their account here: the details printed on the
 * deposit page, the same for every customer but the account number and name, which are theirs.
 * Staff match what arrives to a deposit request by the account number given as the reference.
 */
export const payInDetails = {
  /**
   * The bank's routing number for transfers from another bank (BEFTN, NPSB, RTGS). Bangladesh
   * Bank's routing numbers have nine digits: the bank (3), the district (2, 26 is Dhaka), the
   * branch (3) and a check digit; every online transfer to an account here goes to the head office.
   */
  routingNumber: '095261457',
  /** The bank's branch for cash, and the one another bank's form names with the routing number. */
  branchName: { en: 'Head Office, Motijheel, Dhaka', bn: 'প্রধান কার্যালয়, মতিঝিল, ঢাকা' },
  /** The bank's merchant wallets: the customer chooses "Payment" and gives their account number as the reference. */
  bkashMerchantNumber: '01730095261',
  nagadMerchantNumber: '01958095261',
  /** Banking hours of the branches for cash (Sunday to Thursday; Friday and Saturday are the weekend). */
  branchHours: { en: 'Sunday to Thursday, 10:00 to 16:00', bn: 'রবি থেকে বৃহস্পতিবার, সকাল ১০টা থেকে বিকেল ৪টা' },
} as const;
