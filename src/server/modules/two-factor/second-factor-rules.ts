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

/**
 * A replacement authenticator app must be confirmed with its first code within this time of the
 * current app's code that started it; later, it lapses and the current app stays.
 */
export const factorReplacementMinutes = 15;
