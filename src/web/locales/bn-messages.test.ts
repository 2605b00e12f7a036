import { describe, expect, it } from 'vitest';
import { accountRequestFields, depositRequestSchema, loanRequestSchema, transferSchema } from '../../shared/schemas/banking';
import { registerSchema } from '../../shared/schemas/auth';
import { contactMessageSchema } from '../../shared/schemas/contact';
import { addCalendarDays, dhakaDay } from '../../shared/dates';
import { statementRangeSchema } from '../../shared/schemas/statements';
import { holidayInputSchema, holidayNameLengthMax } from '../../shared/schemas/holidays';
import { paymentQuoteSchema, paymentSchema } from '../../shared/schemas/payments';
import { dpsOpenSchema } from '../../shared/schemas/deposit-schemes';
import { productRateProposalSchema } from '../../shared/schemas/product-rates';
import { bnMessage } from './bn-messages';

/** Every message a schema gives for an empty or wrong form. */
function messagesOf(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('bnMessage', () => {
  it('has Bangla for every message the forms show for empty fields', () => {
    const messages = [
      ...messagesOf(registerSchema.safeParse({})),
      ...messagesOf(accountRequestFields.safeParse({})),
      ...messagesOf(contactMessageSchema.safeParse({})),
      ...messagesOf(loanRequestSchema.safeParse({})),
      ...messagesOf(transferSchema.safeParse({})),
      ...messagesOf(depositRequestSchema.safeParse({})),
    ];
    expect(messages.length).toBeGreaterThan(20);
    expect(messages.filter((message) => bnMessage(message) === undefined)).toEqual([]);
  });

  it('has Bangla for every message the payment form shows, the wallet’s number included', () => {
    const messages = [
      ...messagesOf(paymentSchema.safeParse({})),
      ...messagesOf(
        paymentSchema.safeParse({ accountId: '2081234567890', receiverParticipant: 'BKASH', receiverAccount: '12345', amount: '100', confirmedName: 'R**', rail: 'SWIFT', purpose: 'x'.repeat(141) }),
      ),
      ...messagesOf(paymentQuoteSchema.safeParse({ accountId: '2081234567890', receiverParticipant: 'BKASH', receiverAccount: '0012345678', amount: '100' })),
    ];
    expect(messages).toContain('A wallet is paid at its mobile number: 11 digits starting 01');
    expect(messages.filter((message) => bnMessage(message) === undefined)).toEqual([]);
  });

  it('has Bangla for every message the DPS form shows, its instalment rule included', () => {
    const messages = [
      ...messagesOf(dpsOpenSchema.safeParse({})),
      ...messagesOf(
        dpsOpenSchema.safeParse({ accountId: '2081234567890', instalment: '750', termYears: 1, dayOfMonth: 29, nomineeName: 'Karim Uddin', nomineeId: '9876543210', nomineeRelation: 'Brother' }),
      ),
    ];
    expect(messages).toContain('The instalment is in whole multiples of 500 BDT');
    expect(messages.filter((message) => bnMessage(message) === undefined)).toEqual([]);
  });

  it('has Bangla for every message the rate sheet’s amounts give, and the DPS bounds the server checks', () => {
    const sheet = { effectiveFrom: '2027-01-01', terms: [], reason: 'ALCO' };
    const messages = [
      ...messagesOf(productRateProposalSchema.safeParse({ ...sheet, scheme: 'dps' })),
      ...messagesOf(productRateProposalSchema.safeParse({ ...sheet, scheme: 'dps', amountMin: '0', amountMax: '750' })),
      ...messagesOf(productRateProposalSchema.safeParse({ ...sheet, scheme: 'dps', amountMin: '1000', amountMax: '500' })),
      ...messagesOf(productRateProposalSchema.safeParse({ ...sheet, scheme: 'dps', amountMin: '1000', amountMax: '20250' })),
      ...messagesOf(productRateProposalSchema.safeParse({ ...sheet, scheme: 'dps', amountMin: '1000' })),
      ...messagesOf(productRateProposalSchema.safeParse({ ...sheet, scheme: 'fdr', amountMin: '10000.50', amountMax: '20000' })),
    ].filter((message) => /amount|Minimum|Maximum/.test(message));
    expect(messages.length).toBeGreaterThanOrEqual(6);
    expect(messages.filter((message) => bnMessage(message) === undefined)).toEqual([]);
    expect(bnMessage('The instalment must be 1,000.00 BDT to 10,000.00 BDT for this DPS')).toBe('এই ডিপিএসের কিস্তি ১,০০০.০০ থেকে ১০,০০০.০০ টাকার মধ্যে হতে হবে');
  });

  it('has Bangla for every message the holidays form shows', () => {
    const messages = [
      ...messagesOf(holidayInputSchema.safeParse({})),
      ...messagesOf(holidayInputSchema.safeParse({ date: '2026-11-27', nameEn: 'x'.repeat(holidayNameLengthMax + 1), nameBn: 'ছ'.repeat(holidayNameLengthMax + 1) })),
      ...messagesOf(holidayInputSchema.safeParse({ date: '2026-02-30', nameEn: 'Victory Day', nameBn: 'বিজয় দিবস' })),
      ...messagesOf(holidayInputSchema.safeParse({ date: '16-12-2026', nameEn: 'Victory Day', nameBn: 'বিজয় দিবস' })),
    ];
    expect(messages).toHaveLength(8);
    expect(messages.filter((message) => bnMessage(message) === undefined)).toEqual([]);
    expect(bnMessage('Holiday date is not a real date')).toBe('ছুটির তারিখ: এই তারিখটি ক্যালেন্ডারে নেই');
  });

  it('has Bangla for the format messages, with the field and its numbers', () => {
    expect(bnMessage('NID is required')).toBe('NID আবশ্যক');
    expect(bnMessage('Nominee NID must be 10, 13 or 17 digits')).toBe('নমিনির NID ১০, ১৩ বা ১৭ অঙ্কের হতে হবে');
    expect(bnMessage('Receiver account number must be 13 digits')).toBe('প্রাপকের হিসাব নম্বর ১৩ অঙ্কের হতে হবে');
    expect(bnMessage('Send amount must be greater than 0')).toBe('পাঠানোর পরিমাণ: ০-এর বেশি হতে হবে');
    expect(bnMessage(transferSchema.shape.sendAmount.safeParse('9.99').error?.issues[0]?.message ?? '')).toBe('কমপক্ষে ১০.০০ টাকা পাঠাতে হবে');
    expect(bnMessage('Password must be at least 12 characters')).toBe('পাসওয়ার্ড কমপক্ষে ১২ অক্ষরের হতে হবে');
    expect(bnMessage('The account holder must be at least 18 years old')).toBe('হিসাবধারীর বয়স কমপক্ষে ১৮ বছর হতে হবে');
    expect(bnMessage('Receiver details do not match the account')).toBe('প্রাপকের তথ্য হিসাবের সঙ্গে মিলছে না');
    expect(bnMessage('Your two-step verification cannot be checked at the moment. Please contact the bank.')).toBe(
      'এই মুহূর্তে আপনার দুই-ধাপের যাচাই পরীক্ষা করা যাচ্ছে না। অনুগ্রহ করে ব্যাংকের সঙ্গে যোগাযোগ করুন।',
    );
    expect(bnMessage('Something nobody wrote')).toBeUndefined();
  });

  it('has Bangla for a date out of its years and for hidden characters in a name, naming the field', () => {
    const refused = [
      ...messagesOf(registerSchema.safeParse({ name: 'Rahima\u202EKhatun' })),
      ...messagesOf(accountRequestFields.safeParse({ nomineeName: 'Karim\u2028Uddin', birthDate: '0001-01-01' })),
      ...messagesOf(contactMessageSchema.safeParse({ fullName: 'Rahima\nKhatun', message: 'A question\u2066' })),
      ...messagesOf(statementRangeSchema.safeParse({ from: '0000-01-01', to: '1999-12-31' })),
    ].filter((message) => /must not contain|in the years/.test(message));
    expect(refused).toHaveLength(7);
    expect(refused.filter((message) => bnMessage(message) === undefined)).toEqual([]);
    expect(bnMessage('Birth date must be in the years 1900 to 2100')).toBe('জন্ম তারিখ ১৯০০ থেকে ২১০০ সালের মধ্যে হতে হবে');
    expect(bnMessage('Name must not contain line breaks, control or invisible formatting characters such as right-to-left marks (found U+202E)')).toMatch(/^নাম-এ .*U\+202E\)$/);
  });

  it('has Bangla for every refusal of a statement period', () => {
    const today = dhakaDay(new Date());
    const refusals = [
      {},
      { from: 'x', to: '2026-02-30' },
      { from: today, to: addCalendarDays(today, -1) },
      { from: addCalendarDays(today, 1), to: addCalendarDays(today, 2) },
      { from: '2020-01-01', to: '2021-06-01' },
    ];
    const messages = refusals.flatMap((range) => messagesOf(statementRangeSchema.safeParse(range)));
    expect(messages.length).toBeGreaterThan(6);
    expect(messages.filter((message) => bnMessage(message) === undefined)).toEqual([]);
    expect(bnMessage('A statement covers at most 366 days: choose a shorter range')).toBe('একটি বিবরণীতে সর্বোচ্চ ৩৬৬ দিন ধরা যায়: আরও ছোট সময় বেছে নিন');
  });
});
