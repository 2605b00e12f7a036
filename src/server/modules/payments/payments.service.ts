import { randomBytes, randomUUID } from 'node:crypto';
import { buildMessage, type CreditTransfer } from '../../../clearing-house/protocol/messages';
import { answersNameEnquiry, directoryEntry, type DirectoryEntry, type Rail } from '../../../shared/bank-directory';
import { dhakaDayStartOf } from '../../../shared/dates';
import { formatBdt } from '../../../shared/money';
import { chooseRail, railRefusalWords, type RailChoice, type RailRules } from '../../../shared/payment-rails/rail-rules';
import type { RailsCalendar } from '../../../shared/payment-rails/rails-calendar';
import type { Transaction } from '../../db/client';
import { writeTogether } from '../../db/write-together';
import { AppError, assertInvariant } from '../../errors';
import { lockedBalancesOf } from '../accounts/accounts.repository';
import { lockOwnActiveAccount } from '../accounts/accounts.service';
import type { SignedInUser } from '../auth/signed-in-user';
import { bankAccountSlot, bankAccounts, journalWriteOf, type Posting } from '../ledger/ledger';
import { confirmsHolder } from '../name-enquiry/name-enquiry.service';
import { newMessageId } from './clearing-client';
import { sendingPostings, type PaymentLedgerSide, type PaymentPosting } from './payment-lifecycle';
import { lockPayer, npsbSentSince, sentPaymentWrite, type PaymentRow } from './payments.repository';

/** The bank's code on the switch. */
export const ownParticipantCode = 'PADMA';

/** A payment to another bank or wallet, in the bank's words (the route maps the wire's). */
export type PaymentCommand = {
  accountId: string;
  receiverParticipant: string;
  receiverAccount: string;
  amountPoisha: bigint;
  /** The masked name the customer saw and confirmed, for a receiver the switch looked up. */
  confirmedReceiverName?: string | undefined;
  /** The name the customer typed, for a receiver at a bank that answers no name enquiry. */
  typedReceiverName?: string | undefined;
  /** The rail the customer chose; the proposed one when none. */
  rail?: Rail | undefined;
  purpose?: string | undefined;
};

/** Who holds the receiving account, as the switch's name enquiry answered just before: the full name, which only the bank sees. */
export type EnquiredReceiver = { holderName: string };
/** A receiver at a bank that answers no name enquiry: the name the customer typed, which no one has checked. */
export type TypedReceiver = { typedName: string };
export type PaymentReceiver = EnquiredReceiver | TypedReceiver;

/** The name a payment goes out under: the holder's, or the one typed. */
export const receiverNameOf = (receiver: PaymentReceiver): string => ('holderName' in receiver ? receiver.holderName : receiver.typedName);

/** Where the bank's rules come from for one payment: Bangladesh Bank's (as staff keep them), the bank's calendar, and the time. */
export type PaymentRules = { rules: RailRules; calendar: RailsCalendar; at: Date };

const refusal = (status: number, code: string, field: keyof PaymentCommand, message: string) => new AppError(status, code, message, { [field]: message });

/**
 * The name the payment goes out under, or its refusal: at a bank that answers the name enquiry,
 * the holder the switch named, who must be the person the customer confirmed; at one that answers
 * none, the name the customer typed, and nothing else (no enquired name stands in for it, and none
 * is claimed to have been checked). Whoever built the receiver, this is where it is decided.
 */
function receiverNameFor(participant: DirectoryEntry, command: PaymentCommand, receiver: PaymentReceiver): string {
  if (!answersNameEnquiry(participant)) {
    const typed = command.typedReceiverName?.trim() ?? '';
    if (typed === '' || !('typedName' in receiver) || receiver.typedName.trim() !== typed) {
      throw refusal(400, 'invalid_input', 'typedReceiverName', `Receiver’s name is required: ${participant.nameEn} takes no name look-up, so type the name its account is in`);
    }
    return typed;
  }
  if (!('holderName' in receiver) || command.confirmedReceiverName === undefined || !confirmsHolder(receiver.holderName, command.confirmedReceiverName)) {
    throw refusal(409, 'receiver_mismatch', 'confirmedReceiverName', 'The account’s holder is not the person you confirmed: look the account up again');
  }
  return receiver.holderName;
}

/** The rails a payment may take now, from what the customer has already sent over NPSB today. */
export async function railChoiceFor(tx: Transaction, user: SignedInUser, receiver: DirectoryEntry, amountPoisha: bigint, context: PaymentRules): Promise<RailChoice> {
  const npsbSentTodayPoisha = await npsbSentSince(tx, user.id, dhakaDayStartOf(context.at));
  return chooseRail({ receiver, amountPoisha, at: context.at, npsbSentTodayPoisha }, context.rules, context.calendar);
}

const ledgerCodeOf = (side: PaymentLedgerSide, customerAccountId: string): string =>
  side === 'customer'
    ? customerAccountId
    : bankAccountSlot({ clearing: bankAccounts.clearingOutward, settlement: bankAccounts.settlement, feeIncome: bankAccounts.feeIncome, vatPayable: bankAccounts.vatPayable }[side], customerAccountId);

/** A payment's postings on the ledger's accounts. */
export const ledgerPostingsOf = (postings: PaymentPosting[], customerAccountId: string): Posting[] =>
  postings.map((posting) => ({ accountCode: ledgerCodeOf(posting.side, customerAccountId), amountPoisha: posting.amountPoisha }));

/**
 * Sends a payment, in the caller's transaction: checks the receiver is the one the customer
 * confirmed (or typed, where the receiving bank answers no name enquiry), the rail is open for it, and the account holds the amount and the charge; then
 * posts the sending entry, writes the payment with its first status and puts its pacs.008 in the
 * outbox. Nothing leaves the bank here: the outbox sends it once this transaction commits.
 */
export async function sendPayment(tx: Transaction, user: SignedInUser, command: PaymentCommand, receiver: PaymentReceiver, context: PaymentRules): Promise<PaymentRow> {
  const participant = directoryEntry(command.receiverParticipant);
  if (!participant) throw refusal(400, 'invalid_input', 'receiverParticipant', 'Choose the bank or wallet you are paying');
  const receiverName = receiverNameFor(participant, command, receiver);
  await lockPayer(tx, user.id);
  const account = await lockOwnActiveAccount(tx, command.accountId, user.id, 'accountId');
  const choice = await railChoiceFor(tx, user, participant, command.amountPoisha, context);
  const rail = command.rail ?? choice.proposed;
  if (rail === undefined) throw refusal(409, 'no_rail_open', 'amountPoisha', 'No rail can take this payment now: see the reasons beside each rail');
  const option = choice.options.find((candidate) => candidate.rail === rail);
  if (!option?.open) throw refusal(409, 'rail_closed', 'rail', railRefusalWords[option?.refusal ?? 'receiver_not_on_rail']);

  const { feePoisha, vatPoisha } = option.charge;
  const total = command.amountPoisha + feePoisha + vatPoisha;
  if (BigInt(account.balance_poisha) < total) {
    throw refusal(400, 'insufficient_funds', 'amountPoisha', `This account holds ${formatBdt(BigInt(account.balance_poisha))}; the payment and its charge come to ${formatBdt(total)}`);
  }

  const messageId = newMessageId(ownParticipantCode, context.at);
  const endToEndId = `E${randomBytes(12).toString('hex')}`;
  const movement = {
    kind: 'payment_out',
    amountPoisha: command.amountPoisha.toString(),
    chargePoisha: (feePoisha + vatPoisha).toString(),
    rail,
    toParticipant: participant.code,
    toAccount: command.receiverAccount,
    toHolder: receiverName,
  } as const;
  const postings = ledgerPostingsOf(sendingPostings({ amountPoisha: command.amountPoisha, feePoisha, vatPoisha }), account.id);
  const journal = await journalWriteOf(tx, [{ movement, createdByUserId: user.id, postings }], lockedBalancesOf([account]));
  const [sent] = journal.posted;
  assertInvariant(sent, 'the sending entry is posted');
  const payment: PaymentRow = {
    id: randomUUID(),
    reference: sent.reference,
    ownerUserId: user.id,
    bankAccountId: account.id,
    rail,
    receiverParticipant: participant.code,
    receiverAccount: command.receiverAccount,
    receiverName,
    remittanceInformation: command.purpose ?? null,
    amountPoisha: command.amountPoisha,
    feePoisha,
    vatPoisha,
    status: 'sending',
    reasonCode: null,
    messageId,
    endToEndId,
    clearingReference: null,
    arrivesBy: option.arrivesBy,
    sentEntryId: sent.entryId,
    // The bank's time of the payment, by which the day's NPSB limit counts it.
    createdAt: context.at,
    updatedAt: context.at,
  };
  const creditTransfer: CreditTransfer = {
    type: 'pacs.008',
    messageId,
    createdAt: context.at,
    rail,
    endToEndId,
    transactionId: sent.reference,
    amountPoisha: command.amountPoisha,
    debtor: { name: account.holder_name, account: account.id },
    debtorAgent: ownParticipantCode,
    creditor: { name: receiverName, account: command.receiverAccount },
    creditorAgent: participant.code,
    ...(command.purpose ? { remittanceInformation: command.purpose } : {}),
  };
  // The entry, the payment, its first event and its pacs.008 in the outbox: one statement.
  await writeTogether(tx, [journal.write, sentPaymentWrite(payment, buildMessage(creditTransfer))]);
  return payment;
}
