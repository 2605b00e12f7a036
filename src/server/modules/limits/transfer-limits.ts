import { accountTypeSlugs, transferLimitDefaultsBdt, type AccountTypeSlug } from '../../../shared/constants';
import { dhakaDay, dhakaDayStartOf } from '../../../shared/dates';
import { poishaPerBdt } from '../../../shared/money';
import { transferLimitBreach, type TransferLimitAmounts } from '../../../shared/transfer-limits';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { journalSentSince, readDaySums, readSenderAllowances, readTransferLimitRows } from './limits.repository';

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
      return [slug, row ? { ...limitsOfRow(row), updatedAt: new Date(row.updated_at) } : defaultTransferLimits];
    }),
  );
}

/** The limits a row holds; a row without them (staff never set this type's) has the defaults. */
function limitsOfRow(row: { per_transfer_poisha: string | null; per_day_poisha: string | null }): TransferLimitAmounts {
  return row.per_transfer_poisha === null || row.per_day_poisha === null ? defaultTransferLimits : { perTransferPoisha: BigInt(row.per_transfer_poisha), perDayPoisha: BigInt(row.per_day_poisha) };
}

/** What a sending account may still do today: its type's limits, and what it has sent since the Dhaka day began. */
export type SenderAllowance = { limits: TransferLimitAmounts; sentTodayPoisha: bigint };

/** An account's allowance from a row that read its type's limits (null: staff never set them) and its day's sum. */
export function allowanceOfRow(row: { per_transfer_poisha: string | null; per_day_poisha: string | null; sent_poisha: string }): SenderAllowance {
  return { limits: limitsOfRow(row), sentTodayPoisha: BigInt(row.sent_poisha) };
}

/** Each account's allowance today (the database's Dhaka day), in one statement. A transfer reads it with its locks instead (`lockAccountsForTransfer`). */
export async function allowancesOf(executor: Executor, accountIds: readonly string[]): Promise<Map<string, SenderAllowance>> {
  const rows = await readSenderAllowances(executor, accountIds);
  return new Map(rows.map((row) => [row.account_id, allowanceOfRow(row)]));
}

/**
 * The accounts whose kept sum for the Dhaka day of `now` differs from the journal's: none, when
 * every transfer kept its account's sum. Tests check it beside `verifyLedger`.
 */
export async function verifyDailySums(executor: Executor, now = new Date()): Promise<string[]> {
  const kept = await readDaySums(executor, dhakaDay(now));
  const journal = await journalSentSince(executor, dhakaDayStartOf(now));
  const accounts = [...new Set([...kept.keys(), ...journal.keys()])];
  return accounts.filter((account) => (kept.get(account) ?? 0n) !== (journal.get(account) ?? 0n)).sort();
}

/**
 * The transfer's refusal when `amountPoisha` is over the limits (`transferLimitBreach`, whose
 * words the transfer page shows too), on the transfer command's field `amountPoisha`; undefined
 * when it may be sent.
 */
export function transferLimitRefusal(limits: TransferLimitAmounts, sentTodayPoisha: bigint, amountPoisha: bigint): AppError | undefined {
  const breach = transferLimitBreach(limits, sentTodayPoisha, amountPoisha);
  return breach && new AppError(400, breach.code, breach.message, { amountPoisha: breach.message });
}
