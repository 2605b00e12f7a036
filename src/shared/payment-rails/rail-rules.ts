import type { DirectoryEntry, Rail } from '../bank-directory';
import { poishaPerBdt } from '../money';
import { dhakaDay } from '../dates';
import type { Language } from '../language';
import { dhakaInstant, rtgsClosesMinute, type RailsCalendar } from './rails-calendar';

/**
 * Which rail a payment to another bank or wallet may take, what it costs and when it arrives:
 * Bangladesh Bank's limits and hours with the bank's own fee schedule. Pure, so that the quote the
 * customer reads and the payment the server takes decide alike; the rules are an argument, as
 * staff may change them, seeded with `bangladeshRailRules`.
 */

const bdt = (amount: number) => BigInt(amount) * poishaPerBdt;

/** RTGS takes customer payments of at least 1,00,000 BDT. */
export const rtgsMinimumPoisha = bdt(100_000);

/** A fee in parts per ten thousand of the amount (rounded down to the poisha), plus a flat part. */
export type FeeRule = { flatPoisha: bigint; perTenThousand: bigint };

export type RailRules = {
  /** Internet banking to other banks over NPSB, for an individual: per transfer and per Dhaka day. */
  npsbPerTransferMaxPoisha: bigint;
  npsbPerDayMaxPoisha: bigint;
  rtgsMinimumPoisha: bigint;
  /** VAT on a fee, in parts per ten thousand of the fee (rounded down to the poisha). */
  vatPerTenThousand: bigint;
  /** Fees before VAT: to a bank by rail, and to a wallet (always over NPSB). */
  fees: Record<Rail, FeeRule> & { wallet: FeeRule };
  /** Bangladesh Bank's cap on what a bank may charge for a transfer to a wallet, VAT included: parts per ten thousand. */
  walletChargeCapPerTenThousand: bigint;
};

/**
 * Bangladesh Bank's limits for individuals' internet banking (3,00,000 BDT a transfer and
 * 10,00,000 BDT a day over NPSB, RTGS from 1,00,000 BDT), a wallet charge capped at 1.50 BDT per
 * 1,000 BDT, and the bank's schedule: NPSB and BEFTN free, RTGS 100 BDT, a wallet 1 BDT per
 * 1,000 BDT, each with 15% VAT.
 */
export const bangladeshRailRules: RailRules = {
  npsbPerTransferMaxPoisha: bdt(300_000),
  npsbPerDayMaxPoisha: bdt(1_000_000),
  rtgsMinimumPoisha,
  vatPerTenThousand: 1_500n,
  fees: {
    NPSB: { flatPoisha: 0n, perTenThousand: 0n },
    BEFTN: { flatPoisha: 0n, perTenThousand: 0n },
    RTGS: { flatPoisha: bdt(100), perTenThousand: 0n },
    wallet: { flatPoisha: 0n, perTenThousand: 10n },
  },
  walletChargeCapPerTenThousand: 15n,
};

export type RailCharge = { feePoisha: bigint; vatPoisha: bigint };

/** The fee and its VAT for a payment of `amountPoisha` under `rule`; both rounded down to the poisha. */
export function chargeFor(rule: FeeRule, amountPoisha: bigint, rules: RailRules): RailCharge {
  const feePoisha = rule.flatPoisha + (amountPoisha * rule.perTenThousand) / 10_000n;
  return { feePoisha, vatPoisha: (feePoisha * rules.vatPerTenThousand) / 10_000n };
}

/** Why a rail cannot take the payment. */
export const railRefusals = ['receiver_not_on_rail', 'npsb_per_transfer_limit', 'npsb_day_limit', 'rtgs_minimum', 'rtgs_non_working_day', 'rtgs_outside_hours', 'wallet_charge_cap'] as const;
export type RailRefusal = (typeof railRefusals)[number];

/**
 * Each refusal in a customer's words, in both languages: the server's refusals and the quote carry
 * the English, and the web shows the reader's language by the same code. One copy for the route,
 * the service and the web.
 */
export const railRefusalWordsIn: Readonly<Record<Language, Readonly<Record<RailRefusal, string>>>> = {
  en: {
    receiver_not_on_rail: 'The receiver’s bank does not take payments over this rail',
    npsb_per_transfer_limit: 'NPSB takes at most 3,00,000 BDT per payment: choose RTGS or BEFTN, or send less',
    npsb_day_limit: 'This would pass the 10,00,000 BDT you may send over NPSB today: choose RTGS or BEFTN, or send less',
    rtgs_minimum: 'RTGS takes payments of 1,00,000 BDT or more',
    rtgs_non_working_day: 'RTGS is closed today (a weekend or a bank holiday): choose BEFTN, or pay on the next working day',
    rtgs_outside_hours: 'RTGS takes payments from 10:00 to 17:00 on working days: choose BEFTN, or pay then',
    wallet_charge_cap: 'The charge for this payment would pass Bangladesh Bank’s cap: please contact the bank',
  },
  bn: {
    receiver_not_on_rail: 'প্রাপকের ব্যাংক এই পথে টাকা নেয় না',
    npsb_per_transfer_limit: 'NPSB-তে একবারে সর্বোচ্চ ৩,০০,০০০ টাকা পাঠানো যায়: RTGS বা BEFTN বেছে নিন, অথবা কম পাঠান',
    npsb_day_limit: 'এতে আজ NPSB-তে আপনার ১০,০০,০০০ টাকার সীমা পেরিয়ে যাবে: RTGS বা BEFTN বেছে নিন, অথবা কম পাঠান',
    rtgs_minimum: 'RTGS-এ ১,০০,০০০ টাকা বা তার বেশি পাঠানো যায়',
    rtgs_non_working_day: 'আজ RTGS বন্ধ (সাপ্তাহিক বা ব্যাংক ছুটি): BEFTN বেছে নিন, অথবা পরের কর্মদিবসে পাঠান',
    rtgs_outside_hours: 'RTGS কর্মদিবসে সকাল ১০টা থেকে বিকেল ৫টা পর্যন্ত খোলা: BEFTN বেছে নিন, অথবা তখন পাঠান',
    wallet_charge_cap: 'এই লেনদেনের খরচ বাংলাদেশ ব্যাংকের নির্ধারিত সীমা পেরিয়ে যাবে: অনুগ্রহ করে ব্যাংকে যোগাযোগ করুন',
  },
};

/** The English words of each refusal: what the server's answers carry. */
export const railRefusalWords = railRefusalWordsIn.en;

/** How soon the money reaches the receiver: at once, today, or when a BEFTN session settles. */
export const arrivals = ['instant', 'same_day', 'session_close'] as const;
export type Arrival = (typeof arrivals)[number];

export type RailOption = { rail: Rail; open: true; charge: RailCharge; arrival: Arrival; arrivesBy: Date } | { rail: Rail; open: false; refusal: RailRefusal };

/** Why the bank proposes the rail it proposes. */
export const railProposals = ['npsb_open', 'npsb_refused_rtgs_open', 'only_beftn_open', 'none_open'] as const;
export type RailProposal = (typeof railProposals)[number];

/** Why the bank proposes its rail, in a customer's words, in both languages (the quote carries the English). */
export const railProposalWordsIn: Readonly<Record<Language, Readonly<Record<RailProposal, string>>>> = {
  en: {
    npsb_open: 'NPSB: the money arrives at once, any day of the week',
    npsb_refused_rtgs_open: 'RTGS: NPSB cannot take this payment, and RTGS is open now; the money arrives today',
    only_beftn_open: 'BEFTN: neither NPSB nor RTGS can take this payment now; the money arrives when the session settles',
    none_open: 'No rail can take this payment now: see the reason beside each rail',
  },
  bn: {
    npsb_open: 'NPSB: টাকা সঙ্গে সঙ্গে পৌঁছায়, সপ্তাহের যেকোনো দিন',
    npsb_refused_rtgs_open: 'RTGS: NPSB-তে এই লেনদেন করা যাবে না, আর RTGS এখন খোলা; টাকা আজই পৌঁছাবে',
    only_beftn_open: 'BEFTN: এখন NPSB বা RTGS কোনোটিতেই এই লেনদেন করা যাবে না; সেশন নিষ্পত্তি হলে টাকা পৌঁছাবে',
    none_open: 'এখন কোনো পথেই এই লেনদেন করা যাবে না: প্রতিটি পথের পাশে কারণ দেখুন',
  },
};

export const railProposalWords = railProposalWordsIn.en;

export type RailChoice = { options: RailOption[]; proposed: Rail | undefined; why: RailProposal };

export type PaymentToQuote = {
  receiver: DirectoryEntry;
  amountPoisha: bigint;
  at: Date;
  /** What the customer has already sent over NPSB this Dhaka day, settled or on its way. */
  npsbSentTodayPoisha: bigint;
};

function npsbOption(payment: PaymentToQuote, rules: RailRules): RailOption {
  if (payment.amountPoisha > rules.npsbPerTransferMaxPoisha) return { rail: 'NPSB', open: false, refusal: 'npsb_per_transfer_limit' };
  if (payment.npsbSentTodayPoisha + payment.amountPoisha > rules.npsbPerDayMaxPoisha) return { rail: 'NPSB', open: false, refusal: 'npsb_day_limit' };
  const charge = chargeFor(payment.receiver.kind === 'wallet' ? rules.fees.wallet : rules.fees.NPSB, payment.amountPoisha, rules);
  if (payment.receiver.kind === 'wallet' && (charge.feePoisha + charge.vatPoisha) * 10_000n > payment.amountPoisha * rules.walletChargeCapPerTenThousand) {
    return { rail: 'NPSB', open: false, refusal: 'wallet_charge_cap' };
  }
  return { rail: 'NPSB', open: true, charge, arrival: 'instant', arrivesBy: payment.at };
}

function rtgsOption(payment: PaymentToQuote, rules: RailRules, calendar: RailsCalendar): RailOption {
  if (payment.amountPoisha < rules.rtgsMinimumPoisha) return { rail: 'RTGS', open: false, refusal: 'rtgs_minimum' };
  const window = calendar.rtgsWindow(payment.at);
  if (!window.open) return { rail: 'RTGS', open: false, refusal: window.reason === 'non_working_day' ? 'rtgs_non_working_day' : 'rtgs_outside_hours' };
  // Settled gross within minutes; what the bank promises is the day's window, which closes at 17:00.
  const arrivesBy = dhakaInstant(dhakaDay(payment.at), rtgsClosesMinute);
  return { rail: 'RTGS', open: true, charge: chargeFor(rules.fees.RTGS, payment.amountPoisha, rules), arrival: 'same_day', arrivesBy };
}

function beftnOption(payment: PaymentToQuote, rules: RailRules, calendar: RailsCalendar): RailOption {
  const session = calendar.beftnSessionFor(payment.at);
  return { rail: 'BEFTN', open: true, charge: chargeFor(rules.fees.BEFTN, payment.amountPoisha, rules), arrival: 'session_close', arrivesBy: session.closesAt };
}

/**
 * Every rail the receiver takes, open or with the reason it is not, and the one the bank proposes:
 * NPSB when it takes the payment (instant, 24×7); else RTGS when it is open (an amount above
 * NPSB's limits, in RTGS hours); else BEFTN. A wallet is reached over NPSB only. Which refusal
 * closed NPSB is in its option, for the customer to read.
 */
export function chooseRail(payment: PaymentToQuote, rules: RailRules, calendar: RailsCalendar): RailChoice {
  const takes = (rail: Rail) => payment.receiver.rails.includes(rail) && (payment.receiver.kind === 'bank' || rail === 'NPSB');
  const options: RailOption[] = [
    takes('NPSB') ? npsbOption(payment, rules) : { rail: 'NPSB', open: false, refusal: 'receiver_not_on_rail' },
    takes('RTGS') ? rtgsOption(payment, rules, calendar) : { rail: 'RTGS', open: false, refusal: 'receiver_not_on_rail' },
    takes('BEFTN') ? beftnOption(payment, rules, calendar) : { rail: 'BEFTN', open: false, refusal: 'receiver_not_on_rail' },
  ];
  const open = (rail: Rail) => options.some((option) => option.rail === rail && option.open);
  if (open('NPSB')) return { options, proposed: 'NPSB', why: 'npsb_open' };
  if (open('RTGS')) return { options, proposed: 'RTGS', why: 'npsb_refused_rtgs_open' };
  if (open('BEFTN')) return { options, proposed: 'BEFTN', why: 'only_beftn_open' };
  return { options, proposed: undefined, why: 'none_open' };
}
