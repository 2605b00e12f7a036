/**
 * The people the switch plays the other side for: a few account holders at other banks and at the
 * wallets, so that name enquiries and payments succeed or fail as they would. Invented people and
 * numbers; one of each way an account can refuse money (closed, blocked). BKB, RAKUB and PKB
 * take only BEFTN and RTGS: their holders answer no name enquiry, and a payment to them is checked
 * when the bank posts it.
 */
export type HolderStatus = 'active' | 'closed' | 'blocked';
export type SeededHolder = { participant: string; account: string; name: string; status: HolderStatus };

export const seededHolders: readonly SeededHolder[] = [
  { participant: 'DBBL', account: '1011100012345', name: 'Rahim Uddin', status: 'active' },
  { participant: 'DBBL', account: '1011100099999', name: 'Salma Akter', status: 'closed' },
  { participant: 'BRAC', account: '1501200012345001', name: 'Farhana Islam', status: 'active' },
  { participant: 'SONALI', account: '0002633012345', name: 'Abdul Karim', status: 'blocked' },
  { participant: 'SONALI', account: '0002633054321', name: 'Nasima Khatun', status: 'active' },
  { participant: 'CITY', account: '2301234567001', name: 'Nusrat Jahan', status: 'active' },
  { participant: 'IBBL', account: '20501770100012345', name: 'Mohammad Hasan', status: 'active' },
  { participant: 'BKB', account: '0300100012345', name: 'Abul Kashem', status: 'active' },
  { participant: 'BKB', account: '0300100054321', name: 'Rokeya Khanam', status: 'closed' },
  { participant: 'RAKUB', account: '1800200012345', name: 'Mosammat Parvin Akter', status: 'active' },
  { participant: 'PKB', account: '1780300012345', name: 'Shahidul Islam', status: 'active' },
  { participant: 'SCB', account: '01123456701', name: 'Tahmina Rahman', status: 'active' },
  { participant: 'BKASH', account: '01711000001', name: 'Karima Begum', status: 'active' },
  { participant: 'BKASH', account: '01711000002', name: 'Jamal Mia', status: 'blocked' },
  { participant: 'NAGAD', account: '01811000001', name: 'Shirin Sultana', status: 'active' },
  { participant: 'ROCKET', account: '01911000001', name: 'Habibur Rahman', status: 'active' },
  { participant: 'UPAY', account: '01611000001', name: 'Mitu Das', status: 'active' },
];

/**
 * What each wallet accepts from a bank for one holder, in poisha. This project's assumption of
 * limits of the kind the wallets publish (per transfer and per day), not their current figures.
 */
export const walletLimits: Record<string, { perTransferPoisha: bigint; perDayPoisha: bigint }> = {
  BKASH: { perTransferPoisha: 50_000_00n, perDayPoisha: 1_00_000_00n },
  NAGAD: { perTransferPoisha: 50_000_00n, perDayPoisha: 1_00_000_00n },
  ROCKET: { perTransferPoisha: 25_000_00n, perDayPoisha: 50_000_00n },
  UPAY: { perTransferPoisha: 25_000_00n, perDayPoisha: 50_000_00n },
};

export function seededHolder(participant: string, account: string): SeededHolder | undefined {
  return seededHolders.find((holder) => holder.participant === participant && holder.account === account);
}

/** Names compare as NPSB's receivers do; the bank compares its own holders' names the same way. */
export { sameName } from '../shared/same-name';
