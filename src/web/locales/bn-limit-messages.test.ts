import { describe, expect, it } from 'vitest';
import { transferLimitProposalSchema } from '../../shared/schemas/limits';
import { transferLimitBreach } from '../../shared/transfer-limits';
import { bnMessage } from './bn-messages';

const lakh = 100_000n * 100n;

describe('the Bangla for transfer limits', () => {
  it('says the limit and what is left, with Bangla digits, for both refusals', () => {
    const limits = { perTransferPoisha: 3n * lakh, perDayPoisha: 10n * lakh };
    const daily = transferLimitBreach(limits, 750_000_00n, 3n * lakh);
    expect(daily?.message).toBe('This transfer is over the daily limit of 10,00,000.00 BDT; 2,50,000.00 BDT is left today');
    expect(bnMessage(daily?.message ?? '')).toBe('এই লেনদেনে দৈনিক সীমা ১০,০০,০০০.০০ টাকা ছাড়িয়ে যায়; আজ আর ২,৫০,০০০.০০ টাকা পাঠানো যাবে');
    const single = transferLimitBreach(limits, 0n, 3n * lakh + 1n);
    expect(bnMessage(single?.message ?? '')).toBe('এই লেনদেনটি একবারে পাঠানোর সীমা ৩,০০,০০০.০০ টাকার বেশি; আজ আর ১০,০০,০০০.০০ টাকা পাঠানো যাবে');
  });

  it('has Bangla for every message of the proposal form', () => {
    const bodies = [
      {},
      { accountType: 'savings', reason: 'x' },
      { accountType: 'savings', perTransfer: 5, perDay: 4, reason: 'x' },
      { accountType: 'savings', perTransfer: -1, perDay: '1.234', reason: 'x'.repeat(501) },
    ];
    const messages = bodies.flatMap((body) => transferLimitProposalSchema.safeParse(body).error?.issues.map((issue) => issue.message) ?? []);
    expect(messages.length).toBeGreaterThan(5);
    expect(messages.filter((message) => bnMessage(message) === undefined)).toEqual([]);
    expect(bnMessage('Per-transfer limit must not exceed the per-day limit (5,000.00 BDT per transfer, 4,000.00 BDT per day)')).toBe(
      'একবারের সীমা দৈনিক সীমার বেশি হতে পারবে না (একবারে ৫,০০০.০০ টাকা, দিনে ৪,০০০.০০ টাকা)',
    );
  });
});
