import type { z } from 'zod';
import { maskHolderName } from '../../../shared/masked-name';
import { poishaToBdtNumber } from '../../../shared/money';
import { paymentReasonWordsOf } from '../../../shared/payment-rails/payment-reasons';
import { railProposalWords, railRefusalWords, type RailChoice, type RailOption, type RailRules } from '../../../shared/payment-rails/rail-rules';
import { formatReference } from '../../../shared/reference';
import type { PaymentAnswer, PaymentDetailAnswer, PaymentQuoteAnswer, PaymentRailOptionAnswer } from '../../../shared/schemas/payment-answers';
import type { paymentQuoteSchema, paymentSchema } from '../../../shared/schemas/payments';
import { withWireFieldNames } from '../../errors';
import { answersNameEnquiry, directoryEntry } from '../../../shared/bank-directory';
import { receiverNameOf, type PaymentCommand, type PaymentReceiver } from './payments.service';
import type { PaymentRow } from './payments.repository';

/**
 * The payment routes' wire vocabulary, in one place: the body's `amount`, `confirmedName` and
 * `receiverName` become the command's `amountPoisha`, `confirmedReceiverName` and
 * `typedReceiverName` on the way in, and back again in
 * the fields a refusal marks; a payment row becomes its answer on the way out.
 */
type PaymentBody = z.output<typeof paymentSchema>;
type QuoteBody = z.output<typeof paymentQuoteSchema>;

/** Our name → the wire's, for every field of a payment command. */
const wireNameOf: Readonly<Record<keyof PaymentCommand, keyof PaymentBody>> = {
  accountId: 'accountId',
  receiverParticipant: 'receiverParticipant',
  receiverAccount: 'receiverAccount',
  amountPoisha: 'amount',
  confirmedReceiverName: 'confirmedName',
  typedReceiverName: 'receiverName',
  rail: 'rail',
  purpose: 'purpose',
};

export const paymentCommandOf = (body: PaymentBody): PaymentCommand => ({
  accountId: body.accountId,
  receiverParticipant: body.receiverParticipant,
  receiverAccount: body.receiverAccount,
  amountPoisha: body.amount,
  confirmedReceiverName: body.confirmedName,
  typedReceiverName: body.receiverName,
  rail: body.rail,
  purpose: body.purpose === '' ? undefined : body.purpose,
});

/** A quote asks about the payment before the customer has confirmed anyone. */
export type QuoteCommand = Pick<PaymentCommand, 'accountId' | 'receiverParticipant' | 'receiverAccount' | 'amountPoisha' | 'typedReceiverName'>;

export const quoteCommandOf = (body: QuoteBody): QuoteCommand => ({
  accountId: body.accountId,
  receiverParticipant: body.receiverParticipant,
  receiverAccount: body.receiverAccount,
  amountPoisha: body.amount,
  typedReceiverName: body.receiverName,
});

/** A payment's refusal with the fields it marks named as the request named them. */
export const inPaymentWireNames = (refusal: unknown): unknown => withWireFieldNames(refusal, wireNameOf);

function toOptionAnswer(option: RailOption, amountPoisha: bigint): PaymentRailOptionAnswer {
  if (!option.open) return { rail: option.rail, open: false, refusal: option.refusal, refusalWords: railRefusalWords[option.refusal] };
  const { feePoisha, vatPoisha } = option.charge;
  return {
    rail: option.rail,
    open: true,
    arrival: option.arrival,
    fee: poishaToBdtNumber(feePoisha),
    vat: poishaToBdtNumber(vatPoisha),
    total: poishaToBdtNumber(amountPoisha + feePoisha + vatPoisha),
    arrivesBy: option.arrivesBy.toISOString(),
  };
}

/**
 * A receiver as answered: the name masked, as everywhere; and a name the customer typed (the
 * switch named no one) also as typed, since it is theirs, with no claim that anyone checked it.
 */
const receiverAnswerOf = (participant: string, account: string, name: string, typed: boolean) => ({ participant, account, maskedName: maskHolderName(name), typedName: typed ? name : null });

/**
 * Whether a stored payment's name was typed: its receiving bank answers no name enquiry, the
 * one case in which `sendPayment` takes a typed name.
 */
const nameWasTyped = (participantCode: string): boolean => {
  const participant = directoryEntry(participantCode);
  return participant !== undefined && !answersNameEnquiry(participant);
};

/** What a quote tells: the receiver masked (or as typed), each rail's terms, the proposal and NPSB's limits left today. */
export function toQuoteAnswer(quote: { command: QuoteCommand; receiver: PaymentReceiver; choice: RailChoice; npsbSentTodayPoisha: bigint; rules: RailRules }): PaymentQuoteAnswer {
  const { command, choice, rules } = quote;
  const leftTodayPoisha = rules.npsbPerDayMaxPoisha - quote.npsbSentTodayPoisha;
  const typed = 'typedName' in quote.receiver;
  return {
    receiver: receiverAnswerOf(command.receiverParticipant, command.receiverAccount, receiverNameOf(quote.receiver), typed),
    receiverNameChecked: !typed,
    amount: poishaToBdtNumber(command.amountPoisha),
    options: choice.options.map((option) => toOptionAnswer(option, command.amountPoisha)),
    proposed: choice.proposed ?? null,
    why: choice.why,
    whyWords: railProposalWords[choice.why],
    npsbLimits: {
      perTransfer: poishaToBdtNumber(rules.npsbPerTransferMaxPoisha),
      perDay: poishaToBdtNumber(rules.npsbPerDayMaxPoisha),
      sentToday: poishaToBdtNumber(quote.npsbSentTodayPoisha),
      leftToday: poishaToBdtNumber(leftTodayPoisha > 0n ? leftTodayPoisha : 0n),
    },
  };
}

const reasonOf = (reasonCode: string | null) => ({ reasonCode, reasonWords: reasonCode === null ? null : paymentReasonWordsOf(reasonCode) });

export const toPaymentAnswer = (payment: PaymentRow): PaymentAnswer => ({
  id: payment.id,
  reference: formatReference(payment.reference),
  status: payment.status,
  ...reasonOf(payment.reasonCode),
  accountId: payment.bankAccountId,
  rail: payment.rail,
  amount: poishaToBdtNumber(payment.amountPoisha),
  fee: poishaToBdtNumber(payment.feePoisha),
  vat: poishaToBdtNumber(payment.vatPoisha),
  total: poishaToBdtNumber(payment.amountPoisha + payment.feePoisha + payment.vatPoisha),
  receiver: receiverAnswerOf(payment.receiverParticipant, payment.receiverAccount, payment.receiverName, nameWasTyped(payment.receiverParticipant)),
  purpose: payment.remittanceInformation,
  arrivesBy: payment.arrivesBy.toISOString(),
  createdAt: payment.createdAt.toISOString(),
  clearingReference: payment.clearingReference,
});

type PaymentEventRow = { status: PaymentRow['status']; reasonCode: string | null; at: Date };

export const toPaymentDetailAnswer = (payment: PaymentRow, history: readonly PaymentEventRow[]): PaymentDetailAnswer => ({
  ...toPaymentAnswer(payment),
  history: history.map((event) => ({ status: event.status, ...reasonOf(event.reasonCode), at: event.at.toISOString() })),
});
