import { formatBdt } from './money';

/** An account type's transfer limits in poisha: one transfer at most, and one Dhaka calendar day's customer transfers at most. */
export type TransferLimitAmounts = { perTransferPoisha: bigint; perDayPoisha: bigint };

/** What the day's limit still allows; never below zero (a limit lowered during the day leaves nothing). */
export function leftToday(limits: TransferLimitAmounts, sentTodayPoisha: bigint): bigint {
  const left = limits.perDayPoisha - sentTodayPoisha;
  return left > 0n ? left : 0n;
}

export const overTransferLimitCode = 'over_transfer_limit';
export const overDailyLimitCode = 'over_daily_limit';

/**
 * Why `amountPoisha` may not be sent, or undefined when it may. The server refuses with it and
 * the transfer page says it before the customer confirms, in the same words, naming the limit
 * and what is left today: "This transfer is over the daily limit of 10,00,000.00 BDT;
 * 2,50,000.00 BDT is left today".
 */
export function transferLimitBreach(limits: TransferLimitAmounts, sentTodayPoisha: bigint, amountPoisha: bigint): { code: string; message: string } | undefined {
  const left = formatBdt(leftToday(limits, sentTodayPoisha));
  if (amountPoisha > limits.perTransferPoisha) {
    return { code: overTransferLimitCode, message: `This transfer is over the per-transfer limit of ${formatBdt(limits.perTransferPoisha)}; ${left} is left today` };
  }
  if (sentTodayPoisha + amountPoisha > limits.perDayPoisha) {
    return { code: overDailyLimitCode, message: `This transfer is over the daily limit of ${formatBdt(limits.perDayPoisha)}; ${left} is left today` };
  }
  return undefined;
}
