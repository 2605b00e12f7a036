import { accountTypeSlugs, transferLimitDefaultsBdt, type AccountTypeSlug } from '../../../shared/constants';
import { dhakaDayStartOf } from '../../../shared/dates';
import { poishaPerBdt } from '../../../shared/money';
import { transferLimitBreach, type TransferLimitAmounts } from '../../../shared/transfer-limits';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { readTransferLimitRows, sentSince } from './limits.repository';

/**
 * The one rule on how much a customer may send: at most `perTransferPoisha` in one transfer and
 * at most `perDayPoisha` in customer transfers over one Asia/Dhaka calendar day, per account,
 * as staff set them for the account's type. Every transfer goes through `transferLimitRefusal`.
 */
export type TransferLimits = TransferLimitAmounts & { updatedAt: Date | null };

export const defaultTransferLimits: TransferLimits = {
  perTransferPoisha: BigInt(transferLimitDefaultsBdt.perTransfer) * poishaPerBdt,
  perDayPoisha: BigInt(transferLimitDefaultsBdt.perDay) * poishaPerBdt,
  updatedAt: null,
};

/** Every account type's limits: those staff set, the defaults for the others. */
export async function readTransferLimits(executor: Executor): Promise<Map<AccountTypeSlug, TransferLimits>> {
  const set = new Map((await readTransferLimitRows(executor)).map((row) => [row.account_type, row]));
  return new Map(
    accountTypeSlugs.map((slug) => {
      const row = set.get(slug);
      const limits = row
        ? { perTransferPoisha: BigInt(row.per_transfer_poisha), perDayPoisha: BigInt(row.per_day_poisha), updatedAt: new Date(row.updated_at) }
        : defaultTransferLimits;
      return [slug, limits];
    }),
  );
}

/** What each account has sent in customer transfers since the Dhaka day of `now` began. */
export function sentToday(executor: Executor, accountIds: readonly string[], now: Date): Promise<Map<string, bigint>> {
  return sentSince(executor, accountIds, dhakaDayStartOf(now));
}

/**
 * The transfer's refusal when `amountPoisha` is over the limits (`transferLimitBreach`, whose
 * words the transfer page shows too), on the field `sendAmount`; undefined when it may be sent.
 */
export function transferLimitRefusal(limits: TransferLimits, sentTodayPoisha: bigint, amountPoisha: bigint): AppError | undefined {
  const breach = transferLimitBreach(limits, sentTodayPoisha, amountPoisha);
  return breach && new AppError(400, breach.code, breach.message, { sendAmount: breach.message });
}
