import { bdtNumberToPoisha } from '../../../../shared/money';
import type { AccountLimitAnswer } from '../../../../shared/schemas/limits';
import { transferLimitBreach } from '../../../../shared/transfer-limits';
import { formatBdt } from '../../../lib/format';
import type { TFunction } from '../../../lib/use-translation';

/**
 * Why an amount the form accepted may not leave this account, said before anything is sent: the
 * whole balance never leaves (the account keeps at least one poisha), then the transfer limits as
 * last read, in the server's own words so the customer reads the same refusal before and after
 * confirming. The server checks both again under the account's lock, and decides.
 */
export function transferAmountRefusal(amountPoisha: bigint, balancePoisha: bigint, limits: AccountLimitAnswer | undefined, t: TFunction): string | undefined {
  if (amountPoisha >= balancePoisha) {
    const most = balancePoisha > 1n ? formatBdt(balancePoisha - 1n) : formatBdt(0n);
    return `${t('transfer.insufficient')} ${t('transfer.wholeBalanceRule', { most })}`;
  }
  if (!limits) return undefined;
  const amounts = { perTransferPoisha: bdtNumberToPoisha(limits.perTransfer), perDayPoisha: bdtNumberToPoisha(limits.perDay) };
  return transferLimitBreach(amounts, bdtNumberToPoisha(limits.sentToday), amountPoisha)?.message;
}
