import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directoryEntry, type DirectoryEntry } from '../bank-directory';
import { bangladeshRailRules, chargeFor, chooseRail, type PaymentToQuote } from './rail-rules';
import { railsCalendar } from './rails-calendar';

/** A Dhaka wall-clock time as an instant (Dhaka is UTC+6). */
const dhaka = (local: string) => new Date(`${local}+06:00`);
const bdt = (amount: number) => BigInt(Math.round(amount * 100));
const entry = (code: string): DirectoryEntry => {
  const found = directoryEntry(code);
  if (!found) throw new Error(`no ${code} in the directory`);
  return found;
};
const calendar = railsCalendar((date) => date === '2026-12-16');
const wednesdayNoon = dhaka('2026-11-25T12:30:00');

const quote = (payment: Partial<PaymentToQuote> & Pick<PaymentToQuote, 'amountPoisha'>) =>
  chooseRail({ receiver: entry('SONALI'), at: wednesdayNoon, npsbSentTodayPoisha: 0n, ...payment }, bangladeshRailRules, calendar);
const optionOf = (choice: ReturnType<typeof quote>, rail: string) => choice.options.find((option) => option.rail === rail);

describe('choosing the rail of a payment to another bank', () => {
  it('proposes NPSB, free and at once, for an everyday amount', () => {
    const choice = quote({ amountPoisha: bdt(5_000) });
    expect(choice).toMatchObject({ proposed: 'NPSB', why: 'npsb_open' });
    expect(optionOf(choice, 'NPSB')).toEqual({ rail: 'NPSB', open: true, charge: { feePoisha: 0n, vatPoisha: 0n }, arrival: 'instant', arrivesBy: wednesdayNoon });
    expect(optionOf(choice, 'RTGS')).toEqual({ rail: 'RTGS', open: false, refusal: 'rtgs_minimum' });
    expect(optionOf(choice, 'BEFTN')).toMatchObject({ open: true, arrival: 'session_close', arrivesBy: dhaka('2026-11-25T15:00:00') });
  });

  it('takes up to 3,00,000 BDT a transfer and 10,00,000 BDT a day over NPSB', () => {
    expect(optionOf(quote({ amountPoisha: bdt(300_000) }), 'NPSB')).toMatchObject({ open: true });
    expect(optionOf(quote({ amountPoisha: bdt(300_000.01) }), 'NPSB')).toEqual({ rail: 'NPSB', open: false, refusal: 'npsb_per_transfer_limit' });
    expect(optionOf(quote({ amountPoisha: bdt(100_000), npsbSentTodayPoisha: bdt(900_000) }), 'NPSB')).toMatchObject({ open: true });
    expect(optionOf(quote({ amountPoisha: bdt(100_000.01), npsbSentTodayPoisha: bdt(900_000) }), 'NPSB')).toEqual({ rail: 'NPSB', open: false, refusal: 'npsb_day_limit' });
  });

  it('proposes RTGS above NPSB’s limit in RTGS hours, at 100 BDT and its VAT, arriving by 17:00', () => {
    const choice = quote({ amountPoisha: bdt(500_000) });
    expect(choice).toMatchObject({ proposed: 'RTGS', why: 'npsb_refused_rtgs_open' });
    expect(optionOf(choice, 'RTGS')).toEqual({ rail: 'RTGS', open: true, charge: { feePoisha: bdt(100), vatPoisha: bdt(15) }, arrival: 'same_day', arrivesBy: dhaka('2026-11-25T17:00:00') });
  });

  it('falls back to BEFTN out of RTGS hours, on the weekend and on a holiday, arriving when its session closes', () => {
    const evening = quote({ amountPoisha: bdt(500_000), at: dhaka('2026-11-25T17:00:00') });
    expect(evening).toMatchObject({ proposed: 'BEFTN', why: 'only_beftn_open' });
    expect(optionOf(evening, 'RTGS')).toEqual({ rail: 'RTGS', open: false, refusal: 'rtgs_outside_hours' });
    expect(optionOf(evening, 'BEFTN')).toMatchObject({ arrivesBy: dhaka('2026-11-26T00:00:00') });
    const friday = quote({ amountPoisha: bdt(500_000), at: dhaka('2026-11-27T11:00:00') });
    expect(optionOf(friday, 'RTGS')).toEqual({ rail: 'RTGS', open: false, refusal: 'rtgs_non_working_day' });
    expect(optionOf(friday, 'BEFTN')).toMatchObject({ arrivesBy: dhaka('2026-11-29T12:00:00') });
    expect(optionOf(quote({ amountPoisha: bdt(500_000), at: dhaka('2026-12-16T11:00:00') }), 'RTGS')).toMatchObject({ refusal: 'rtgs_non_working_day' });
  });

  it('offers only the rails the receiving bank takes', () => {
    const krishi = quote({ receiver: entry('BKB'), amountPoisha: bdt(5_000) });
    expect(optionOf(krishi, 'NPSB')).toEqual({ rail: 'NPSB', open: false, refusal: 'receiver_not_on_rail' });
    expect(krishi).toMatchObject({ proposed: 'BEFTN', why: 'only_beftn_open' });
  });
});

describe('a payment to a wallet', () => {
  it('goes over NPSB only, charged 1 BDT per 1,000 BDT and its VAT', () => {
    const choice = quote({ receiver: entry('BKASH'), amountPoisha: bdt(10_000) });
    expect(choice).toMatchObject({ proposed: 'NPSB' });
    expect(optionOf(choice, 'NPSB')).toMatchObject({ open: true, charge: { feePoisha: bdt(10), vatPoisha: bdt(1.5) } });
    expect(optionOf(choice, 'RTGS')).toMatchObject({ refusal: 'receiver_not_on_rail' });
    expect(optionOf(choice, 'BEFTN')).toMatchObject({ refusal: 'receiver_not_on_rail' });
    expect(quote({ receiver: entry('NAGAD'), amountPoisha: bdt(400_000) })).toMatchObject({ proposed: undefined, why: 'none_open' });
  });

  it('never charges more than Bangladesh Bank’s cap of 1.50 BDT per 1,000 BDT, VAT included', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: bangladeshRailRules.npsbPerTransferMaxPoisha }), (amountPoisha) => {
        const { feePoisha, vatPoisha } = chargeFor(bangladeshRailRules.fees.wallet, amountPoisha, bangladeshRailRules);
        return feePoisha >= 0n && vatPoisha >= 0n && (feePoisha + vatPoisha) * 10_000n <= amountPoisha * 15n;
      }),
    );
  });

  it('refuses a payment a fee schedule above the cap would overcharge', () => {
    const greedy = { ...bangladeshRailRules, fees: { ...bangladeshRailRules.fees, wallet: { flatPoisha: bdt(5), perTenThousand: 10n } } };
    const choice = chooseRail({ receiver: entry('BKASH'), amountPoisha: bdt(1_000), at: wednesdayNoon, npsbSentTodayPoisha: 0n }, greedy, calendar);
    expect(optionOf(choice, 'NPSB')).toEqual({ rail: 'NPSB', open: false, refusal: 'wallet_charge_cap' });
  });
});

describe('the rails calendar', () => {
  it('says when RTGS next opens', () => {
    expect(calendar.rtgsNextOpening(dhaka('2026-11-25T08:00:00'))).toEqual(dhaka('2026-11-25T10:00:00'));
    expect(calendar.rtgsNextOpening(dhaka('2026-11-25T11:00:00'))).toEqual(dhaka('2026-11-25T11:00:00'));
    expect(calendar.rtgsNextOpening(dhaka('2026-11-26T17:00:00'))).toEqual(dhaka('2026-11-29T10:00:00'));
    expect(calendar.rtgsNextOpening(dhaka('2026-12-15T18:00:00'))).toEqual(dhaka('2026-12-17T10:00:00'));
  });
});
