import { sql } from 'drizzle-orm';
import { answersNameEnquiry, directoryEntry } from '../../../shared/bank-directory';
import { dhakaDayStartOf } from '../../../shared/dates';
import { maskHolderName } from '../../../shared/masked-name';
import { bangladeshRailRules, chooseRail } from '../../../shared/payment-rails/rail-rules';
import type { PaymentQuoteAnswer } from '../../../shared/schemas/payment-answers';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../errors';
import type { SignedInUser } from '../auth/signed-in-user';
import { bankRailsCalendar } from '../holidays/bank-rails-calendar';
import { newReceiverStepUpAbovePoisha } from '../transfers/new-receiver-step-up';
import { capExceeded, transferCaps, transferStepUpAbovePoisha } from '../two-factor/second-factor-rules';
import { type BoundOperation, operationHash } from '../two-factor/sms-codes';
import { transferCodeText } from '../two-factor/sms-texts';
import { readUnconfirmedSums, sumsOf } from '../two-factor/unconfirmed-amounts';
import type { ClearingService } from './clearing-service';
import { toQuoteAnswer, type QuoteCommand } from './payment-answers';
import { hasPaidExternalReceiverAbove, npsbSentSince } from './payments.repository';
import { receiverNameOf, sendPayment, type EnquiredReceiver, type PaymentCommand, type PaymentReceiver, type PaymentRules } from './payments.service';

/**
 * What the payment routes ask before a payment is made: who holds the receiving account (the
 * switch's enquiry), what each rail would do with it, and whether it needs a fresh code. Nothing
 * here moves money; `sendPayment` does, in the route's transaction.
 */

/**
 * The bank's clock for payments: the time a payment is made at, by which the rail's hours and the
 * day's NPSB limit are read. The database's time by default (record 070: the bank's clock, never
 * an instance's); a test fixes it to a Wednesday noon or a Friday.
 */
export type PaymentsClock = () => Promise<Date>;

export const databaseClock =
  (db: Executor): PaymentsClock =>
  async () => {
    const result = await db.execute<{ now: string | Date }>(sql`SELECT now() AS now`);
    return new Date(result.rows[0]?.now ?? Date.now());
  };

/** The rules one payment is decided by: Bangladesh Bank's, over the staff's holiday calendar, at the bank's time now. */
export async function paymentRulesNow(db: Database, clock: PaymentsClock): Promise<PaymentRules> {
  return { rules: bangladeshRailRules, calendar: await bankRailsCalendar(db), at: await clock() };
}

export const receiverNotFoundMessage = 'No account at that bank or wallet has this number. Check the number, and the bank, with the person you are paying.';
export const clearingUnavailableMessage = 'We cannot reach other banks and wallets right now, so nothing was sent. Please try again in a few minutes.';

/**
 * The holder of the receiving account, as the switch's name enquiry answers now: 404
 * `receiver_not_found` when there is none (the same words whatever the switch's reason, so an
 * account number cannot be probed for why), 503 `clearing_unavailable` when the switch did not answer.
 */
export async function enquiredReceiverOf(clearing: ClearingService, participant: string, account: string): Promise<EnquiredReceiver> {
  const enquiry = await clearing.enquireReceiver(participant, account);
  if (enquiry.kind === 'found') return { holderName: enquiry.holderName };
  if (enquiry.kind === 'not_found') throw new AppError(404, 'receiver_not_found', receiverNotFoundMessage, { receiverAccount: receiverNotFoundMessage });
  throw new AppError(503, 'clearing_unavailable', clearingUnavailableMessage, undefined, { 'retry-after': '60' });
}

/** Whether the switch is asked who holds the receiving account: only at a bank or wallet that answers its name enquiry. */
export function isLookedUp(command: Pick<QuoteCommand, 'receiverParticipant'>): boolean {
  const participant = directoryEntry(command.receiverParticipant);
  return participant === undefined || answersNameEnquiry(participant);
}

/**
 * Who is paid: the holder the switch's enquiry names, or, at a bank that answers none (BEFTN and
 * RTGS only), the name the customer typed, with nothing asked of the switch. `sendPayment` decides
 * whether the payment may go under it.
 */
export async function receiverOf(clearing: ClearingService, command: QuoteCommand): Promise<PaymentReceiver> {
  if (!isLookedUp(command)) return { typedName: command.typedReceiverName ?? '' };
  return enquiredReceiverOf(clearing, command.receiverParticipant, command.receiverAccount);
}

/** The quote: every rail's terms for this payment now, from what the customer has sent over NPSB today. Reads only. */
export async function quotePayment(db: Database, user: SignedInUser, command: QuoteCommand, receiver: PaymentReceiver, context: PaymentRules): Promise<PaymentQuoteAnswer> {
  const participant = directoryEntry(command.receiverParticipant);
  if (!participant) throw new AppError(400, 'invalid_input', 'Choose the bank or wallet you are paying', { receiverParticipant: 'Choose the bank or wallet you are paying' });
  const npsbSentTodayPoisha = await npsbSentSince(db, user.id, dhakaDayStartOf(context.at));
  const choice = chooseRail({ receiver: participant, amountPoisha: command.amountPoisha, at: context.at, npsbSentTodayPoisha }, context.rules, context.calendar);
  return toQuoteAnswer({ command, receiver, choice, npsbSentTodayPoisha, rules: context.rules });
}

/** Thrown to roll back a payment decided only to see whether it would be refused. */
class DecidedOnly extends Error {}

/**
 * The refusal the payment would get now, or undefined when it would be made: `sendPayment` itself
 * run in a transaction that is then rolled back, so the check and the payment decide by the same
 * rules, written once. Moves nothing and sends nothing.
 */
export async function paymentRefusalNow(db: Database, user: SignedInUser, command: PaymentCommand, receiver: PaymentReceiver, context: PaymentRules): Promise<AppError | undefined> {
  try {
    await db.transaction(async (tx) => {
      await sendPayment(tx, user, command, receiver, context);
      throw new DecidedOnly();
    });
  } catch (outcome) {
    if (outcome instanceof DecidedOnly) return undefined;
    if (outcome instanceof AppError) return outcome;
    throw outcome;
  }
  return undefined;
}

/**
 * Why this payment must be confirmed with a fresh code, or undefined: the transfer's thresholds
 * hold for money leaving the bank too (above 50,000 BDT always; above 25,000 BDT to a receiver
 * this customer has not paid that much before), and so do the sums sent without a code per hour
 * and per day (`transferCaps`), which payments and transfers share: both are money leaving the
 * customer's accounts, and splitting it between them must not pass either.
 */
export async function paymentStepUpReason(db: Executor, user: SignedInUser, command: PaymentCommand): Promise<string | undefined> {
  if (command.amountPoisha > transferStepUpAbovePoisha) return 'payment over 50,000 BDT';
  if (command.amountPoisha > newReceiverStepUpAbovePoisha) {
    const known = await hasPaidExternalReceiverAbove(db, user.id, { participant: command.receiverParticipant, account: command.receiverAccount }, newReceiverStepUpAbovePoisha);
    if (!known) return 'first payment over 25,000 BDT to this receiver';
  }
  const sums = await readUnconfirmedSums(db, user.id, transferCaps);
  return capExceeded(transferCaps, sumsOf(sums, user.id), command.amountPoisha) ? 'past what may be sent without a code' : undefined;
}

/**
 * A payment as an SMS code confirms it: the hash covers the sending account, the receiving bank
 * or wallet and account, the amount in poisha and a typed receiver's name, so a code sent for one
 * payment confirms no other (nor the same one under a name changed after the code was sent). The
 * message names the amount and the receiver's name masked as the quote showed it: the holder's,
 * or the one typed.
 */
export function paymentOperation(command: PaymentCommand, receiver: PaymentReceiver): BoundOperation {
  const typed = 'typedName' in receiver ? [receiver.typedName] : [];
  return {
    purpose: 'step-up',
    hash: operationHash('payment', [command.accountId, command.receiverParticipant, command.receiverAccount, command.amountPoisha.toString(), ...typed]),
    text: (code, language) => transferCodeText(code, { amountPoisha: command.amountPoisha, receiverName: maskHolderName(receiverNameOf(receiver)) }, language),
  };
}
