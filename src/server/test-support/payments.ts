import { bangladeshRailRules } from '../../shared/payment-rails/rail-rules';
import { railsCalendar } from '../../shared/payment-rails/rails-calendar';
import type { Database } from '../db/client';
import type { SignedInUser } from '../modules/auth/signed-in-user';
import { sendPayment, type PaymentCommand, type PaymentReceiver, type PaymentRules } from '../modules/payments/payments.service';

/** A Wednesday, 12:30 in Dhaka: a working day at noon, when every rail is open. */
export const wednesdayNoon = new Date('2026-11-25T12:30:00+06:00');

/** The bank's rails rules at `wednesdayNoon`, with no holidays. */
export const wednesdayNoonRules: PaymentRules = { rules: bangladeshRailRules, calendar: railsCalendar(() => false), at: wednesdayNoon };

type TestPayment = {
  user: SignedInUser;
  accountId: string;
  /** What differs from 2,500 BDT over the rail the bank proposes to Rahim Uddin's account at Dutch-Bangla Bank. */
  change?: Partial<PaymentCommand>;
  /** Who the switch's name enquiry said holds the account, or the name typed for a bank without one. */
  receiver?: PaymentReceiver;
  rules?: PaymentRules;
};

/** A payment to another bank as the payment route sends it, with the name enquiry's answer (or the typed name) given rather than asked. */
export function sendTestPayment(db: Database, { user, accountId, change = {}, receiver = { holderName: 'Rahim Uddin' }, rules = wednesdayNoonRules }: TestPayment) {
  const command: PaymentCommand = { accountId, receiverParticipant: 'DBBL', receiverAccount: '1011100012345', amountPoisha: 2_500_00n, confirmedReceiverName: 'RA*** UD***', ...change };
  return db.transaction((tx) => sendPayment(tx, user, command, receiver, rules));
}
