import { describe, expect, it } from 'vitest';
import { dhakaDayStartOf } from './dates';
import { leftToday, transferLimitBreach } from './transfer-limits';

const limits = { perTransferPoisha: 1000_00n, perDayPoisha: 2500_00n };

describe('transferLimitBreach', () => {
  it('allows up to each limit exactly, and refuses a poisha over it', () => {
    expect(transferLimitBreach(limits, 0n, 1000_00n)).toBeUndefined();
    expect(transferLimitBreach(limits, 0n, 1000_01n)?.code).toBe('over_transfer_limit');
    expect(transferLimitBreach(limits, 1500_00n, 1000_00n)).toBeUndefined();
    expect(transferLimitBreach(limits, 1500_01n, 1000_00n)).toEqual({ code: 'over_daily_limit', message: 'This transfer is over the daily limit of 2,500.00 BDT; 999.99 BDT is left today' });
  });

  it('never says less than nothing is left when a limit was lowered during the day', () => {
    expect(leftToday(limits, 9000_00n)).toBe(0n);
    expect(transferLimitBreach(limits, 9000_00n, 1n)?.message).toBe('This transfer is over the daily limit of 2,500.00 BDT; 0.00 BDT is left today');
  });
});

describe('dhakaDayStartOf', () => {
  it('is 18:00 UTC of the day before, the midnight of Asia/Dhaka (UTC+6 all year)', () => {
    expect(dhakaDayStartOf(new Date('2026-11-24T17:59:59.999Z')).toISOString()).toBe('2026-11-23T18:00:00.000Z');
    expect(dhakaDayStartOf(new Date('2026-11-24T18:00:00.000Z')).toISOString()).toBe('2026-11-24T18:00:00.000Z');
    expect(dhakaDayStartOf(new Date('2026-06-30T23:30:00.000Z')).toISOString()).toBe('2026-06-30T18:00:00.000Z');
  });
});
