import { poishaPerBdt } from '../../../shared/money';

/** Recovery codes given at enrolment and at each renewal; each works once. */
export const recoveryCodeCount = 10;

/**
 * Above this a customer's transfer is confirmed with a fresh code from their authenticator app
 * (step-up): a stolen session or password alone cannot empty an account. A customer without the
 * app may not send more than this at once (see docs/decisions/025-two-factor-and-step-up.md).
 */
export const transferStepUpAbovePoisha = 50_000n * poishaPerBdt;

/** Above this a staff member's approval (a loan paid out, a deposit credited) needs a fresh code. */
export const staffApprovalStepUpAbovePoisha = 500_000n * poishaPerBdt;

/** The windows of the bank's clock (Asia/Dhaka, read from the database) that sums without a code are kept for. */
export type UnconfirmedWindow = 'hour' | 'day';

/**
 * A cap on what one person may move without a fresh code in one window: `kind` names the sum
 * (one row per person and kind), `window` the stretch of the bank's clock it covers.
 */
export type UnconfirmedCap = { kind: string; window: UnconfirmedWindow; capPoisha: bigint };

/**
 * What a customer may send without a code, all their accounts together: the per-transfer
 * threshold again per Dhaka hour, and twice it per Dhaka day. Splitting a large transfer into small
 * ones therefore asks for a code as soon as the parts add up past the threshold, and a stolen
 * session alone reaches at most 1,00,000 BDT a day.
 */
export const transferCaps: readonly UnconfirmedCap[] = [
  { kind: 'transfer-hour', window: 'hour', capPoisha: transferStepUpAbovePoisha },
  { kind: 'transfer-day', window: 'day', capPoisha: 2n * transferStepUpAbovePoisha },
];

/**
 * What a staff member may approve without a code (loans paid out, deposits credited): the
 * per-approval threshold per Dhaka hour, and twice it per Dhaka day.
 */
export const staffApprovalCaps: readonly UnconfirmedCap[] = [
  { kind: 'approval-hour', window: 'hour', capPoisha: staffApprovalStepUpAbovePoisha },
  { kind: 'approval-day', window: 'day', capPoisha: 2n * staffApprovalStepUpAbovePoisha },
];

/** The sums one person has kept without a code, by kind (a missing kind is nothing yet). */
export type UnconfirmedSums = ReadonlyMap<string, bigint>;

/**
 * The first cap that `amountPoisha` more would take past its window's sum, or undefined when it
 * fits under every cap. Reaching a cap exactly is allowed, as the per-request thresholds allow an
 * amount equal to them.
 */
export function capExceeded(caps: readonly UnconfirmedCap[], sums: UnconfirmedSums, amountPoisha: bigint): UnconfirmedCap | undefined {
  return caps.find((cap) => (sums.get(cap.kind) ?? 0n) + amountPoisha > cap.capPoisha);
}

/**
 * A replacement authenticator app must be confirmed with its first code within this time of the
 * current app's code that started it; later, it lapses and the current app stays.
 */
export const factorReplacementMinutes = 15;
